import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq, like } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { accounts, auditLog, offices, users } from "../../db/schema.js";
import { keyFromText, mailsTo } from "../../auth/test-support.js";

/**
 * The back office's client accounts: who may call each route, creating an account with its flags,
 * offices and first administrator (activation mail, activation, sign-in), bad input changing
 * nothing, and ids of another account.
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
const post = (url: string, body: object, cookie?: string) => t.request({ method: "POST", url: `/api/backoffice/accounts${url}`, cookie, body });
const get = (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/backoffice/accounts/${id}`, cookie });

const newAccount = (name: string, more: object = {}) => ({
  name,
  services: ["testing"],
  medicalOption: false,
  usesProctorService: false,
  liveProctor: false,
  allowCandidateScheduling: false,
  minProctorApptDelay: 1,
  paymentTerms: "card",
  ssoDomains: [],
  ...more,
});
const auditsOf = (action: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

describe("access", () => {
  const northwind = () => t.ids.accounts.northwind;
  const calls = (cookie?: string) => [
    post("/list", { page: 1 }, cookie),
    get(northwind(), cookie),
    post("/edit", newAccount("Refused Ltd"), cookie),
    post("/offices/edit", { accountId: northwind(), name: "Refused" }, cookie),
    post("/offices/close", { accountId: northwind(), id: t.ids.offices.northwind[1], closed: true }, cookie),
    post("/administrators/create", { accountId: northwind(), firstName: "No", lastName: "Body", emailAddress: "nobody@refused.example" }, cookie),
    post("/administrators/resend", { accountId: northwind(), id: 1 }, cookie),
  ];

  it("answers 401 to a visitor who is not signed in", async () => {
    for (const res of await Promise.all(calls())) expect(res.statusCode).toBe(401);
  });

  it("answers 403 to a client administrator, an evaluator and a candidate, and nothing changes", async () => {
    for (const email of REFUSED) {
      for (const res of await Promise.all(calls(cookies[email]))) expect(res.statusCode, email).toBe(403);
    }
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.name, "Refused Ltd"))).toEqual([]);
    expect(await t.ctx.db.select().from(offices).where(eq(offices.name, "Refused"))).toEqual([]);
    const [chicago] = await t.ctx.db.select().from(offices).where(eq(offices.id, t.ids.offices.northwind[1]));
    expect(chicago.isClosed).toBe(false);
  });

  it("lists and searches accounts for the Administrator and the Testing Executive", async () => {
    for (const email of ALLOWED) {
      const all = (await post("/list", { page: 1 }, cookies[email])).json();
      expect(all.itemCount).toBeGreaterThanOrEqual(3);
      const north = all.accounts.find((a: { id: number }) => a.id === northwind());
      // Northwind: four client users (account and office, users and administrators) and three open offices.
      expect(north).toMatchObject({ name: "Northwind Health", services: ["testing", "training", "translation", "interpretation"], paymentTerms: "card", offices: 3, users: 4 });
      const found = (await post("/list", { q: "wind", page: 1 }, cookies[email])).json();
      expect(found.accounts.map((a: { name: string }) => a.name)).toEqual(["Northwind Health"]);
      const byId = (await post("/list", { q: String(northwind()), page: 1 }, cookies[email])).json();
      expect(byId.accounts.map((a: { id: number }) => a.id)).toContain(northwind());
      // LIKE's wildcards mean themselves.
      expect((await post("/list", { q: "%", page: 1 }, cookies[email])).json().itemCount).toBe(0);
    }
  });
});

describe("a new client account", () => {
  let id: number;

  it("is created with its flags and audited", async () => {
    const res = await post(
      "/edit",
      newAccount("Tailspin Clinics", { services: ["testing", "interpretation"], medicalOption: true, usesProctorService: true, liveProctor: true, allowCandidateScheduling: true, minProctorApptDelay: 0, paymentTerms: "invoiced", ssoDomains: ["Tailspin.example"] }),
      cookies["executive@parlance.example"],
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "The account has been saved." });
    id = res.json().id;
    const detail = (await get(id, admin())).json();
    expect(detail).toMatchObject({
      id,
      name: "Tailspin Clinics",
      services: ["testing", "interpretation"],
      medicalOption: true,
      usesProctorService: true,
      liveProctor: true,
      allowCandidateScheduling: true,
      minProctorApptDelay: 0,
      paymentTerms: "invoiced",
      ssoDomains: ["tailspin.example"],
      offices: [],
      administrators: [],
    });
    const [row] = await t.ctx.db.select().from(accounts).where(eq(accounts.id, id));
    expect({ prepay: row.prepay, invoiced: row.invoiced }).toEqual({ prepay: false, invoiced: true });
    const [entry] = await auditsOf("backoffice.account_create");
    expect(entry).toMatchObject({ accountId: id, targetType: "account", targetId: String(id) });
    expect(entry.actorUserId).not.toBeNull();
  });

  it("is edited, and the audit says what changed", async () => {
    const res = await post("/edit", newAccount("Tailspin Clinics", { id, services: ["testing"], paymentTerms: "prepay", ssoDomains: [] }), admin());
    expect(res.statusCode).toBe(200);
    expect((await get(id, admin())).json()).toMatchObject({ services: ["testing"], paymentTerms: "prepay", ssoDomains: [], medicalOption: false });
    const [entry] = await auditsOf("backoffice.account_update");
    expect(entry.details).toMatchObject({ services: { from: ["testing", "interpretation"], to: ["testing"] }, prepay: { from: false, to: true } });
  });

  it("refuses bad input with a readable 400 and changes nothing", async () => {
    const cases: [object, string][] = [
      [newAccount(""), "A required field is missing."],
      [newAccount("x".repeat(101)), "Account Name must be at most 100 characters."],
      [newAccount("Bad", { services: [] }), "Choose at least one service."],
      [newAccount("Bad", { services: ["cooking"] }), "Services are testing, training, translation, interpretation."],
      [newAccount("Bad", { paymentTerms: "barter" }), "Payment terms are card, prepay or invoiced."],
      [newAccount("Bad", { minProctorApptDelay: 5 }), "The minimum proctor appointment delay is 0 (anytime) or 1 (one hour in advance)."],
      [newAccount("Bad", { medicalOption: "yes" }), "The field medicalOption must be true or false."],
      [newAccount("Bad", { ssoDomains: ["not a domain"] }), "Each single sign-on domain must be a domain name such as example.com."],
      [newAccount("Bad", { ssoDomains: ["a.ex", "b.ex", "c.ex", "d.ex", "e.ex", "f.ex"] }), "An account has at most 5 single sign-on domains."],
      [newAccount("Bad", { id: "abc" }), "The account id must be a positive whole number."],
    ];
    for (const [body, message] of cases) {
      const res = await post("/edit", body, admin());
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.name, "Bad"))).toEqual([]);
    expect((await post("/list", { q: "x".repeat(101) }, admin())).statusCode).toBe(400);
  });

  it("keeps names and single sign-on domains unique (409)", async () => {
    const dup = await post("/edit", newAccount("northwind HEALTH"), admin());
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe("An account with this name already exists.");
    await post("/edit", newAccount("Tailspin Clinics", { id, ssoDomains: ["tailspin.example"] }), admin());
    const taken = await post("/edit", newAccount("Other Co", { ssoDomains: ["other.example", "TAILSPIN.example"] }), admin());
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: "The single sign-on domain tailspin.example belongs to another account.", messageKey: "backofficeAccounts.messages.ssoDomainTaken" });
    expect(await t.ctx.db.select().from(accounts).where(eq(accounts.name, "Other Co"))).toEqual([]);
    expect((await get(999_999, admin())).statusCode).toBe(404);
    expect((await post("/edit", newAccount("Ghost", { id: 999_999 }), admin())).statusCode).toBe(404);
  });

  it("gets offices: added, renamed, closed and reopened; another account's office is 404", async () => {
    const add = await post("/offices/edit", { accountId: id, name: "Austin", is_invoiced: true }, admin());
    expect(add.statusCode).toBe(200);
    const officeId = add.json().id;
    expect((await post("/offices/edit", { accountId: id, name: "austin" }, admin())).statusCode).toBe(409);
    expect((await post("/offices/edit", { accountId: id, name: "" }, admin())).json().message).toBe("A required field is missing.");
    expect((await post("/offices/edit", { accountId: id, name: "x".repeat(31) }, admin())).statusCode).toBe(400);
    expect((await post("/offices/edit", { accountId: id, id: officeId, name: "Austin North" }, admin())).statusCode).toBe(200);
    expect((await post("/offices/close", { accountId: id, id: officeId, closed: true }, cookies["executive@parlance.example"])).json().message).toMatch(/closed/);
    let detail = (await get(id, admin())).json();
    expect(detail.offices).toEqual([{ id: officeId, name: "Austin North", is_invoiced: true, isClosed: true, users: 0 }]);
    expect((await post("/offices/close", { accountId: id, id: officeId, closed: false }, admin())).json().message).toBe("The office has been reopened.");
    detail = (await get(id, admin())).json();
    expect(detail.offices[0].isClosed).toBe(false);
    expect((await auditsOf("backoffice.office_close"))[0]).toMatchObject({ accountId: id, targetId: String(officeId) });
    expect((await auditsOf("backoffice.office_reopen")).length).toBe(1);
    expect((await auditsOf("backoffice.office_update"))[0].details).toMatchObject({ name: { from: "Austin", to: "Austin North" } });

    // Northwind's Boston office through the new account's id: not found, and untouched.
    const boston = t.ids.offices.northwind[0];
    expect((await post("/offices/edit", { accountId: id, id: boston, name: "Taken" }, admin())).statusCode).toBe(404);
    expect((await post("/offices/close", { accountId: id, id: boston, closed: true }, admin())).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(offices).where(eq(offices.id, boston));
    expect(row).toMatchObject({ name: "Boston", isClosed: false });
    expect((await post("/offices/edit", { accountId: 999_999, name: "Nowhere" }, admin())).statusCode).toBe(404);
  });

  it("gets its first administrator: no password, an activation mail, and they sign in after activating", async () => {
    const email = "first.admin@tailspin.example";
    const res = await post("/administrators/create", { accountId: id, firstName: "Tess", lastName: "Nakamura", emailAddress: email, language: "zh-HANT" }, admin());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("The administrator has been created, and an activation link has been mailed to them.");
    const adminId = res.json().id;
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, adminId));
    expect(user).toMatchObject({ accountId: id, officeId: null, roles: [16, 14], passwordHash: null, language: "zh-HANT" });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
    const [mail] = await mailsTo(t, email);
    expect(mail.template).toBe("activation");
    expect((await get(id, admin())).json().administrators).toEqual([{ id: adminId, name: "Tess Nakamura", email, activated: false, lastLoginAt: null }]);
    expect((await auditsOf("backoffice.account_admin_create"))[0]).toMatchObject({ accountId: id, targetId: String(adminId) });

    // A second link spends the first.
    expect((await post("/administrators/resend", { accountId: id, id: adminId }, cookies["executive@parlance.example"])).statusCode).toBe(200);
    const mails = await mailsTo(t, email);
    expect(mails).toHaveLength(2);
    const oldKey = keyFromText(mails[1].textBody);
    const newKey = keyFromText(mails[0].textBody);
    expect((await t.request({ method: "POST", url: `/setup_account/${oldKey}`, body: { password: "Tailspin-Pass-1", password2: "Tailspin-Pass-1" } })).statusCode).toBe(400);
    expect((await t.request({ method: "POST", url: `/setup_account/${newKey}`, body: { password: "Tailspin-Pass-1", password2: "Tailspin-Pass-1" } })).statusCode).toBe(200);
    const session = await t.signIn(email, "Tailspin-Pass-1");
    const startup = (await t.request({ method: "GET", url: "/api/startup", cookie: session })).json();
    expect(startup.authorized).toMatchObject({ settings: true, manageOffices: true, users: true, backOffice: false });
    expect((await get(id, admin())).json().administrators[0].activated).toBe(true);
    const again = await post("/administrators/resend", { accountId: id, id: adminId }, admin());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already activated/);
  });

  it("refuses an administrator with a taken or bad address, or of another account, and creates nobody", async () => {
    const taken = await post("/administrators/create", { accountId: id, firstName: "Ada", lastName: "Copy", emailAddress: "ADMIN@northwind.example" }, admin());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("A user with this email address already exists.");
    for (const body of [
      { accountId: id, firstName: "", lastName: "X", emailAddress: "x@tailspin.example" },
      { accountId: id, firstName: "X", lastName: "Y", emailAddress: "not-an-address" },
      { accountId: id, firstName: "X", lastName: "Y", emailAddress: "x@tailspin.example", language: "fr" },
      { accountId: id, firstName: "X", lastName: "Y", emailAddress: "x@tailspin.example", password: "Sneaky-pass-1" },
    ]) {
      const res = await post("/administrators/create", body, admin());
      expect(res.statusCode, JSON.stringify(body)).toBe("password" in body ? 200 : 400);
    }
    // Only the last one was made (its unknown password field ignored), and without a password.
    const made = await t.ctx.db.select().from(users).where(like(users.email, "x@tailspin.example"));
    expect(made.map((u) => ({ accountId: u.accountId, passwordHash: u.passwordHash }))).toEqual([{ accountId: id, passwordHash: null }]);
    // Northwind's administrator through the new account's id: not found, and no mail.
    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, "admin@northwind.example"));
    expect((await post("/administrators/resend", { accountId: id, id: ada.id }, admin())).statusCode).toBe(404);
    expect(await mailsTo(t, "admin@northwind.example")).toEqual([]);
    expect((await post("/administrators/create", { accountId: 999_999, firstName: "N", lastName: "O", emailAddress: "n.o@nowhere.example" }, admin())).statusCode).toBe(404);
  });
});
