import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { auditLog, candidateUploads, users } from "../db/schema.js";
import { csvOf, multipart } from "../upload/test-files.js";
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

  it("refuses a multipart post without Origin or Referer (the body is not parsed when the check runs) and stores nothing", async () => {
    const cookie = await t.signIn("admin@northwind.example");
    const uploads = async () => (await t.ctx.db.select().from(candidateUploads)).length;
    const before = await uploads();
    const body = () => multipart({ template_type: "regular", notify_candidates: "false" }, { name: "people.csv", bytes: csvOf([["Last Name", "First Name", "Email"], ["Doe", "Jane", "jane.csrf@example.com"]]) });
    const send = (headers: Record<string, string>) => {
      const { payload, contentType } = body();
      return t.app.inject({ method: "POST", url: "/testing/candidates/preview", headers: { cookie, "content-type": contentType, ...headers }, payload });
    };
    const res = await send({});
    expect(res.statusCode, res.body).toBe(403);
    expect(await uploads()).toBe(before);
    // The same upload from this site's page goes through.
    const own = await send({ origin: "http://localhost:3000" });
    expect(own.statusCode, own.body).not.toBe(403);
  });

  it("without Origin or Referer only a JSON content type passes, whatever the body: none, or text", async () => {
    const email = "user@northwind.example";
    const cookie = await t.signIn(email);
    const before = await languageOf(email);
    const send = (headers: Record<string, string>, payload?: string) => t.app.inject({ method: "POST", url: "/api/account/language", headers: { cookie, ...headers }, payload });
    for (const [headers, payload] of [
      [{}, undefined],
      [{ "content-type": "text/plain" }, JSON.stringify({ language: "zh-HANT" })],
    ] as const) {
      expect((await send(headers, payload)).statusCode, JSON.stringify(headers)).toBe(403);
    }
    expect(await languageOf(email)).toBe(before);
    const json = await send({ "content-type": "application/json; charset=utf-8" }, JSON.stringify({ language: "zh-HANT" }));
    expect(json.statusCode, json.body).toBe(200);
    expect(await languageOf(email)).toBe("zh-HANT");
  });
});
