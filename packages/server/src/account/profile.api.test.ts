import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { accountProfileMessages } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { auditLog, users } from "../db/schema.js";
import { jsonPost, sessionCookieOf } from "../auth/test-support.js";
import { AUTH_MESSAGES } from "../auth/messages.js";

/** GET /api/account/profile and POST /api/account/save_profile (spec §3, §5, §7, §8). */
let t: TestApp;
const DEMO_PASSWORD = "Parlance-demo-1";
const STAFF = ["admin@parlance.example", "news@parlance.example", "executive@parlance.example", "evaluator@parlance.example", "proctor@parlance.example"];
const EVERYONE = [...ROLE_EMAILS, ...STAFF];
const PROFILE = "/api/account/profile";
const SAVE = "/api/account/save_profile";

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t?.close());

const save = (cookie: string | undefined, body: unknown) => t.request({ method: "POST", url: SAVE, cookie, body });
const userRow = async (email: string) =>
  (await t.ctx.db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];
/** Signs in by email and password from an address of its own; the session cookie, or null when refused. */
async function tryLogin(email: string, password: string): Promise<string | null> {
  const res = await jsonPost(t, "/login", { email_address: email, password }, { ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return res.statusCode === 200 ? sessionCookieOf(res) : null;
}

describe("who may read and save a profile", () => {
  it("answers 401 signed out on both routes", async () => {
    expect((await t.request({ method: "GET", url: PROFILE })).statusCode).toBe(401);
    expect((await save(undefined, { email_address: "x@y.example", password: "x" })).statusCode).toBe(401);
  });

  it("gives every demo role (they all hold role 14, User) its own email address and nobody else's", async () => {
    for (const email of EVERYONE) {
      const cookie = await t.signIn(email);
      const res = await t.request({ method: "GET", url: PROFILE, cookie });
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual({ emailAddress: email });
      const startup = (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
      expect(startup.authorized.changePassword, email).toBe(true);
    }
  });

  it("refuses an access-code session (a key to one test, not the user's credentials): 403, nothing changes", async () => {
    const res = await jsonPost(t, "/login", { access_code: "NW-DEMO-2026" }, { ip: "10.8.0.1" });
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res)!;
    expect((await t.request({ method: "GET", url: PROFILE, cookie })).statusCode).toBe(403);
    const before = await userRow("candidate@northwind.example");
    const refused = await save(cookie, { email_address: "code@northwind.example", new_password1: "Brand-new-9", new_password2: "Brand-new-9", password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(await userRow("candidate@northwind.example")).toEqual(before);
  });
});

describe("bad input changes nothing", () => {
  const email = "office.user@northwind.example";
  let cookie: string;
  beforeAll(async () => {
    cookie = await t.signIn(email);
  });
  const good = { email_address: email, new_password1: "Another-pass-7", new_password2: "Another-pass-7", password: DEMO_PASSWORD };

  it.each([
    ["a wrong current password", { ...good, password: "Not-the-password-1" }, 400, accountProfileMessages.currentPasswordWrong, "accountProfile.body.currentPasswordWrong"],
    ["no current password", { ...good, password: "" }, 400, accountProfileMessages.currentPasswordRequired, undefined],
    ["the current password missing", { email_address: email, new_password1: "Another-pass-7", new_password2: "Another-pass-7" }, 400, "A required field is missing.", undefined],
    ["new passwords that differ", { ...good, new_password2: "Another-pass-8" }, 400, AUTH_MESSAGES.passwordsMustMatch, "messages.passwordsMustMatch"],
    ["a weak new password", { ...good, new_password1: "weakpass", new_password2: "weakpass" }, 400, AUTH_MESSAGES.passwordTooWeak, "messages.passwordTooWeak"],
    ["a new password over 25 characters", { ...good, new_password1: "Aa1!".repeat(7), new_password2: "Aa1!".repeat(7) }, 400, accountProfileMessages.passwordTooLong, undefined],
    ["an email over 125 characters", { ...good, email_address: `${"a".repeat(114)}@northwind.example` }, 400, accountProfileMessages.emailTooLong, undefined],
    ["an email that is not one", { ...good, email_address: "not an email" }, 400, accountProfileMessages.emailInvalid, undefined],
    ["an empty email", { ...good, email_address: "  " }, 400, accountProfileMessages.emailRequired, undefined],
    ["another user's email (any case)", { ...good, email_address: "ADMIN@northwind.example" }, 409, accountProfileMessages.emailTaken, "accountProfile.body.emailTaken"],
    ["nothing to change", { email_address: email, password: DEMO_PASSWORD }, 400, accountProfileMessages.nothingChanged, "accountProfile.body.nothingChanged"],
    ["a field of the wrong type", { ...good, new_password1: 12345678 }, 400, accountProfileMessages.passwordTooLong, undefined],
  ] as const)("%s: %i with the message", async (_name, body, status, message, messageKey) => {
    const before = await userRow(email);
    const res = await save(cookie, body);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    if (messageKey) expect(res.json().messageKey).toBe(messageKey);
    expect(await userRow(email)).toEqual(before);
    expect((await t.request({ method: "GET", url: PROFILE, cookie })).statusCode).toBe(200);
  });

  it("checks the limits at their bounds: an email of 125 characters and a password of 25 are accepted", async () => {
    const long = `${"b".repeat(107)}@northwind.example`;
    expect(long.length).toBe(125);
    const pass = "Aa1!Aa1!Aa1!Aa1!Aa1!Aa1!A";
    expect(pass.length).toBe(25);
    const res = await save(cookie, { email_address: long, new_password1: pass, new_password2: pass, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    // And back, for the other tests of this file.
    const back = await save(cookie, { email_address: email, new_password1: DEMO_PASSWORD, new_password2: DEMO_PASSWORD, password: pass });
    expect(back.statusCode).toBe(200);
  });

  it("counts wrong current passwords: the sixth in 15 minutes is refused without a check (429)", async () => {
    const other = "office.admin@northwind.example";
    const c = await t.signIn(other);
    const wrong = { email_address: other, new_password1: "Another-pass-7", new_password2: "Another-pass-7", password: "Wrong-pass-1" };
    for (let i = 0; i < 5; i++) expect((await save(c, wrong)).statusCode).toBe(400);
    expect((await save(c, wrong)).statusCode).toBe(429);
    expect((await save(c, { ...wrong, password: DEMO_PASSWORD })).statusCode).toBe(429);
  });
});

describe("saving", () => {
  it("changes the password: the new one signs in, the old one no longer does, other sessions end and this one stays", async () => {
    const email = "user@northwind.example";
    const cookie = await t.signIn(email);
    const otherSession = await t.signIn(email);
    const res = await save(cookie, { email_address: email, new_password1: "Fresh-pass-42", new_password2: "Fresh-pass-42", password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, messageKey: "accountProfile.body.profileUpdated", message: accountProfileMessages.profileUpdated });
    expect((await t.request({ method: "GET", url: PROFILE, cookie })).statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: PROFILE, cookie: otherSession })).statusCode).toBe(401);
    expect(await tryLogin(email, DEMO_PASSWORD)).toBeNull();
    expect(await tryLogin(email, "Fresh-pass-42")).not.toBeNull();
    const [line] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "account.profile_saved"), eq(auditLog.targetId, String((await userRow(email)).id))));
    expect(line.details).toEqual({ emailChanged: false, passwordChanged: true });
  });

  it("changes the email alone (the password stays): the new address signs in, the old one does not", async () => {
    const email = "admin@contoso.example";
    const cookie = await t.signIn(email);
    const otherSession = await t.signIn(email);
    const res = await save(cookie, { email_address: "  chief@contoso.example ", password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: "GET", url: PROFILE, cookie })).json()).toEqual({ emailAddress: "chief@contoso.example" });
    // Only a new password ends the other sessions.
    expect((await t.request({ method: "GET", url: PROFILE, cookie: otherSession })).statusCode).toBe(200);
    expect(await tryLogin(email, DEMO_PASSWORD)).toBeNull();
    expect(await tryLogin("chief@contoso.example", DEMO_PASSWORD)).not.toBeNull();
  });
});
