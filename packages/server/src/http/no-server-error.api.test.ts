import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";
import type { z } from "zod";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_USERS } from "../demo/world.js";
import { DEMO_PREPAY_ACCOUNT } from "../demo/billing.js";

/**
 * No input answers 5xx: every contract route, called by someone allowed to call it, gets every
 * field (and path parameter) set to each hostile value a review found answering 500 — a NUL
 * character, a lone surrogate, an id one past int4, a year 0 date in the search language.
 */
const routes = contract.collectRoutes(contract as unknown as Record<string, unknown>);

const HOSTILE: { label: string; value: unknown }[] = [
  { label: "NUL", value: "a\u0000b" },
  { label: "lone surrogate", value: "x\ud800y" },
  { label: "int4 + 1 as text", value: "2147483648" },
  { label: "int4 + 1", value: 2147483648 },
  { label: "year 0 search", value: "start_date:0000-01-01" },
  { label: "year 0 range", value: "start_date:0000-01-01..9999-12-31" },
];
const PARAMS = ["2147483648", "%00", "a%00b", "%ED%A0%80", "99999999999999999999"];

/** The field names of a route's input schema (through optional, default, pipe and transform). */
function fieldsOf(schema: z.ZodType, depth = 0): string[] {
  if (depth > 5) return [];
  const s = schema as unknown as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (s.shape) return Object.keys(s.shape);
  const def = s._zod?.def ?? {};
  for (const inner of [def.in, def.innerType, def.schema]) {
    if (inner) return fieldsOf(inner as z.ZodType, depth + 1);
  }
  return [];
}

let t: TestApp;
/** A session for each permission (and for signedIn), from the demo cast. */
const sessionFor = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  // The prepay account's administrator (demo/billing.ts) holds `prepay`.
  for (const user of [...DEMO_USERS, DEMO_PREPAY_ACCOUNT.admin]) {
    const cookie = await t.signIn(user.email);
    const startup = (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
    for (const [permission, on] of Object.entries(startup.authorized)) if (on && !sessionFor.has(permission)) sessionFor.set(permission, cookie);
  }
  sessionFor.set("signedIn", await t.signIn("admin@northwind.example"));
}, 120_000);
afterAll(() => t?.close());

const fillPath = (route: RouteDef, value: string) => route.path.replace(/:(\w+)/g, value);

async function call(route: RouteDef, url: string, input: Record<string, unknown>) {
  // Sign-out ends the session it is given: it gets its own.
  const cookie = route.path === "/logout" ? await t.signIn("user@northwind.example") : route.access === "public" ? sessionFor.get("signedIn") : sessionFor.get(route.access);
  const headers: Record<string, string> = { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) };
  if (route.method === "GET") {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: "GET", url: qs ? `${url}?${qs}` : url, headers });
  }
  return t.app.inject({ method: route.method, url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(input) });
}

describe("no input answers 5xx", () => {
  for (const route of routes) {
    it(`${route.method} ${route.path}`, async () => {
      expect(route.access === "public" || route.access === "signedIn" || sessionFor.has(route.access), `no demo user has ${route.access}`).toBe(true);
      const fields = fieldsOf(route.input);
      const okParams = fillPath(route, "1");
      for (const { label, value } of HOSTILE) {
        const input = Object.fromEntries(fields.map((f) => [f, value]));
        const res = await call(route, okParams, input);
        expect.soft(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      for (const param of route.path.includes(":") ? PARAMS : []) {
        const res = await call(route, fillPath(route, param), {});
        expect.soft(res.statusCode, `path ${param}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
    });
  }
});
