import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq, isNull } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { auditLog, authKeys, mailOutbox, users } from "../db/schema.js";
import { formPost, jsonPost, keyFromText, mailsTo, sessionCookieOf } from "./test-support.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const signInStatus = async (email: string, password: string, ip: string) =>
  (await jsonPost(t, "/login", { email_address: email, password }, { ip })).statusCode;

describe("password reset", () => {
  it("works end to end: request, mail, key check, new password, single use, expiry", async () => {
    const email = "user@northwind.example";
    const ip = "10.10.0.1";
    const oldSession = await t.signIn(email);

    const res = await jsonPost(t, "/send_password_reset", { email_address: email }, { ip });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);

    const [mail] = await mailsTo(t, email);
    expect(mail.template).toBe("passwordReset");
    expect(mail.subject).toBe("Reset your Parlance password");
    expect(mail.textBody).toContain(`${t.ctx.config.publicUrl}/set_reset_password?key=`);
    expect(mail.htmlBody).toContain("/set_reset_password?key=");
    const key = keyFromText(mail.textBody);
    // Only the hash is stored.
    const stored = await t.ctx.db.select().from(authKeys).where(eq(authKeys.userId, t.ids.users[email]));
    expect(stored.some((k) => k.keyHash === key)).toBe(false);

    const check = await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=reset` });
    expect(check.json()).toEqual({ valid: true, username: email });
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=activation` })).json()).toEqual({ valid: false });

    const set = await jsonPost(t, "/set_reset_password", { key, password: "Fresh-Start-2026", password2: "Fresh-Start-2026" }, { ip });
    expect(set.statusCode).toBe(200);
    expect(set.json().success).toBe(true);

    expect(await signInStatus(email, DEMO_PASSWORD, ip)).toBe(401);
    expect(await signInStatus(email, "Fresh-Start-2026", ip)).toBe(200);
    // Every session from before the reset has ended.
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox", cookie: oldSession })).statusCode).toBe(401);

    const again = await jsonPost(t, "/set_reset_password", { key, password: "Other-Pass-2026", password2: "Other-Pass-2026" }, { ip });
    expect(again.statusCode).toBe(400);
    expect(again.json().messageKey).toBe("messages.invalidKey");
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=reset` })).json()).toEqual({ valid: false });
    expect(await signInStatus(email, "Fresh-Start-2026", ip)).toBe(200);

    const audited = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "auth.password_reset"), eq(auditLog.actorUserId, t.ids.users[email])));
    expect(audited).toHaveLength(1);
  });

  it("rejects an expired key", async () => {
    const email = "office.user@northwind.example";
    await jsonPost(t, "/send_password_reset", { email_address: email }, { ip: "10.10.0.2" });
    const key = keyFromText((await mailsTo(t, email))[0].textBody);
    await t.ctx.db
      .update(authKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(authKeys.userId, t.ids.users[email]), isNull(authKeys.usedAt)));
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=reset` })).json()).toEqual({ valid: false });
    const res = await jsonPost(t, "/set_reset_password", { key, password: "Fresh-Start-2026", password2: "Fresh-Start-2026" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "This link is not valid or has expired. Please ask for a new one.", messageKey: "messages.invalidKey" });
    expect(await signInStatus(email, DEMO_PASSWORD, "10.10.0.2")).toBe(200);
  });

  it("checks the new password and changes nothing when it is refused", async () => {
    const email = "office.admin@northwind.example";
    await jsonPost(t, "/send_password_reset", { email_address: email }, { ip: "10.10.0.3" });
    const key = keyFromText((await mailsTo(t, email))[0].textBody);
    const bad = await jsonPost(t, "/set_reset_password", { key, password: "short1A", password2: "short1A" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageKey).toBe("messages.passwordTooWeak");
    // The key survives a refused password.
    expect((await t.request({ method: "GET", url: `/api/auth/key/${key}?kind=reset` })).json().valid).toBe(true);
    expect(await signInStatus(email, DEMO_PASSWORD, "10.10.0.3")).toBe(200);
  });

  it("answers an unknown address exactly like a known one and sends nothing", async () => {
    const before = (await t.ctx.db.select().from(mailOutbox)).length;
    const known = await jsonPost(t, "/send_password_reset", { email_address: "admin@contoso.example" }, { ip: "10.10.0.4" });
    const unknown = await jsonPost(t, "/send_password_reset", { email_address: "ghost@contoso.example" }, { ip: "10.10.0.4" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const after = await t.ctx.db.select().from(mailOutbox);
    expect(after.length).toBe(before + 1);
    expect(await mailsTo(t, "ghost@contoso.example")).toHaveLength(0);
  });

  it("writes the mail in the user's language", async () => {
    const email = "evaluator@parlance.example";
    await t.ctx.db.update(users).set({ language: "zh-HANT" }).where(eq(users.email, email));
    await jsonPost(t, "/send_password_reset", { email_address: email }, { ip: "10.10.0.5" });
    const [mail] = await mailsTo(t, email);
    expect(mail.subject).toBe("重設您的 Parlance 密碼");
    expect(mail.textBody).toContain("Jun，您好");
    expect(mail.textBody).toContain("60 分鐘");
  });

  it("limits requests to 3 an hour per address and 10 an hour per client", async () => {
    const email = "news@parlance.example";
    for (let i = 0; i < 3; i++) expect((await jsonPost(t, "/send_password_reset", { email_address: email }, { ip: `10.11.0.${i}` })).statusCode).toBe(200);
    expect((await jsonPost(t, "/send_password_reset", { email_address: email }, { ip: "10.11.0.9" })).statusCode).toBe(429);
    expect(await mailsTo(t, email)).toHaveLength(3);

    const ip = "10.12.0.1";
    for (let i = 0; i < 10; i++) expect((await jsonPost(t, "/send_password_reset", { email_address: `n${i}@nowhere.example` }, { ip })).statusCode).toBe(200);
    const res = await jsonPost(t, "/send_password_reset", { email_address: "executive@parlance.example" }, { ip });
    expect(res.statusCode).toBe(429);
    expect(await mailsTo(t, "executive@parlance.example")).toHaveLength(0);
  });

  it("accepts HTML forms and answers with redirects", async () => {
    const email = "admin@northwind.example";
    const sent = await formPost(t, "/send_password_reset", { email_address: email }, { ip: "10.13.0.1" });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe("/assistance?notice=messages.resetSent");
    const key = keyFromText((await mailsTo(t, email))[0].textBody);
    const mismatch = await formPost(t, "/set_reset_password", { key, password: "Fresh-Start-2026", password2: "Fresh-Start-2027" });
    expect(mismatch.statusCode).toBe(303);
    const back = new URL(mismatch.headers.location as string, "http://x");
    expect(back.pathname).toBe("/set_reset_password");
    expect(back.searchParams.get("key")).toBe(key);
    expect(back.searchParams.get("error")).toBe("messages.passwordsMustMatch");
    const ok = await formPost(t, "/set_reset_password", { key, password: "Fresh-Start-2026", password2: "Fresh-Start-2026" });
    expect(ok.headers.location).toBe("/login?notice=messages.passwordChanged");
    const signedIn = await jsonPost(t, "/login", { email_address: email, password: "Fresh-Start-2026" }, { ip: "10.13.0.1" });
    expect(sessionCookieOf(signedIn)).not.toBeNull();
  });

  it("refuses malformed input with 400", async () => {
    expect((await jsonPost(t, "/send_password_reset", { email_address: "not-an-address" }, { ip: "10.14.0.1" })).statusCode).toBe(400);
    expect((await jsonPost(t, "/set_reset_password", { key: "short" })).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: "/api/auth/key/abcdefghijkl?kind=other" })).statusCode).toBe(400);
    const latest = await t.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(latest[0]?.toAddress).not.toBe("not-an-address");
  });
});
