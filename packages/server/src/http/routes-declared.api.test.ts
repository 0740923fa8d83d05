import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";

/** Every route the contract declares, found among the contract's exported route groups. */
function contractRoutes(): RouteDef[] {
  const found: RouteDef[] = [];
  for (const value of Object.values(contract)) {
    if (!value || typeof value !== "object") continue;
    for (const entry of Object.values(value as Record<string, unknown>)) {
      const r = entry as Partial<RouteDef>;
      if (r && typeof r === "object" && typeof r.path === "string" && typeof r.method === "string" && "access" in r) found.push(r as RouteDef);
    }
  }
  return found;
}

let t: TestApp;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
});
afterAll(() => t?.close());

describe("route declarations", () => {
  it("every route the server answers is a contract entry with a declared access", () => {
    const declared = new Set(contractRoutes().map((r) => `${r.method} ${r.path}`));
    const served = registered.filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS").map((r) => `${r.method} ${r.url}`);
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((r) => !declared.has(r))).toEqual([]);
  });

  it("every contract route declares public, signedIn or a known permission", () => {
    const allowed = new Set<string>(["public", "signedIn", ...contract.PERMISSIONS]);
    for (const r of contractRoutes()) expect(allowed.has(r.access), `${r.method} ${r.path}`).toBe(true);
  });
});
