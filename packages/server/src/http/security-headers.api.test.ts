import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { securityHeadersOf } from "./security-headers.js";

/** Every response carries the security headers of DESIGN.md §5, worked out once by helmet. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t?.close());

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

  it("production adds HSTS and upgrade-insecure-requests", () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: [] } },
      strictTransportSecurity: true,
    });
    expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(headers["content-security-policy"]).toContain("upgrade-insecure-requests");
  });
});
