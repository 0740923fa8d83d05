import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { startTestProvider, type TestProvider } from "../../sso/test-provider.js";

/**
 * An account's single sign-on domains, set in the back office, join SSO_DOMAINS: the sign-in page
 * is told them and /sso/start accepts their addresses (a real OpenID provider, as sso.api.test.ts).
 */
let t: TestApp;
let provider: TestProvider;
const PUBLIC_URL = "http://localhost:3000";

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/sso/callback`] });
  t = await createTestApp({
    jobs: false,
    config: { sso: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, domains: ["parlance.example"], redirectUri: `${PUBLIC_URL}/sso/callback` } },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const start = (email: string) => t.app.inject({ method: "GET", url: `/sso/start?${new URLSearchParams({ email_address: email })}` });
const signedOutDomains = async () => (await t.request({ method: "GET", url: "/api/startup" })).json().ssoDomains;

describe("an account's single sign-on domains", () => {
  it("are refused before the back office lists them, and accepted after", async () => {
    expect(await signedOutDomains()).toEqual(["parlance.example"]);
    expect((await start("admin@contoso.example")).headers.location).toBe("/login?error=sso.errors.domainNotAllowed&email=admin%40contoso.example");

    const admin = await t.signIn("admin@parlance.example");
    const contoso = (await t.request({ method: "GET", url: `/api/backoffice/accounts/${t.ids.accounts.contoso}`, cookie: admin })).json();
    const { id, name, services, medicalOption, usesProctorService, liveProctor, allowCandidateScheduling, minProctorApptDelay, paymentTerms } = contoso;
    const saved = await t.request({
      method: "POST",
      url: "/api/backoffice/accounts/edit",
      cookie: admin,
      body: { id, name, services, medicalOption, usesProctorService, liveProctor, allowCandidateScheduling, minProctorApptDelay, paymentTerms, ssoDomains: ["contoso.example"] },
    });
    expect(saved.statusCode).toBe(200);

    expect(await signedOutDomains()).toEqual(["parlance.example", "contoso.example"]);
    // Signed in, a screen is told the configured ones only.
    expect((await t.request({ method: "GET", url: "/api/startup", cookie: admin })).json().ssoDomains).toEqual(["parlance.example"]);
    const res = await start("admin@contoso.example");
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string).origin).toBe(provider.issuer);
    // Another account's domain is still refused.
    expect((await start("admin@northwind.example")).headers.location).toMatch(/domainNotAllowed/);
  });
});
