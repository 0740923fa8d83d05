import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";

/**
 * Whatever a client sends, bad input is a 4xx with a readable message, never a 500. Every
 * contract route gets the same battery of malformed requests, signed in as an administrator who
 * may call most of them.
 */
const routes = contract.collectRoutes(contract as unknown as Record<string, unknown>);

const BODIES: { label: string; payload: string; type: string }[] = [
  { label: "broken JSON", payload: '{"page": ', type: "application/json" },
  { label: "a JSON array", payload: "[1,2,3]", type: "application/json" },
  { label: "a JSON string", payload: '"hello"', type: "application/json" },
  { label: "JSON null", payload: "null", type: "application/json" },
  { label: "wrong types", payload: JSON.stringify({ page: "abc", id: { x: 1 }, name: 42, email_address: [], password: null, is_invoiced: "yes", language: "fr", minProctorApptDelay: {} }), type: "application/json" },
  { label: "huge numbers", payload: JSON.stringify({ page: 1e300, id: 99999999999 }), type: "application/json" },
  { label: "plain text", payload: "just text", type: "text/plain" },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const fill = (path: string) => path.replace(/:(\w+)/g, "abc");

describe("bad input never answers 500", () => {
  for (const route of routes.filter((r) => r.method !== "GET")) {
    it(`${route.method} ${route.path}`, async () => {
      for (const body of BODIES) {
        // A fresh session each time: some bodies are acceptable to /logout, which ends the session.
        const cookie = await t.signIn("admin@northwind.example");
        const res = await t.app.inject({
          method: route.method,
          url: fill(route.path),
          headers: { origin: "http://localhost:3000", cookie, "content-type": body.type },
          payload: body.payload,
        });
        expect(res.statusCode, `${body.label}: ${res.body}`).toBeLessThan(500);
        expect(typeof res.json().message, body.label).toBe("string");
        // Sign-out takes no input: any JSON object (with keys it ignores) is a fine request.
        if (route.path === "/logout" && body.payload.startsWith("{")) continue;
        expect(res.statusCode, `${body.label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      }
    });
  }

  for (const route of routes.filter((r) => r.method === "GET")) {
    it(`${route.method} ${route.path} with a nonsense query`, async () => {
      const cookie = await t.signIn("admin@northwind.example");
      const res = await t.request({ method: "GET", url: `${fill(route.path)}?page=-1&lang=xx&kind=nope&id=%00`, cookie });
      expect(res.statusCode, res.body).toBeLessThan(500);
    });
  }
});
