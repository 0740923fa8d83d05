import net from "node:net";
import { beforeAll, afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible } from "./support/browser";
import { useOwnServer } from "./support/own-server";
import { startTestProvider, type TestProvider } from "../packages/server/src/sso/test-provider";

/**
 * Single sign-on round trip (issue 16 point 4) against a real OpenID provider started here
 * (oidc-provider): the sign-in form's SSO step for an allowed domain, the provider's login page,
 * and back signed in; an address the provider has not verified comes back refused. A server of
 * this file's own, configured by the SSO_* variables to use the provider.
 */
const env: Record<string, string> = {};
let provider: TestProvider;
let providerPort = 0;

beforeAll(async () => {
  providerPort = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
  Object.assign(env, {
    SSO_ISSUER: `http://127.0.0.1:${providerPort}`,
    SSO_CLIENT_ID: "parlance-test",
    SSO_CLIENT_SECRET: "parlance-test-secret-0123456789",
    SSO_DOMAINS: "parlance.example,northwind.example",
  });
});
const own = useOwnServer({ env });
beforeAll(async () => {
  provider = await startTestProvider({ port: providerPort, redirectUris: [`${own.server.url}/sso/callback`] });
  provider.accounts.set("executive@parlance.example", { subject: "idp-executive", email: "executive@parlance.example", emailVerified: true });
  provider.accounts.set("user@northwind.example", { subject: "idp-user", email: "user@northwind.example", emailVerified: false });
});
afterAll(async () => provider?.close());

async function newPage(width = 1280, lang?: string): Promise<Page> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  ctx.setDefaultTimeout(15_000);
  const page = await ctx.newPage();
  await page.goto(lang ? `/login?lang=${lang}` : "/login");
  return page;
}

describe("single sign-on", () => {
  it("signs in through the provider from the sign-in form's SSO step, and back signed in", async () => {
    const page = await newPage();
    await page.getByLabel("Email address").fill("executive@parlance.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByText("Your organisation signs you in with single sign-on.").isVisible()).toBe(true);
    await expectAccessible(page, "sign-in: single sign-on step");
    await page.getByRole("link", { name: "Continue with single sign-on" }).click();
    // The provider's own login page, the address given as a hint.
    await page.waitForURL((url) => url.port === String(providerPort));
    expect(await page.getByLabel("Email").inputValue()).toBe("executive@parlance.example");
    await page.getByRole("button", { name: "Sign in to the provider" }).click();
    await page.waitForURL((url) => url.origin === own.server.url && url.pathname === "/overview");
    await expect.poll(() => page.getByRole("button", { name: /Hello, / }).isVisible()).toBe(true);
    const startup = await (await page.request.get("/api/startup")).json();
    expect(startup.userFlags.username).toBe("executive@parlance.example");
    await page.context().close();
  });

  it("comes back refused when the provider has not verified the address; other domains sign in by password", async () => {
    const page = await newPage();
    await page.getByLabel("Email address").fill("user@northwind.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Continue with single sign-on" }).click();
    await page.waitForURL((url) => url.port === String(providerPort));
    await page.getByRole("button", { name: "Sign in to the provider" }).click();
    await page.waitForURL((url) => url.origin === own.server.url && url.pathname === "/login");
    await expect.poll(() => page.getByText("Your organisation has not verified this email address, so we cannot sign you in with it.").isVisible()).toBe(true);
    await expectAccessible(page, "sign-in: single sign-on refused");
    expect((await (await page.request.get("/api/startup")).json()).userFlags).toBeUndefined();
    // contoso.example is not a single sign-on domain: the password step as before.
    await page.getByLabel("Email address").fill("admin@contoso.example");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect.poll(() => page.getByLabel(/^Password/).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows the SSO step at 375 px in Simplified and Traditional Chinese", async () => {
    for (const [lang, text] of [["zh-Hans", "使用单点登录继续"], ["zh-Hant", "使用單一登入繼續"]] as const) {
      const page = await newPage(375, lang);
      await page.getByRole("textbox").first().fill("executive@parlance.example");
      await page.getByRole("button").filter({ hasText: /继续|繼續/ }).first().click();
      await expect.poll(() => page.getByRole("link", { name: text }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page, `sign-in: single sign-on step (${lang}, 375 px)`);
      await page.context().close();
    }
  });
});
