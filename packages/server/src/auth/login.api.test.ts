import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_ACCESS_CODE, DEMO_PASSWORD } from "../demo/world.js";
import { auditLog, sessions, users } from "../db/schema.js";
import { formPost, jsonPost, sessionCookieOf } from "./test-support.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const startupOf = async (cookie?: string) => (await t.request({ method: "GET", url: "/api/startup", cookie })).json();

describe("sign-in by email and password (JSON)", () => {
  it("sets an httpOnly SameSite=Lax session cookie, records the sign-in and shows userFlags", async () => {
    const before = new Date(Date.now() - 1000);
    const res = await jsonPost(t, "/login", { email_address: "Admin@Northwind.example", password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, redirect: "/overview" });
    const cookie = res.cookies.find((c) => c.name === "parlance_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    expect(cookie?.secure).toBeFalsy();
    const startup = await startupOf(sessionCookieOf(res)!);
    expect(startup.userFlags).toMatchObject({ firstName: "Ada", username: "admin@northwind.example" });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, "admin@northwind.example"));
    expect(user.lastLoginAt!.getTime()).toBeGreaterThan(before.getTime());
    const lines = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.actorUserId, user.id)));
    expect(lines.length).toBeGreaterThan(0);
  });

  it("keeps a same-site next path and ignores a foreign one", async () => {
    const ok = await jsonPost(t, "/login", { email_address: "user@northwind.example", password: DEMO_PASSWORD, next: "/testing/settings?x=1" });
    expect(ok.json().redirect).toBe("/testing/settings?x=1");
    for (const next of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/.//evil.example", "/..//evil.example/x", "/a/..//evil.example"]) {
      const res = await jsonPost(t, "/login", { email_address: "user@northwind.example", password: DEMO_PASSWORD, next });
      expect(res.json().redirect).toBe("/overview");
    }
  });

  it("rotates the session: the cookie the browser had before stops working", async () => {
    const first = await t.signIn("user@northwind.example");
    const res = await jsonPost(t, "/login", { email_address: "user@northwind.example", password: DEMO_PASSWORD }, { cookie: first });
    const second = sessionCookieOf(res)!;
    expect(second).not.toBe(first);
    expect((await startupOf(first)).userFlags).toBeUndefined();
    expect((await startupOf(second)).userFlags).toBeDefined();
  });

  it("answers a wrong password with 401 and the message, and sets no cookie", async () => {
    const res = await jsonPost(t, "/login", { email_address: "admin@northwind.example", password: "wrong-Password-1" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "The email address or password is incorrect.", messageKey: "messages.invalidCredentials" });
    expect(sessionCookieOf(res)).toBeNull();
    const failures = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_failed"));
    expect(failures.length).toBeGreaterThan(0);
  });

  it("answers an unknown address exactly like a wrong password", async () => {
    const res = await jsonPost(t, "/login", { email_address: "nobody@nowhere.example", password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json().messageKey).toBe("messages.invalidCredentials");
  });

  it("asks for each missing field with the spec's message", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ password: "x" }, "Please provide your email address.", "messages.provideEmail"],
      [{ email_address: "  ", password: "x" }, "Please provide your email address.", "messages.provideEmail"],
      [{ email_address: "admin@northwind.example" }, "Please provide your password.", "messages.providePassword"],
      [{ access_code: " " }, "Please provide your access code.", "messages.provideAccessCode"],
    ];
    for (const [body, message, key] of cases) {
      const res = await jsonPost(t, "/login", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message, messageKey: key });
    }
  });
});

describe("sign-in by HTML form", () => {
  it("redirects 303 with the session cookie on success", async () => {
    const res = await formPost(t, "/login", { email_address: "office.admin@northwind.example", password: DEMO_PASSWORD, next: "/testing" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/testing");
    expect((await startupOf(sessionCookieOf(res)!)).userFlags.firstName).toBe("Carmen");
  });

  it("redirects 303 back to /login with the error key and the address on failure", async () => {
    const res = await formPost(t, "/login", { email_address: "office.admin@northwind.example", password: "nope", next: "/testing" });
    expect(res.statusCode).toBe(303);
    const url = new URL(res.headers.location as string, "http://x");
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("error")).toBe("messages.invalidCredentials");
    expect(url.searchParams.get("email")).toBe("office.admin@northwind.example");
    expect(url.searchParams.get("next")).toBe("/testing");
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("redirects a missing password back with its key", async () => {
    const res = await formPost(t, "/login", { email_address: "office.admin@northwind.example", password: "" });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string, "http://x").searchParams.get("error")).toBe("messages.providePassword");
  });
});

describe("sign-in by access code", () => {
  it("signs the candidate in and opens the code's test", async () => {
    const res = await jsonPost(t, "/login", { access_code: DEMO_ACCESS_CODE.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.ctx.database.sql.query<{ id: number }>("SELECT id FROM assigned_tests WHERE access_code = $1", [DEMO_ACCESS_CODE]);
    expect(rows).toHaveLength(1);
    expect(res.json()).toEqual({ success: true, redirect: `/testing/tests/${rows[0].id}` });
    const startup = await startupOf(sessionCookieOf(res)!);
    expect(startup.userFlags.username).toBe("candidate@northwind.example");
    expect(startup.authorized.tests).toBe(true);
  });

  it("refuses an unknown or expired code", async () => {
    const bad = await jsonPost(t, "/login", { access_code: "NW-NOPE-0000" });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: "That access code is not valid or has expired.", messageKey: "messages.invalidAccessCode" });
    await t.ctx.database.sql.query("UPDATE access_codes SET expires_at = now() - interval '1 minute'");
    const expired = await jsonPost(t, "/login", { access_code: DEMO_ACCESS_CODE });
    expect(expired.statusCode).toBe(401);
    await t.ctx.database.sql.query("UPDATE access_codes SET expires_at = now() + interval '1 day'");
  });

  it("answers a form with a redirect to the code step", async () => {
    const res = await formPost(t, "/login", { access_code: "NW-NOPE-0000" });
    const url = new URL(res.headers.location as string, "http://x");
    expect(url.searchParams.get("use_code")).toBe("1");
    expect(url.searchParams.get("error")).toBe("messages.invalidAccessCode");
  });
});

describe("sign-out", () => {
  it("POST /logout ends the session and clears the cookie", async () => {
    const cookie = await t.signIn("user@northwind.example");
    const res = await t.request({ method: "POST", url: "/logout", cookie, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === "parlance_session")?.value).toBe("");
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox", cookie })).statusCode).toBe(401);
  });

  it("GET /logout ends the session and redirects 303 to /login", async () => {
    const cookie = await t.signIn("user@northwind.example");
    const res = await t.request({ method: "GET", url: "/logout", cookie });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login");
    expect((await startupOf(cookie)).userFlags).toBeUndefined();
  });
});

describe("sign-out from another site", () => {
  const getLogout = (cookie: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url: "/logout", headers: { cookie, ...headers } });

  it("a cross-site GET /logout (a link or image elsewhere) signs nobody out", async () => {
    const foreign: Record<string, string>[] = [{ "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { referer: "https://evil.example/page" }];
    for (const headers of foreign) {
      const cookie = await t.signIn("user@northwind.example");
      const res = await getLogout(cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
      expect(res.headers.location).toBe("/");
      expect(res.cookies.find((c) => c.name === "parlance_session")).toBeUndefined();
      expect((await startupOf(cookie)).userFlags, JSON.stringify(headers)).toBeDefined();
    }
  });

  it("a GET /logout from this site, or typed in the address bar, signs out", async () => {
    const own: Record<string, string>[] = [{ "sec-fetch-site": "same-origin", referer: "http://localhost:3000/overview" }, { "sec-fetch-site": "none" }];
    for (const headers of own) {
      const cookie = await t.signIn("user@northwind.example");
      const res = await getLogout(cookie, headers);
      expect(res.headers.location).toBe("/login");
      expect((await startupOf(cookie)).userFlags, JSON.stringify(headers)).toBeUndefined();
    }
  });
});

describe("session expiry", () => {
  const sessionCount = async (userId: number) => (await t.ctx.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

  it("ends a session idle for longer than the idle limit", async () => {
    const cookie = await t.signIn("admin@contoso.example");
    const userId = t.ids.users["admin@contoso.example"];
    expect((await startupOf(cookie)).userFlags).toBeDefined();
    await t.ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${t.ctx.config.sessionIdleMs / 1000 + 60})` })
      .where(eq(sessions.userId, userId));
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox", cookie })).statusCode).toBe(401);
    expect((await startupOf(cookie)).userFlags).toBeUndefined();
    expect(await sessionCount(userId)).toBe(0);
  });

  it("ends a session past its absolute lifetime even when active", async () => {
    const cookie = await t.signIn("news@parlance.example");
    const userId = t.ids.users["news@parlance.example"];
    await t.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() }).where(eq(sessions.userId, userId));
    expect((await t.request({ method: "GET", url: "/api/dev/mailbox", cookie })).statusCode).toBe(401);
    expect(await sessionCount(userId)).toBe(0);
  });
});

describe("rate limits", () => {
  it("refuses the 6th failed attempt for one address with 429, even with the right password", async () => {
    const email = "office.user@northwind.example";
    for (let i = 0; i < 5; i++) {
      const res = await jsonPost(t, "/login", { email_address: email, password: `wrong-${i}` }, { ip: `10.1.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const res = await jsonPost(t, "/login", { email_address: email.toUpperCase(), password: DEMO_PASSWORD }, { ip: "10.1.0.99" });
    expect(res.statusCode).toBe(429);
    expect(res.json().messageKey).toBe("errors.tooManyRequests");
    expect(sessionCookieOf(res)).toBeNull();
  });

  it("refuses a client address after 20 failed sign-ins, whatever the account", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < 20; i++) {
      const res = await jsonPost(t, "/login", { email_address: `someone${i}@nowhere.example`, password: "x" }, { ip });
      expect(res.statusCode).toBe(401);
    }
    const res = await jsonPost(t, "/login", { email_address: "executive@parlance.example", password: DEMO_PASSWORD }, { ip });
    expect(res.statusCode).toBe(429);
    // Another address is not affected.
    expect((await jsonPost(t, "/login", { email_address: "executive@parlance.example", password: DEMO_PASSWORD }, { ip: "10.2.0.2" })).statusCode).toBe(200);
  });

  it("forgets an account's failures once it signs in", async () => {
    const email = "evaluator@parlance.example";
    for (let i = 0; i < 4; i++) await jsonPost(t, "/login", { email_address: email, password: "bad" }, { ip: "10.3.0.1" });
    expect((await jsonPost(t, "/login", { email_address: email, password: DEMO_PASSWORD }, { ip: "10.3.0.1" })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await jsonPost(t, "/login", { email_address: email, password: "bad" }, { ip: "10.3.0.1" });
    expect((await jsonPost(t, "/login", { email_address: email, password: DEMO_PASSWORD }, { ip: "10.3.0.1" })).statusCode).toBe(200);
  });
});
