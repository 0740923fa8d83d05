import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { loadConfig } from "../config.js";
import { securityHeaderOptions, securityHeadersOf } from "./security-headers.js";

/** Every response carries the security headers of DESIGN.md §5, worked out once by helmet. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t?.close());

/** The CSP's directives by name: "script-src 'self' https://x" → { "script-src": ["'self'", "https://x"] }. */
const directives = (csp: unknown): Record<string, string[]> =>
  Object.fromEntries(
    String(csp)
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0] !== "")
      .map(([name, ...values]) => [name, values]),
  );

describe("security headers", () => {
  it("an API answer, a refused request and an unknown path all carry them", async () => {
    for (const res of [
      await t.request({ method: "GET", url: "/api/startup" }),
      await t.request({ method: "POST", url: "/api/test_content/save_progress/1", body: {} }),
      await t.request({ method: "GET", url: "/no/such/page" }),
    ]) {
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("same-origin");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      // Not in production: no HSTS, no upgrade of insecure requests (the demo runs on http://localhost).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(csp).not.toContain("upgrade-insecure-requests");
    }
  });

  it("test mode (no STRIPE_*) keeps the strict policy: nothing of Stripe's, no frames beyond 'self'", async () => {
    expect(t.ctx.config.payments.processor).toBe("test");
    const csp = directives((await t.request({ method: "GET", url: "/api/startup" })).headers["content-security-policy"]);
    expect(csp["script-src"]).toEqual(["'self'"]);
    expect(csp["connect-src"]).toEqual(["'self'"]);
    expect(csp["frame-src"]).toBeUndefined();
    expect(csp["default-src"]).toEqual(["'self'"]);
    expect(JSON.stringify(csp)).not.toContain("stripe");
  });

  it("Stripe mode (STRIPE_* set) allows Stripe.js: its script, its frames and its API, and nothing else more", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      PUBLIC_URL: "http://localhost:3000",
      STRIPE_SECRET_KEY: "sk_test_csp",
      STRIPE_PUBLISHABLE_KEY: "pk_test_csp",
      STRIPE_WEBHOOK_SECRET: "whsec_csp",
    } as NodeJS.ProcessEnv);
    expect(config.payments.processor).toBe("stripe");
    // Through the real app configured for Stripe: the headers worked out once at its start.
    const stripeApp = await createTestApp({ jobs: false, config: { payments: config.payments } });
    try {
      for (const url of ["/api/startup", "/no/such/page"]) {
        const csp = directives((await stripeApp.request({ method: "GET", url })).headers["content-security-policy"]);
        expect(csp["script-src"], url).toEqual(["'self'", "https://js.stripe.com"]);
        expect(csp["frame-src"], url).toEqual(["'self'", "https://js.stripe.com", "https://hooks.stripe.com"]);
        expect(csp["connect-src"], url).toEqual(["'self'", "https://api.stripe.com"]);
        expect(csp["default-src"], url).toEqual(["'self'"]);
        expect(csp["frame-ancestors"], url).toEqual(["'none'"]);
        expect(csp["style-src"], url).toEqual(["'self'", "'unsafe-inline'"]);
      }
    } finally {
      await stripeApp.close();
    }
    // The same policy as securityHeaderOptions answers for that configuration, in production too.
    const production = directives(securityHeadersOf(securityHeaderOptions({ ...config, production: true }))["content-security-policy"]);
    expect(production["script-src"]).toEqual(["'self'", "https://js.stripe.com"]);
    expect(production["upgrade-insecure-requests"]).toEqual([]);
  });

  it("production adds HSTS and upgrade-insecure-requests", () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      strictTransportSecurity: true,
    });
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
