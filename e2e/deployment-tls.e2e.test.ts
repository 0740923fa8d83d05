import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, DEMO_PASSWORD } from "./support/browser";
import { postgresUrl, useCluster } from "./support/cluster";

/**
 * The deployment's TLS option (deploy/nginx.conf.template, TLS_CERTIFICATE / TLS_CERTIFICATE_KEY,
 * issue 26 §3): nginx answers HTTPS with HTTP/2, so a phone's page and its chunks share one
 * connection; the server behind it sees `https` (X-Forwarded-Proto, PUBLIC_URL) and a sign-in works
 * through it. The certificate is self-signed for this file; only this browser ignores its errors.
 * Needs TEST_DATABASE_URL (as `npm test` sets it) and nginx.
 */
describe.skipIf(!postgresUrl)("nginx with TLS and HTTP/2 in front of two processes (needs TEST_DATABASE_URL)", () => {
  const cluster = useCluster("deploytls", { tls: true });
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("serves the app over HTTPS with HTTP/2: the page, its chunks and its data on h2; a sign-in goes through", { timeout: 90_000 }, async () => {
    expect(cluster.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const context = await browser.newContext({ baseURL: cluster.url, ignoreHTTPSErrors: true, locale: "en-US" });
    context.setDefaultTimeout(30_000);
    try {
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel(/email/i).fill("user@northwind.example");
      await page.getByRole("button", { name: /continue/i }).click();
      await page.getByLabel(/^password/i).fill(DEMO_PASSWORD);
      // Every request of the screen so far, as the browser fetched it: none over HTTP/1.1.
      const protocols = await page.evaluate(() => [
        ...performance.getEntriesByType("navigation").map((e) => (e as PerformanceNavigationTiming).nextHopProtocol),
        ...performance.getEntriesByType("resource").map((e) => (e as PerformanceResourceTiming).nextHopProtocol),
      ]);
      expect(protocols.length).toBeGreaterThan(3);
      expect(new Set(protocols)).toEqual(new Set(["h2"]));
      await page.getByRole("button", { name: /sign in/i }).click();
      await page.waitForURL((url) => !url.pathname.startsWith("/login"));
      // The session cookie came back over HTTPS through nginx and signs the next request in.
      const startup = await page.request.get("/api/startup");
      expect(startup.status()).toBe(200);
      expect(((await startup.json()) as { userFlags?: { userId?: number } }).userFlags?.userId).toEqual(expect.any(Number));
    } finally {
      await context.close();
    }
  });
});
