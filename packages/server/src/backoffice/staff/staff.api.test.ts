import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, sql } from "drizzle-orm";
import { Role, STAFF_ROLES } from "@parlance/contract";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { auditLog, sessions, users } from "../../db/schema.js";
import { keyFromText, mailsTo } from "../../auth/test-support.js";

/**
 * The back office's staff users: who may call each route, creating a staff user with an activation
 * mail, the rules of who grants which role, deactivation, and client users kept out of reach.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
const ALLOWED = ["admin@parlance.example", "executive@parlance.example"];
const REFUSED = ["admin@northwind.example", "evaluator@parlance.example", "candidate@northwind.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of [...ALLOWED, ...REFUSED]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const admin = () => cookies["admin@parlance.example"];
const executive = () => cookies["executive@parlance.example"];
const post = (url: string, body: object, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/staff${url}`, cookie, body });
const get = (path: string, cookie?: string) => t.request({ method: "GET", url: `/api/backoffice/staff/${path}`, cookie });
const idOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const rolesOf = async (id: number) => (await t.ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, id)))[0].roles;
const person = (email: string, roles: unknown[], more: object = {}) => ({ firstName: "Pat", lastName: "Lee", emailAddress: email, roles, ...more });
const lastAudit = async (action: string) => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)))[0];

describe("access", () => {
  const calls = async (cookie?: string) => {
    const evaluator = await idOf("evaluator@parlance.example");
    return Promise.all([
      post("/list", { page: 1 }, cookie),
      get("roles", cookie),
      get(String(evaluator), cookie),
      post("/edit", person("refused@parlance.example", [Role.Evaluator]), cookie),
      post("/active", { id: evaluator, active: false }, cookie),
      post("/resend", { id: evaluator }, cookie),
    ]);
  };

  it("answers 401 signed out and 403 to a client administrator, an evaluator and a candidate; nothing changes", async () => {
    for (const res of await calls()) expect(res.statusCode).toBe(401);
    for (const email of REFUSED) for (const res of await calls(cookies[email])) expect(res.statusCode, email).toBe(403);
    expect(await t.ctx.db.select().from(users).where(eq(users.email, "refused@parlance.example"))).toEqual([]);
    const [evaluator] = await t.ctx.db.select().from(users).where(eq(users.email, "evaluator@parlance.example"));
    expect(evaluator.isActive).toBe(true);
  });

  it("lists the provider's staff (no client users, no candidates), searches and filters by role", async () => {
    for (const email of ALLOWED) {
      const all = (await post("/list", { page: 1 }, cookies[email])).json();
      const emails: string[] = all.users.map((u: { email: string }) => u.email);
      expect(emails).toContain("executive@parlance.example");
      expect(emails.some((e) => e.endsWith("northwind.example"))).toBe(false);
      const evaluators = (await post("/list", { role: Role.Evaluator, page: 1 }, cookies[email])).json();
      expect(evaluators.users.map((u: { email: string }) => u.email).sort()).toEqual([
        "evaluator.intl@parlance.example",
        "evaluator.zh2@parlance.example",
        "evaluator.zh@parlance.example",
        "evaluator@parlance.example",
      ]);
      const found = (await post("/list", { q: "novak", page: 1 }, cookies[email])).json();
      expect(found.users).toEqual([expect.objectContaining({ email: "executive@parlance.example", roles: [Role.TestingExecutive], isActive: true, activated: true })]);
    }
    expect((await post("/list", { role: 99 }, admin())).statusCode).toBe(400);
    expect((await post("/list", { q: "x".repeat(101) }, admin())).statusCode).toBe(400);
  });

  it("tells each caller which staff roles they may grant", async () => {
    const adminRoles = (await get("roles", admin())).json().roles;
    expect(adminRoles.map((r: { id: number }) => r.id)).toEqual(STAFF_ROLES);
    expect(adminRoles.every((r: { grantable: boolean }) => r.grantable)).toBe(true);
    // Client-side roles are not staff roles.
    for (const client of [Role.Candidate, Role.TestingAccountAdministrator, Role.User, 7, 36]) expect(STAFF_ROLES).not.toContain(client);
    const executiveRoles = (await get("roles", executive())).json().roles;
    expect(executiveRoles.filter((r: { grantable: boolean }) => r.grantable).map((r: { id: number }) => r.id)).toEqual([Role.TestingExecutive]);
  });
});

describe("a new staff user", () => {
  let id: number;

  it("is created with roles, without a password, and gets an activation link that lets them sign in", async () => {
    const email = "new.evaluator@parlance.example";
    const res = await post("/edit", person(email, [Role.Evaluator, Role.User, Role.Evaluator]), admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("The staff user has been created, and an activation link has been mailed to them.");
    id = res.json().id;
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ accountId: null, officeId: null, roles: [Role.Evaluator, Role.User], passwordHash: null });
    expect((await lastAudit("backoffice.staff_create")).targetId).toBe(String(id));
    const key = keyFromText((await mailsTo(t, email))[0].textBody);
    expect((await t.request({ method: "POST", url: `/setup_account/${key}`, body: { password: "Staff-Pass-2026", password2: "Staff-Pass-2026" } })).statusCode).toBe(200);
    const startup = (await t.request({ method: "GET", url: "/api/startup", cookie: await t.signIn(email, "Staff-Pass-2026") })).json();
    expect(startup.authorized).toMatchObject({ results: true, backOffice: false });
    expect((await get(String(id), admin())).json()).toMatchObject({ id, roles: [Role.Evaluator], activated: true, isSelf: false, canEdit: true, isEvaluator: false });
  });

  it("refuses bad input with 400 and a taken address with 409, creating nobody", async () => {
    const cases: [object, string][] = [
      [person("x1@parlance.example", []), "Choose at least one role."],
      [person("x2@parlance.example", [Role.User]), "Choose at least one role."],
      [person("x3@parlance.example", [42]), "Roles are whole numbers of the role catalogue (0 to 41)."],
      [person("x4@parlance.example", ["12"]), "Roles are whole numbers of the role catalogue (0 to 41)."],
      [person("x5@parlance.example", [Role.TestingAccountAdministrator]), "Testing Account Administrator is a role of a client organisation, not of the provider's staff."],
      [person("x6@parlance.example", [Role.Candidate]), "Candidate is a role of a client organisation, not of the provider's staff."],
      [person("not-an-address", [Role.Evaluator]), "Please enter a valid email address."],
      [person("x7@parlance.example", [Role.Evaluator], { firstName: "" }), "A required field is missing."],
      [person("x8@parlance.example", [Role.Evaluator], { language: "fr" }), "The language is en-US, zh-HANS or zh-HANT."],
    ];
    for (const [body, message] of cases) {
      const res = await post("/edit", body, admin());
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const taken = await post("/edit", person("Admin@Northwind.example", [Role.Evaluator]), admin());
    expect(taken.statusCode).toBe(409);
    expect((await t.ctx.db.select().from(users).where(sql`${users.email} like 'x_@parlance.example'`)).length).toBe(0);
  });

  it("keeps client users out of reach (404)", async () => {
    const client = await idOf("admin@northwind.example");
    expect((await get(String(client), admin())).statusCode).toBe(404);
    expect((await post("/edit", person("hijack@northwind.example", [Role.Evaluator], { id: client }), admin())).statusCode).toBe(404);
    expect((await post("/active", { id: client, active: false }, admin())).statusCode).toBe(404);
    expect((await post("/resend", { id: client }, admin())).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, client));
    expect(row).toMatchObject({ email: "admin@northwind.example", isActive: true, roles: [Role.TestingAccountAdministrator, Role.User] });
  });

  it("lets only an Administrator grant Administrator, and others only roles they hold", async () => {
    const grantAdmin = await post("/edit", person("boss@parlance.example", [Role.Administrator]), executive());
    expect(grantAdmin.statusCode).toBe(403);
    expect(grantAdmin.json().message).toBe("Only an Administrator may grant or remove the Administrator role.");
    const notHeld = await post("/edit", person("news2@parlance.example", [Role.NewsManager]), executive());
    expect(notHeld.statusCode).toBe(403);
    expect(notHeld.json().message).toBe("You may grant or remove only roles you hold yourself (News Manager).");
    expect(await t.ctx.db.select().from(users).where(eq(users.email, "boss@parlance.example"))).toEqual([]);
    // A role the executive holds: granted.
    const peer = await post("/edit", person("exec2@parlance.example", [Role.TestingExecutive]), executive());
    expect(peer.statusCode).toBe(200);
    // The evaluator holds a role the executive lacks: an Administrator must change them.
    const outranks = await post("/edit", person("new.evaluator@parlance.example", [Role.Evaluator], { id, firstName: "Renamed" }), executive());
    expect(outranks.statusCode).toBe(403);
    expect(outranks.json().message).toBe("This user holds roles you do not hold; an Administrator must change them.");
    expect((await get(String(id), executive())).json().canEdit).toBe(false);
    expect((await post("/active", { id, active: false }, executive())).statusCode).toBe(403);
    // The Administrator adds Administrator and keeps a role outside the staff catalogue as it was.
    await t.ctx.db.update(users).set({ roles: [Role.Evaluator, Role.User, Role.Candidate] }).where(eq(users.id, id));
    const promoted = await post("/edit", person("new.evaluator@parlance.example", [Role.Evaluator, Role.Administrator], { id }), admin());
    expect(promoted.statusCode).toBe(200);
    expect((await rolesOf(id)).sort((a, b) => a - b)).toEqual([Role.Administrator, Role.Candidate, Role.Evaluator, Role.User]);
    expect((await lastAudit("backoffice.staff_update")).details).toMatchObject({ rolesBefore: [Role.Evaluator, Role.User, Role.Candidate] });
  });

  it("keeps callers from changing their own roles or deactivating themselves", async () => {
    const me = await idOf("executive@parlance.example");
    const own = await post("/edit", { firstName: "Irene", lastName: "Novak", emailAddress: "executive@parlance.example", roles: [Role.TestingExecutive, Role.Evaluator] }, executive());
    expect(own.statusCode).toBe(403);
    const ownOnly = await post("/edit", { id: me, firstName: "Irene", lastName: "Novak", emailAddress: "executive@parlance.example", roles: [] }, executive());
    expect(ownOnly.statusCode).toBe(400);
    const drop = await post("/edit", { id: me, firstName: "Irene", lastName: "Novak", emailAddress: "executive@parlance.example", roles: [Role.NewsManager] }, admin());
    expect(drop.statusCode).toBe(200);
    await post("/edit", { id: me, firstName: "Irene", lastName: "Novak", emailAddress: "executive@parlance.example", roles: [Role.TestingExecutive] }, admin());
    const self = await post("/active", { id: await idOf("admin@parlance.example"), active: false }, admin());
    expect(self.statusCode).toBe(422);
    const selfRoles = await post("/edit", { id: await idOf("admin@parlance.example"), firstName: "Grace", lastName: "Lin", emailAddress: "admin@parlance.example", roles: [Role.NewsManager] }, admin());
    expect(selfRoles.statusCode).toBe(422);
    expect(await rolesOf(await idOf("admin@parlance.example"))).toContain(Role.Administrator);
  });

  it("deactivates a staff user (their sessions end, sign-in refused) and reactivates them", async () => {
    const email = "proctor2@parlance.example";
    const proctor = await idOf(email);
    const session = await t.signIn(email);
    const res = await post("/active", { id: proctor, active: false }, admin());
    expect(res.json().message).toBe("The staff user has been deactivated: they can no longer sign in.");
    expect(await t.ctx.db.select().from(sessions).where(eq(sessions.userId, proctor))).toEqual([]);
    expect((await t.request({ method: "GET", url: "/api/recurringunavailabilities/list", cookie: session })).statusCode).toBe(401);
    expect((await t.request({ method: "POST", url: "/login", body: { email_address: email, password: "Parlance-demo-1" } })).statusCode).toBe(401);
    const listed = (await post("/list", { q: "lindqvist", page: 1 }, admin())).json();
    expect(listed.itemCount).toBe(0);
    expect((await post("/list", { q: "lindqvist", includeInactive: true, page: 1 }, admin())).json().users[0]).toMatchObject({ isActive: false });
    expect((await lastAudit("backoffice.staff_deactivate")).targetId).toBe(String(proctor));
    expect((await post("/active", { id: proctor, active: true }, admin())).statusCode).toBe(200);
    expect((await t.request({ method: "POST", url: "/login", body: { email_address: email, password: "Parlance-demo-1" } })).statusCode).toBe(200);
    expect((await lastAudit("backoffice.staff_reactivate")).targetId).toBe(String(proctor));
  });

  it("mails a new activation link only to a user who has not activated", async () => {
    const res = await post("/edit", person("pending@parlance.example", [Role.TestingExecutive]), executive());
    const pending = res.json().id;
    expect((await post("/resend", { id: pending }, executive())).statusCode).toBe(200);
    expect(await mailsTo(t, "pending@parlance.example")).toHaveLength(2);
    expect((await lastAudit("backoffice.activation_resent")).targetId).toBe(String(pending));
    const done = await post("/resend", { id: await idOf("executive@parlance.example") }, admin());
    expect(done.statusCode).toBe(409);
    expect((await post("/resend", { id: 999_999 }, admin())).statusCode).toBe(404);
    expect((await post("/resend", { id: "abc" }, admin())).statusCode).toBe(400);
  });
});
