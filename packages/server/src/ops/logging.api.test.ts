import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { assignedTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_ACCESS_CODE, DEMO_PASSWORD } from "../demo/world.js";
import { jsonPost, keyFromText, mailsTo, sessionCookieOf } from "../auth/test-support.js";
import { takingApi } from "../taking/test-fixtures.js";

/**
 * The request log at debug level through a whole test flow: password and access-code sign-ins, a
 * test started, answers saved with a distinctive text, submitted; a reset link asked for and its
 * key checked; secrets in URLs. No secret reaches a line, and every line names its request.
 */

const ANSWER = "Quokka-7731 answered about the marmalade budget";
let t: TestApp;
let log = "";

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  t = await createTestApp({ logger: { stream, level: "debug" } });
});
afterAll(() => t?.close());

const lines = () =>
  log
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the request log", () => {
  const secrets: string[] = [DEMO_PASSWORD, DEMO_ACCESS_CODE, ANSWER];

  it("runs the flow: sign-ins, a test taken with a distinctive answer, a reset key, secrets in URLs", async () => {
    const password = await jsonPost(t, "/login", { email_address: "candidate@northwind.example", password: DEMO_PASSWORD });
    expect(password.statusCode).toBe(200);
    const code = await jsonPost(t, "/login", { access_code: DEMO_ACCESS_CODE });
    expect(code.statusCode).toBe(200);
    const passwordCookie = sessionCookieOf(password)!;
    const codeCookie = sessionCookieOf(code)!;
    secrets.push(passwordCookie.split("=")[1], codeCookie.split("=")[1]);
    // A wrong password and a wrong code are not logged either.
    expect((await jsonPost(t, "/login", { email_address: "candidate@northwind.example", password: "Wrong-Guess-Pass-99" })).statusCode).toBe(401);
    secrets.push("Wrong-Guess-Pass-99");

    const api = takingApi(t);
    const [row] = await t.ctx.db
      .select({ id: assignedTests.id })
      .from(assignedTests)
      .where(and(eq(assignedTests.candidateId, t.ids.history.demoCandidate.northwind), eq(assignedTests.testId, t.ids.catalogue.tests["en-reading"])));
    expect((await api.start(row.id, codeCookie)).statusCode).toBe(200);
    const saved = await api.save(row.id, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }, { id: "q8", response: ANSWER, seq: 2 }] }, codeCookie);
    expect(saved.statusCode, saved.body).toBe(200);
    // A refused save (the answer too long) carries the answer too.
    expect((await api.save(row.id, { candidate_test_items: [{ id: "q8", response: `${ANSWER} ${"x".repeat(300)}`, seq: 3 }] }, codeCookie)).statusCode).toBe(400);
    const submitted = await api.submit(row.id, { candidate_test_items: [{ id: "q8", response: ANSWER, seq: 4 }] }, codeCookie);
    expect(submitted.statusCode, submitted.body).toBe(200);

    expect((await jsonPost(t, "/send_password_reset", { email_address: "admin@northwind.example" })).statusCode).toBe(200);
    const key = keyFromText((await mailsTo(t, "admin@northwind.example"))[0].textBody);
    secrets.push(key);
    expect((await t.request({ method: "GET", url: `/api/auth/key/${encodeURIComponent(key)}?kind=reset` })).json()).toMatchObject({ valid: true });
    // Pages of the web app whose path is a key, and query values that are secrets.
    await t.app.inject({ method: "GET", url: `/setup_account/${key}`, headers: { accept: "text/html" } });
    await t.app.inject({ method: "GET", url: `/set_reset_password?key=${key}` });
    await t.app.inject({ method: "GET", url: "/sso/callback?code=SSO-AUTH-CODE-31337&state=SSO-STATE-4242" });
    secrets.push("SSO-AUTH-CODE-31337", "SSO-STATE-4242");
  });

  it("holds none of the password, the access code, the session cookies, the answer text or the keys", () => {
    expect(lines().length).toBeGreaterThan(20);
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    // The URLs are still there, with their secrets replaced.
    const urls = lines().map((l) => (l.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toContain("/api/auth/key/[redacted]?kind=reset");
    expect(urls).toContain("/setup_account/[redacted]");
    expect(urls).toContain("/set_reset_password?key=[redacted]");
    expect(urls).toContain("/sso/callback?code=[redacted]&state=[redacted]");
  });

  it("every line carries its request's id, the one the answer's X-Request-Id header names", async () => {
    for (const line of lines()) expect(typeof line.reqId, JSON.stringify(line)).toBe("string");
    const res = await t.request({ method: "GET", url: "/api/startup" });
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines().filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("an X-Request-Id sent by a client is not taken (TRUST_PROXY is off)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "client-chosen-id" } });
    expect(res.headers["x-request-id"]).not.toBe("client-chosen-id");
    expect(log).not.toContain("client-chosen-id");
  });
});
