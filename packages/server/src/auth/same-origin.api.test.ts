import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { auditLog, users } from "../db/schema.js";
import { formPost, jsonPost, mailsTo, sessionCookieOf } from "./test-support.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const languageOf = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0].language;

describe("same-origin protection of state-changing requests", () => {
  it("refuses a POST from a foreign Origin with 403 and changes nothing", async () => {
    const email = "user@northwind.example";
    const cookie = await t.signIn(email);
    const res = await jsonPost(t, "/api/account/language", { language: "zh-HANS" }, { cookie, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(await languageOf(email)).toBe("en-US");

    const signIn = await jsonPost(t, "/login", { email_address: email, password: DEMO_PASSWORD }, { origin: "https://evil.example" });
    expect(signIn.statusCode).toBe(403);
    expect(sessionCookieOf(signIn)).toBeNull();

    const reset = await jsonPost(t, "/send_password_reset", { email_address: email }, { origin: "https://evil.example" });
    expect(reset.statusCode).toBe(403);
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  it("refuses a cross-site form post that carries no Origin or Referer", async () => {
    const email = "admin@contoso.example";
    const before = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in"))).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ email_address: email, password: DEMO_PASSWORD }).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(sessionCookieOf(res)).toBeNull();
    const after = (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in"))).length;
    expect(after).toBe(before);

    const reset = await t.app.inject({
      method: "POST",
      url: "/send_password_reset",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `email_address=${encodeURIComponent(email)}`,
    });
    expect(reset.statusCode).toBe(403);
    expect(await mailsTo(t, email)).toHaveLength(0);
  });

  it("refuses a request the browser marks cross-site", async () => {
    const res = await formPost(t, "/login", { email_address: "admin@contoso.example", password: DEMO_PASSWORD }, { headers: { origin: "", "sec-fetch-site": "cross-site" } });
    expect(res.statusCode).toBe(403);
  });

  it("accepts the same request from this site", async () => {
    const email = "user@northwind.example";
    const cookie = await t.signIn(email);
    const res = await jsonPost(t, "/api/account/language", { language: "zh-HANS" }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(await languageOf(email)).toBe("zh-HANS");
  });
});
