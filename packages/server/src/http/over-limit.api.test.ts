import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as contract from "@parlance/contract";
import type { RouteDef } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { DEMO_USERS } from "../demo/world.js";
import { DEMO_PREPAY_ACCOUNT } from "../demo/billing.js";

/**
 * Issue 23 §2: a validation failure says the spec's or the contract's words, never zod's defaults.
 * From every route's input schema, each field with a limit gets a value past it (a string one
 * character longer than its max, a number one past its range, an array one entry too many) and is
 * sent through the real app by someone allowed to call the route: the answer is a 400 whose message
 * and issues hold no library text, and nothing in the database changed.
 */
const routes = contract.collectRoutes(contract as unknown as Record<string, unknown>);

/** zod's English defaults (zod 4 and 3): none may reach a caller. */
const LIBRARY_TEXT = /Too big|Too small|Invalid (input|option|element|key|string|number|date|type|email|URL|UUID|GUID|ISO|union|discriminator|format|character)|Unrecognized key|expected |Required|String must|Number must|Array must/;

type Def = Record<string, unknown> & { type?: string };
interface Schema {
  shape?: Record<string, Schema>;
  _zod: { def: Def; bag: Record<string, unknown> };
}

/** The object shape under a route's input (through optional, default, pipe and transform). */
function shapeOf(schema: Schema, depth = 0): Record<string, Schema> {
  if (depth > 5) return {};
  if (schema.shape) return schema.shape;
  const def = schema._zod.def;
  for (const inner of [def.in, def.innerType, def.schema]) if (inner) return shapeOf(inner as Schema, depth + 1);
  return {};
}

/** The schema that holds a field's limits: optional, nullable, default, pipe's input and catch unwrapped. */
function baseOf(schema: Schema, depth = 0): Schema {
  const def = schema._zod.def;
  const inner = (def.innerType ?? def.in) as Schema | undefined;
  return inner && depth < 6 ? baseOf(inner, depth + 1) : schema;
}

/** A schema's limits, from its checks: max_length/min_length (strings, arrays), less_than/greater_than (numbers). */
function limitsOf(schema: Schema): { maximum?: number; minimum?: number; exclusiveMax?: boolean; exclusiveMin?: boolean } {
  const limits: ReturnType<typeof limitsOf> = {};
  for (const check of (schema._zod.def.checks ?? []) as { _zod: { def: Record<string, unknown> } }[]) {
    const def = check._zod.def;
    if (def.check === "max_length") limits.maximum = def.maximum as number;
    if (def.check === "min_length") limits.minimum = def.minimum as number;
    if (def.check === "less_than" && typeof def.value === "number") Object.assign(limits, { maximum: def.value, exclusiveMax: !def.inclusive });
    if (def.check === "greater_than" && typeof def.value === "number") Object.assign(limits, { minimum: def.value, exclusiveMin: !def.inclusive });
  }
  return limits;
}

/** Values just past a field's limits (none when it has none). */
function overLimits(field: Schema, get: boolean): { label: string; value: unknown }[] {
  const base = baseOf(field);
  const { type } = base._zod.def;
  const { maximum, minimum, exclusiveMax, exclusiveMin } = limitsOf(base);
  const out: { label: string; value: unknown }[] = [];
  if (type === "string" && typeof maximum === "number" && maximum < 2_000_000) out.push({ label: `${maximum + 1} characters`, value: "x".repeat(maximum + 1) });
  if (type === "number") {
    if (typeof maximum === "number" && Number.isFinite(maximum)) out.push({ label: `${exclusiveMax ? maximum : maximum + 1}`, value: exclusiveMax ? maximum : maximum + 1 });
    if (typeof minimum === "number" && Number.isFinite(minimum)) out.push({ label: `${exclusiveMin ? minimum : minimum - 1}`, value: exclusiveMin ? minimum : minimum - 1 });
  }
  if (type === "array" && !get && typeof maximum === "number" && maximum < 100_000) out.push({ label: `${maximum + 1} entries`, value: Array.from({ length: maximum + 1 }, () => "x") });
  return out;
}

let t: TestApp;
const sessionFor = new Map<string, string>();

/** Every row of every table but the sessions' (a request marks its session seen), as JSON text. */
async function dumpDatabase(): Promise<string> {
  const tables = (await t.ctx.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`)) as unknown as { rows: { table_name: string }[] };
  let dump = "";
  for (const { table_name } of tables.rows) {
    if (table_name === "sessions") continue;
    const rows = (await t.ctx.db.execute(sql.raw(`select row_to_json(x)::text as j from "${table_name}" x order by 1`))) as unknown as { rows: { j: string }[] };
    dump += `${table_name}\n${rows.rows.map((r) => r.j).join("\n")}\n`;
  }
  return dump;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const user of [...DEMO_USERS, DEMO_PREPAY_ACCOUNT.admin]) {
    const cookie = await t.signIn(user.email);
    const startup = (await t.request({ method: "GET", url: "/api/startup", cookie })).json();
    for (const [permission, on] of Object.entries(startup.authorized)) if (on && !sessionFor.has(permission)) sessionFor.set(permission, cookie);
  }
  sessionFor.set("signedIn", await t.signIn("admin@northwind.example"));
}, 120_000);
afterAll(() => t?.close());

async function send(route: RouteDef, input: Record<string, unknown>) {
  // Sign-out is left out: it ends the session it is given before reading anything.
  const cookie = route.access === "public" ? sessionFor.get("signedIn") : sessionFor.get(route.access);
  const url = route.path.replace(/:(\w+)/g, "1");
  const headers: Record<string, string> = { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) };
  if (route.method === "GET") {
    const qs = new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.app.inject({ method: "GET", url: `${url}?${qs}`, headers });
  }
  return t.app.inject({ method: route.method, url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(input) });
}

describe("over-limit values answer the contract's words", () => {
  it("every route: a 400 without library text, and nothing changed", async () => {
    const before = await dumpDatabase();
    const refused: string[] = [];
    let sent = 0;
    for (const route of routes) {
      if (route.path === "/logout") continue;
      for (const [name, field] of Object.entries(shapeOf(route.input as unknown as Schema))) {
        for (const { label, value } of overLimits(field, route.method === "GET")) {
          sent++;
          const res = await send(route, { [name]: value });
          const what = `${route.method} ${route.path} ${name}=${label}: ${res.statusCode} ${res.body.slice(0, 300)}`;
          expect.soft(res.statusCode, what).toBeLessThan(500);
          expect.soft(res.statusCode === 400 || res.statusCode === 401 || res.statusCode === 403, what).toBe(true);
          if (res.statusCode !== 400) continue;
          refused.push(what);
          const body = res.json() as { message: string; issues?: { message: string }[] };
          for (const text of [body.message, ...(body.issues ?? []).map((i) => i.message)]) expect.soft(text, what).not.toMatch(LIBRARY_TEXT);
        }
      }
    }
    // The walk reached the routes (it cannot pass by sending nothing).
    expect(sent).toBeGreaterThan(150);
    expect(refused.length).toBeGreaterThan(150);
    expect(await dumpDatabase()).toBe(before);
  }, 300_000);

  it("the issue's cases: a 201-character news summary and a 256-character title", async () => {
    const cookie = sessionFor.get("manageNews")!;
    const create = (body: Record<string, unknown>) => t.request({ method: "POST", url: contract.adminNewsRoutes.create.path, cookie, body });
    const summary = await create({ title: "News", content: "<p>x</p>", summary: "s".repeat(201) });
    expect(summary.statusCode).toBe(400);
    expect(summary.json()).toMatchObject({ message: "summary is too long: at most 200 characters.", messageKey: "errors.validation.tooLong", messageValues: { field: "summary", maximum: 200 } });
    const title = await create({ title: "t".repeat(256), content: "<p>x</p>" });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toMatchObject({ message: "title is too long: at most 255 characters.", messageKey: "errors.validation.tooLong" });
    const missing = await create({ content: "<p>x</p>" });
    expect(missing.json()).toMatchObject({ message: "Title is required" });
  });

  it("a search query from the address that cannot be read answers the parser's words with their key", async () => {
    const cookie = sessionFor.get("candidates")!;
    const res = await t.request({ method: "POST", url: contract.candidateRoutes.search.path, cookie, body: { query: "start_date:tomorrow", page: 1 } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; messageKey?: string };
    expect(body.messageKey).toMatch(/^search\.messages\./);
    expect(body.message).not.toMatch(LIBRARY_TEXT);
  });
});
