import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { API_DOCS_PREFIX } from "./api-docs.js";

const contractRoutes = (): RouteDef[] => contract.collectRoutes(contract as unknown as Record<string, unknown>);

let t: TestApp;
const registered: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => registered.push(route) });
});
afterAll(() => t?.close());

describe("route declarations", () => {
  it("every route the server answers is a contract entry with a declared access", () => {
    const declared = new Set(contractRoutes().map((r) => `${r.method} ${r.path}`));
    // The API docs (Swagger UI) are generated from the contract itself.
    const served = registered
      .filter((r) => r.method !== "HEAD" && r.method !== "OPTIONS" && !r.url.startsWith(API_DOCS_PREFIX))
      .map((r) => `${r.method} ${r.url}`);
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((r) => !declared.has(r))).toEqual([]);
  });

  it("the API docs describe every contract route", async () => {
    const res = await t.request({ method: "GET", url: `${API_DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    for (const r of contractRoutes()) {
      const path = r.path.replace(/:(\w+)/g, "{$1}");
      expect(doc.paths[path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeTruthy();
    }
    const ui = await t.request({ method: "GET", url: `${API_DOCS_PREFIX}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("every contract route declares public, signedIn or a known permission", () => {
    const allowed = new Set<string>(["public", "signedIn", ...contract.PERMISSIONS]);
    for (const r of contractRoutes()) expect(allowed.has(r.access), `${r.method} ${r.path}`).toBe(true);
  });
});
