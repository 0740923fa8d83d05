import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { impersonationMessages, Role, type UserSearchResult } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { auditLog, users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { mayActAs } from "./impersonation.js";

/** GET /search_users, POST /impersonate_user and the way back: who may act as whom, rotation, audit. */
let t: TestApp;
const cookies: Record<string, string> = {};
const EXECUTIVE = "executive@parlance.example";
const COORDINATOR = "coordinator@parlance.example";
const STAFF = [EXECUTIVE, "admin@parlance.example", "news@parlance.example", "evaluator@parlance.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  // A Testing Coordinator (role 5) who also evaluates: they may act as evaluators, the executive may not.
  const [coordinator] = await t.ctx.db.insert(users).values({ email: COORDINATOR, firstName: "Cora", lastName: "Ordinator", roles: [Role.TestingCoordinator, Role.Evaluator, Role.User], passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
  t.ids.users[COORDINATOR] = coordinator.id;
  for (const email of [...ROLE_EMAILS, ...STAFF, COORDINATOR]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const search = (term: string, cookie = cookies[EXECUTIVE]) => t.request({ method: "GET", url: `/search_users?term=${encodeURIComponent(term)}`, cookie });
const impersonate = (email: string, cookie = cookies[EXECUTIVE]) => t.request({ method: "POST", url: "/impersonate_user", cookie, body: { email_address: email } });
const stop = (cookie: string) => t.request({ method: "POST", url: "/api/impersonation/stop", cookie, body: {} });
const startupOf = async (cookie: string) => (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === "parlance_session" && x.value);
  if (!c) throw new Error("no new session cookie");
  return `parlance_session=${c.value}`;
};
const lastAudit = async (action: string) => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe("who may act as whom", () => {
  it("never an Administrator; staff roles only those the impersonator holds; client and candidate roles anyone", () => {
    const executive = [Role.TestingExecutive, Role.User];
    expect(mayActAs(executive, [Role.Administrator, Role.User])).toBe(false);
    expect(mayActAs([Role.Administrator, Role.TestingExecutive], [Role.Administrator])).toBe(false);
    expect(mayActAs(executive, [Role.Evaluator, Role.User])).toBe(false);
    expect(mayActAs(executive, [Role.TestingExecutive, Role.User])).toBe(true);
    expect(mayActAs(executive, [Role.TestingAccountAdministrator, Role.User])).toBe(true);
    expect(mayActAs(executive, [Role.Candidate, Role.User])).toBe(true);
    expect(mayActAs([Role.TestingCoordinator, Role.Evaluator], [Role.Evaluator, Role.User])).toBe(true);
  });

  it("the routes are for roles 4, 5, 13, 34 and 40: others 403, signed out 401", async () => {
    for (const email of [...ROLE_EMAILS, "admin@parlance.example", "news@parlance.example", "evaluator@parlance.example"]) {
      expect((await search("north", cookies[email])).statusCode, email).toBe(403);
      expect((await impersonate("user@northwind.example", cookies[email])).statusCode, email).toBe(403);
    }
    expect((await search("north", "")).statusCode).toBe(401);
    expect((await impersonate("user@northwind.example", "")).statusCode).toBe(401);
    expect((await stop("")).statusCode).toBe(401);
  });
});

describe("GET /search_users", () => {
  it("needs at least 3 characters (400 with its message) and a sane term", async () => {
    for (const term of ["", "ab", "  ab  "]) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(400);
      expect(res.json().message).toBe(impersonationMessages.termTooShort);
    }
    expect((await search("x".repeat(200))).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/search_users", cookie: cookies[EXECUTIVE] })).statusCode).toBe(400);
  });

  it("finds users by email or name with label and value, never Administrators, staff of roles the caller lacks, or the caller", async () => {
    const res = await search("admin@");
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json() as UserSearchResult[];
    expect(found.map((u) => u.value)).toEqual(expect.arrayContaining(["admin@northwind.example", "office.admin@northwind.example", "admin@contoso.example"]));
    expect(found.every((u) => u.label.endsWith(`<${u.value}>`))).toBe(true);
    // By name too, at most 20 suggestions.
    const byName = (await search("carmen")).json() as UserSearchResult[];
    expect(byName.map((u) => u.value)).toContain("office.admin@northwind.example");
    expect(((await search("northwind")).json() as UserSearchResult[]).length).toBe(20);
    const staff = ((await search("parlance.example")).json() as UserSearchResult[]).map((u) => u.value);
    expect(staff).not.toContain("admin@parlance.example");
    expect(staff).not.toContain("evaluator@parlance.example");
    expect(staff).not.toContain(EXECUTIVE);
    // The coordinator holds Evaluator: evaluators are theirs to act as (never the Administrator).
    const theirs = ((await search("parlance.example", cookies[COORDINATOR])).json() as UserSearchResult[]).map((u) => u.value);
    expect(theirs).toContain("evaluator@parlance.example");
    expect(theirs).not.toContain("admin@parlance.example");
    // Wildcards are literal; audited.
    expect((await search("%%%")).json()).toEqual([]);
    expect(await lastAudit("impersonation.search")).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], details: { term: "%%%" } });
  });
});

describe("POST /impersonate_user", () => {
  it("refuses an Administrator, a user with a role the impersonator lacks, oneself, and unknown or bad addresses; each refusal audited", async () => {
    const cases: [string, number, keyof typeof impersonationMessages][] = [
      ["admin@parlance.example", 403, "notAllowed"],
      ["evaluator@parlance.example", 403, "notAllowed"],
      ["news@parlance.example", 403, "notAllowed"],
      [EXECUTIVE, 409, "self"],
      ["nobody@northwind.example", 404, "noSuchUser"],
    ];
    for (const [email, status, key] of cases) {
      const res = await impersonate(email);
      expect(res.statusCode, email).toBe(status);
      expect(res.json().message).toBe(impersonationMessages[key]);
      expect(res.cookies.find((c) => c.name === "parlance_session")).toBeUndefined();
      expect(await lastAudit("impersonation.refused")).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], details: { email, reason: key } });
    }
    for (const body of [{}, { email_address: "not an email" }, { email_address: "x".repeat(130) + "@a.example" }]) {
      expect((await t.request({ method: "POST", url: "/impersonate_user", cookie: cookies[EXECUTIVE], body })).statusCode).toBe(400);
    }
    // The executive is still themselves.
    expect((await startupOf(cookies[EXECUTIVE])).userFlags.username).toBe(EXECUTIVE);
  });

  it("acts as a client user in a rotated session, shows who is acting, audits each step, and returns", async () => {
    const before = await t.signIn(EXECUTIVE);
    const res = await impersonate("admin@contoso.example", before);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, redirect: "/overview" });
    const acting = sessionCookie(res);
    expect(acting).not.toBe(before);
    // The old session is gone; the new one is the client's, in their account only, with the impersonator named.
    expect((await startupOf(before)).userFlags).toBeUndefined();
    const s = await startupOf(acting);
    expect(s.userFlags.username).toBe("admin@contoso.example");
    expect(s.account.id).toBe(t.ids.accounts.contoso);
    expect(s.impersonatedBy).toEqual({ name: expect.any(String), email: EXECUTIVE });
    expect(s.authorized.impersonate).toBe(false);
    expect((await t.request({ method: "GET", url: "/api/feature_flags/get_rules", cookie: acting })).statusCode).toBe(403);
    const start = await lastAudit("impersonation.start");
    expect(start).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], targetType: "user", targetId: String(t.ids.users["admin@contoso.example"]) });

    // Back: a new session of the executive's own; the acting one ends.
    const back = await stop(acting);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ success: true, redirect: "/impersonate" });
    const own = sessionCookie(back);
    expect((await startupOf(acting)).userFlags).toBeUndefined();
    const after = await startupOf(own);
    expect(after.userFlags.username).toBe(EXECUTIVE);
    expect(after.impersonatedBy).toBeUndefined();
    expect(await lastAudit("impersonation.stop")).toMatchObject({ actorUserId: t.ids.users[EXECUTIVE], targetId: String(t.ids.users["admin@contoso.example"]), details: { returned: true } });
    // Not acting as anyone: nothing to return from.
    const again = await stop(own);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(impersonationMessages.notActing);
  });

  it("keeps the impersonator's session page while acting (spec §6), and only theirs", async () => {
    // An Administrator who is also a Testing Executive may impersonate and may view the session.
    const OPS = "ops.admin@parlance.example";
    const [ops] = await t.ctx.db.insert(users).values({ email: OPS, firstName: "Ops", lastName: "Admin", roles: [Role.Administrator, Role.TestingExecutive, Role.User], passwordHash: await hashPassword(DEMO_PASSWORD) }).returning({ id: users.id });
    const acting = sessionCookie(await impersonate("office.user@northwind.example", await t.signIn(OPS)));
    const dump = await t.request({ method: "GET", url: "/api/session", cookie: acting });
    expect(dump.statusCode, dump.body).toBe(200);
    const value = (name: string) => (dump.json().variables as { name: string; value: unknown }[]).find((v) => v.name === name)?.value;
    expect(value("user_id")).toBe(t.ids.users["office.user@northwind.example"]);
    expect(value("impersonator_user_id")).toBe(ops.id);
    // Nothing else of the impersonator's comes along.
    expect((await t.request({ method: "GET", url: "/api/feature_flags/get_rules", cookie: acting })).statusCode).toBe(403);
    // The executive cannot view the session, so neither can the user they act as.
    const executiveActing = sessionCookie(await impersonate("office.user@northwind.example", await t.signIn(EXECUTIVE)));
    expect((await t.request({ method: "GET", url: "/api/session", cookie: executiveActing })).statusCode).toBe(403);
  });

  it("records the impersonator on what is done while acting, and refuses acting from an acting session", async () => {
    const coordinator = await t.signIn(COORDINATOR);
    const acting = sessionCookie(await impersonate("evaluator@parlance.example", coordinator));
    // The evaluator holds no impersonate permission; even so an acting session never acts again.
    expect((await impersonate("user@northwind.example", acting)).statusCode).toBe(403);
    await t.request({ method: "POST", url: "/logout", cookie: acting, body: {} });
    const signOut = await lastAudit("auth.sign_out");
    expect(signOut).toMatchObject({ actorUserId: t.ids.users["evaluator@parlance.example"], impersonatorUserId: t.ids.users[COORDINATOR] });
  });

  it("takes the spec's form post: 303 to the overview, or back to /impersonate with the reason", async () => {
    const cookie = await t.signIn(EXECUTIVE);
    const post = (email: string) =>
      t.app.inject({ method: "POST", url: "/impersonate_user", headers: { origin: "http://localhost:3000", cookie, "content-type": "application/x-www-form-urlencoded" }, payload: `email_address=${encodeURIComponent(email)}` });
    const refused = await post("admin@parlance.example");
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe("/impersonate?error=admin.impersonate.errors.notAllowed");
    const ok = await post("user@northwind.example");
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe("/overview");
    expect((await startupOf(sessionCookie(ok))).userFlags.username).toBe("user@northwind.example");
    const rows = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "impersonation.start"), eq(auditLog.targetId, String(t.ids.users["user@northwind.example"]))));
    expect(rows).toHaveLength(1);
  });
});
