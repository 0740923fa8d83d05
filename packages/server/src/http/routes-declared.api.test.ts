import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { API_DOCS_PREFIX } from "./api-docs.js";
import { OPS_PATHS } from "../ops/index.js";

/** Every route group the contract exports, whether or not it is listed in apiAreas. */
const contractRoutes = (): RouteDef[] => contract.collectRoutes(contract as unknown as Record<string, unknown>);
const key = (r: { method: string; path?: string; url?: string }) => `${r.method} ${r.path ?? r.url}`;
/** The video room's WebSocket: not a JSON route; its access is the token of a contract route (docs/video.md). */
const SOCKETS = new Set([`GET ${contract.VIDEO_SOCKET_PATH}/:id`]);
/** Health checks and metrics for load balancers and Prometheus: no session, no JSON API (docs/operations.md). */
const OPS = new Set(OPS_PATHS.map((p) => `GET ${p}`));

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
    expect(served.filter((r) => !declared.has(r) && !SOCKETS.has(r) && !OPS.has(r))).toEqual([]);
  });

  it("every contract route has a handler: the server serves each one", () => {
    const served = new Set(registered.map(key));
    const missing = contractRoutes().map(key).filter((r) => !served.has(r));
    expect(missing).toEqual([]);
  });

  it("every route group the contract exports is an area of apiAreas, so the compiler demands its handlers", () => {
    const inAreas = new Set(contract.apiRoutes().map(key));
    expect(contractRoutes().map(key).filter((r) => !inAreas.has(r))).toEqual([]);
    expect(contract.apiRoutes().length).toBe(new Set(contract.apiRoutes().map(key)).size);
  });

  it("the API docs are served: the OpenAPI document and its page", async () => {
    const res = await t.request({ method: "GET", url: `${API_DOCS_PREFIX}/json` });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    const ui = await t.request({ method: "GET", url: `${API_DOCS_PREFIX}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toContain("text/html");
  });

  it("every contract route declares public, signedIn or a known permission", () => {
    const allowed = new Set<string>(["public", "signedIn", ...contract.PERMISSIONS]);
    for (const r of contractRoutes()) expect(allowed.has(r.access), `${r.method} ${r.path}`).toBe(true);
  });
});
