import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { auditLog, users } from "../db/schema.js";
import { createActivationKey, sendActivationMail } from "./routes.js";
import { formPost, jsonPost, keyFromText, mailsTo } from "./test-support.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A new candidate as a client administrator would add them: no password yet. */
async function newCandidate(email: string, language = "en-US"): Promise<number> {
  const [row] = await t.ctx.db
    .insert(users)
    .values({ email, firstName: "Nora", lastName: "Quist", roles: [10, 14], accountId: t.ids.accounts.northwind, officeId: t.ids.offices.northwind[0], language })
    .returning({ id: users.id });
  return row.id;
}

describe("account activation", () => {
  it("applies the password rules, then activates and lets the user sign in", async () => {
    const email = "nora@northwind.example";
    const userId = await newCandidate(email);
    const link = await createActivationKey(t.ctx, userId);
    expect(link.startsWith(`${t.ctx.config.publicUrl}/setup_account/`)).toBe(true);
    const key = keyFromText(link);

    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=activation` })).json()).toEqual({ valid: true, username: email });
    expect((await jsonPost(t, "/login", { email_address: email, password: "Any-Pass-2026" })).statusCode).toBe(401);

    const cases: [string, string, string][] = [
      ["", "", "messages.pleaseProvidePassword"],
      ["Ab1!xyz", "Ab1!xyz", "messages.passwordTooWeak"],
      ["Good-Pass-2026", "Good-Pass-2027", "messages.passwordsMustMatch"],
      ["abcdefgh12", "abcdefgh12", "messages.passwordTooWeak"],
      ["ABCDEFGH!!", "ABCDEFGH!!", "messages.passwordTooWeak"],
    ];
    for (const [password, password2, messageKey] of cases) {
      const res = await jsonPost(t, `/setup_account/${key}`, { password, password2 });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().messageKey).toBe(messageKey);
    }
    const weak = await jsonPost(t, `/setup_account/${key}`, { password: "abc", password2: "abc" });
    expect(weak.json().message).toBe("Use 8 to 25 characters with three of: upper case, lower case, numbers and symbols.");
    const [still] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(still.passwordHash).toBeNull();

    const ok = await jsonPost(t, `/setup_account/${key}`, { password: "Good-Pass-2026", password2: "Good-Pass-2026", key, email });
    expect(ok.statusCode).toBe(200);
    expect((await jsonPost(t, "/login", { email_address: email, password: "Good-Pass-2026" })).statusCode).toBe(200);
    expect((await jsonPost(t, `/setup_account/${key}`, { password: "Other-Pass-2026", password2: "Other-Pass-2026" })).json().messageKey).toBe("messages.invalidKey");
    const audited = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.account_activated"));
    expect(audited.map((a) => a.actorUserId)).toContain(userId);
  });

  it("does not accept a reset key for activation", async () => {
    const userId = await newCandidate("reset.only@northwind.example");
    await jsonPost(t, "/send_password_reset", { email_address: "reset.only@northwind.example" }, { ip: "10.20.0.1" });
    const key = keyFromText((await mailsTo(t, "reset.only@northwind.example"))[0].textBody);
    const res = await jsonPost(t, `/setup_account/${key}`, { password: "Good-Pass-2026", password2: "Good-Pass-2026" });
    expect(res.statusCode).toBe(400);
    expect(res.json().messageKey).toBe("messages.invalidKey");
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row.passwordHash).toBeNull();
  });

  it("mails the activation link in the user's language", async () => {
    const userId = await newCandidate("mei@northwind.example", "zh-HANS");
    const link = await sendActivationMail(t.ctx, userId);
    const [mail] = await mailsTo(t, "mei@northwind.example");
    expect(mail.template).toBe("activation");
    expect(mail.subject).toBe("激活您的 Parlance 账户");
    expect(mail.textBody).toContain(link);
    expect(mail.textBody).toContain("7 天");
  });

  it("answers a form post with redirects", async () => {
    const userId = await newCandidate("form.user@northwind.example");
    const key = keyFromText(await createActivationKey(t.ctx, userId));
    const bad = await formPost(t, `/setup_account/${key}`, { password: "weak", password2: "weak" });
    expect(bad.statusCode).toBe(303);
    expect(bad.headers.location).toBe(`/setup_account/${key}?error=messages.passwordTooWeak`);
    const ok = await formPost(t, `/setup_account/${key}`, { password: "Good-Pass-2026", password2: "Good-Pass-2026" });
    expect(ok.headers.location).toBe("/login?notice=messages.accountActivated");
  });
});
