import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { auditLog, ssoAttempts, ssoIdentities, users } from "../db/schema.js";
import { loadConfig } from "../config.js";
import { startTestProvider, type TestProvider } from "./test-provider.js";

/**
 * Single sign-on through a real OpenID provider (oidc-provider, started here): the browser's
 * redirects followed by hand, the provider's cookies kept in a jar. Domains: parlance.example and
 * northwind.example are allowed, contoso.example is not.
 */
let t: TestApp;
let provider: TestProvider;
const PUBLIC_URL = "http://localhost:3000";

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/sso/callback`] });
  t = await createTestApp({
    jobs: false,
    config: { sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, domains: ["parlance.example", "northwind.example"], redirectUri: `${PUBLIC_URL}/sso/callback` } },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const account = (email: string, subject: string, emailVerified = true) => provider.accounts.set(email.toLowerCase(), { email, subject, emailVerified });

/** Follows the provider's redirects (its login form posted with `loginAs`) until it sends the browser back to us. */
async function throughProvider(authorizationUrl: string, loginAs: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = "GET";
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method,
      body,
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = pair.split("=");
      jar.set(name, value.join("="));
    }
    const location = res.headers.get("location");
    if (res.status === 200 && url.includes("/interaction/") && method === "GET") {
      method = "POST";
      body = new URLSearchParams({ email: loginAs }).toString();
      continue;
    }
    if (!location) throw new Error(`the provider stopped at ${res.status}: ${await res.text()}`);
    const next = new URL(location, url);
    if (next.href.startsWith(PUBLIC_URL)) return next;
    url = next.href;
    method = "GET";
    body = undefined;
  }
  throw new Error("too many redirects");
}

/** GET /sso/start for an address: the redirect to the provider and the sign-in cookie. */
async function start(email: string, next?: string) {
  const qs = new URLSearchParams({ email_address: email, ...(next ? { next } : {}) });
  const res = await t.app.inject({ method: "GET", url: `/sso/start?${qs}` });
  const cookie = res.cookies.find((c) => c.name === "parlance_sso");
  return { res, cookie: cookie ? `parlance_sso=${cookie.value}` : undefined };
}

/** The whole round trip: start, the provider's login as `loginAs`, and our callback (optionally tampered with). */
async function signInVia(email: string, loginAs = email, tamper: (back: URL) => URL | Promise<URL> = (u) => u, next?: string) {
  const { res, cookie } = await start(email, next);
  expect(res.statusCode, res.body).toBe(303);
  const back = await tamper(await throughProvider(res.headers.location as string, loginAs));
  const done = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
  expect(done.statusCode, done.body).toBe(303);
  const session = done.cookies.find((c) => c.name === "parlance_session" && c.value);
  return { location: done.headers.location as string, session: session ? `parlance_session=${session.value}` : undefined };
}

const startupOf = async (cookie: string) => (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
const lastRefusal = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "auth.sso_refused")).orderBy(desc(auditLog.id)).limit(1))[0];
const rolesOf = async (email: string) => (await t.ctx.db.select({ roles: users.roles }).from(users).where(eq(users.email, email)))[0].roles;

describe("configuration", () => {
  it("is off without the SSO_* variables, on with all four, and refuses some of them or more than five domains", () => {
    expect(loadConfig({ NODE_ENV: "test" } as NodeJS.ProcessEnv).sso).toBeNull();
    const all = { NODE_ENV: "test", PUBLIC_URL: "https://portal.example", SSO_ISSUER: "https://id.example", SSO_CLIENT_ID: "c", SSO_CLIENT_SECRET: "s", SSO_DOMAINS: " A.example, b.example ,a.example" } as NodeJS.ProcessEnv;
    expect(loadConfig(all).sso).toEqual({ issuer: "https://id.example", clientId: "c", clientSecret: "s", domains: ["a.example", "b.example"], redirectUri: "https://portal.example/sso/callback" });
    expect(() => loadConfig({ ...all, SSO_CLIENT_SECRET: "" })).toThrow(/go together/);
    expect(() => loadConfig({ ...all, SSO_DOMAINS: "a.ex,b.ex,c.ex,d.ex,e.ex,f.ex" })).toThrow(/1 to 5/);
    expect(() => loadConfig({ ...all, SSO_DOMAINS: "not a domain" })).toThrow(/not a domain/);
  });

  it("tells the sign-in page the domains", async () => {
    const s = (await t.request({ method: "GET", url: "/api/startup" })).json();
    expect(s).toMatchObject({ enableSSO: true, ssoDomains: ["parlance.example", "northwind.example"] });
  });
});

describe("single sign-on", () => {
  it("signs in the user whose address the provider verified, links the identity, grants no role, and rotates the session", async () => {
    account("executive@parlance.example", "sub-executive");
    const rolesBefore = await rolesOf("executive@parlance.example");
    const old = await t.signIn("user@northwind.example");
    const { res, cookie } = await start("executive@parlance.example", "/feature_flags");
    const authorize = new URL(res.headers.location as string);
    // The code flow with PKCE (S256), state and nonce, the address as a hint.
    expect(authorize.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: "code", code_challenge_method: "S256", client_id: provider.clientId, login_hint: "executive@parlance.example", redirect_uri: `${PUBLIC_URL}/sso/callback` });
    for (const p of ["state", "nonce", "code_challenge"]) expect(authorize.searchParams.get(p)?.length).toBeGreaterThanOrEqual(32);
    const back = await throughProvider(authorize.href, "executive@parlance.example");
    const done = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: { cookie: `${cookie}; ${old}` } });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/feature_flags");
    const session = `parlance_session=${done.cookies.find((c) => c.name === "parlance_session")!.value}`;
    expect((await startupOf(session)).userFlags.username).toBe("executive@parlance.example");
    // The browser's previous session ended.
    expect((await startupOf(old)).userFlags).toBeUndefined();
    const [identity] = await t.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, "sub-executive"));
    expect(identity).toMatchObject({ issuer: provider.issuer, userId: t.ids.users["executive@parlance.example"], email: "executive@parlance.example" });
    expect(await rolesOf("executive@parlance.example")).toEqual(rolesBefore);
    const [signIn] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "auth.sign_in"), eq(auditLog.actorUserId, identity.userId))).orderBy(desc(auditLog.id)).limit(1);
    expect(signIn.details).toEqual({ method: "sso" });
    // The attempt was used up: the same answer again is refused.
    const replay = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}`, headers: { cookie: cookie! } });
    expect(replay.headers.location).toBe("/login?error=sso.errors.expired");
  });

  it("signs in later by the linked identity, even after the user's address changed", async () => {
    await t.ctx.db.update(users).set({ email: "exec.renamed@parlance.example" }).where(eq(users.email, "executive@parlance.example"));
    try {
      const { location, session } = await signInVia("executive@parlance.example");
      expect(location).toBe("/overview");
      expect((await startupOf(session!)).userFlags.username).toBe("exec.renamed@parlance.example");
    } finally {
      await t.ctx.db.update(users).set({ email: "executive@parlance.example" }).where(eq(users.email, "exec.renamed@parlance.example"));
    }
  });

  it("refuses an address the provider has not verified, and links nothing", async () => {
    account("office.user@northwind.example", "sub-unverified", false);
    const { location, session } = await signInVia("office.user@northwind.example");
    expect(location).toBe("/login?error=sso.errors.unverifiedEmail");
    expect(session).toBeUndefined();
    expect(await t.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, "sub-unverified"))).toEqual([]);
    expect((await lastRefusal()).details).toMatchObject({ reason: "unverifiedEmail" });
  });

  it("refuses a domain that is not allowed, at the start and in the provider's answer", async () => {
    const { res, cookie } = await start("admin@contoso.example");
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/login?error=sso.errors.domainNotAllowed&email=admin%40contoso.example");
    expect(cookie).toBeUndefined();
    // Started with an allowed address, but the provider signs in one of another domain.
    account("admin@contoso.example", "sub-contoso");
    const { location, session } = await signInVia("user@northwind.example", "admin@contoso.example");
    expect(location).toBe("/login?error=sso.errors.domainNotAllowed");
    expect(session).toBeUndefined();
  });

  it("refuses a verified address with no account here: nobody is created", async () => {
    account("stranger@northwind.example", "sub-stranger");
    const { location, session } = await signInVia("stranger@northwind.example");
    expect(location).toBe("/login?error=sso.errors.noAccount");
    expect(session).toBeUndefined();
    expect(await t.ctx.db.select().from(users).where(eq(users.email, "stranger@northwind.example"))).toEqual([]);
  });

  it("refuses a state that does not match, a nonce that does not match, a wrong PKCE verifier, and a missing cookie", async () => {
    account("user@northwind.example", "sub-user");
    const state = await signInVia("user@northwind.example", undefined, (back) => {
      back.searchParams.set("state", "x".repeat(43));
      return back;
    });
    expect(state).toEqual({ location: "/login?error=sso.errors.failed", session: undefined });
    expect(String((await lastRefusal()).details?.detail)).toMatch(/state/i);

    // The nonce (and then the verifier) the server kept no longer match what the provider was given.
    const tamperAttempt = (column: "nonce" | "codeVerifier") => async (back: URL) => {
      await t.ctx.db.update(ssoAttempts).set({ [column]: "y".repeat(43) });
      return back;
    };
    expect((await signInVia("user@northwind.example", undefined, tamperAttempt("nonce"))).location).toBe("/login?error=sso.errors.failed");
    expect(String((await lastRefusal()).details?.detail)).toMatch(/nonce/i);
    expect((await signInVia("user@northwind.example", undefined, tamperAttempt("codeVerifier"))).location).toBe("/login?error=sso.errors.failed");

    const { res } = await start("user@northwind.example");
    const back = await throughProvider(res.headers.location as string, "user@northwind.example");
    const noCookie = await t.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
    expect(noCookie.headers.location).toBe("/login?error=sso.errors.expired");
    expect(noCookie.cookies.find((c) => c.name === "parlance_session" && c.value)).toBeUndefined();
    // None of these linked the identity.
    expect(await t.ctx.db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, "sub-user"))).toEqual([]);
  });

  it("answers bad input and a provider's error with a redirect to the sign-in page, never a 500", async () => {
    for (const url of ["/sso/start", "/sso/start?email_address=", `/sso/start?email_address=${"a".repeat(200)}`, "/sso/callback", "/sso/callback?error=access_denied&state=x", `/sso/callback?code=${"c".repeat(5000)}`]) {
      const res = await t.app.inject({ method: "GET", url });
      expect([303, 400], url).toContain(res.statusCode);
      if (res.statusCode === 303) expect(res.headers.location, url).toMatch(/^\/login\?error=sso\.errors\./);
    }
  });
});

describe("without single sign-on configured", () => {
  it("sends the browser back to the sign-in page", async () => {
    const plain = await createTestApp({ jobs: false });
    try {
      const res = await plain.app.inject({ method: "GET", url: "/sso/start?email_address=user%40northwind.example" });
      expect(res.headers.location).toBe("/login?error=sso.errors.notConfigured&email=user%40northwind.example");
      expect((await plain.app.inject({ method: "GET", url: "/sso/callback?code=x&state=y" })).headers.location).toBe("/login?error=sso.errors.notConfigured");
    } finally {
      await plain.close();
    }
  });
});
