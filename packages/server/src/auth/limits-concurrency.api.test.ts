import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { authKeys, users } from "../db/schema.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { createTestApp, secondProcess, type TestApp } from "../test/harness.js";
import { ORIGIN } from "./test-support.js";

/**
 * The sign-in and reset limits hold when the tries arrive at once: each try is counted before it
 * is checked, so 40 simultaneous passwords for one account get at most 5 checks. On PostgreSQL the
 * tries are split between two server processes (two apps, two pools) on one database.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof secondProcess>> = null;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  second = await secondProcess(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** The apps the requests are spread over: one on PGlite, two processes' worth on PostgreSQL. */
const apps = () => (second ? [t.app, second.app] : [t.app]);

const post = (i: number, url: string, body: unknown, ip: string) =>
  apps()[i % apps().length].inject({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: { origin: ORIGIN, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("sign-in limits under concurrency", () => {
  it("40 simultaneous passwords for one account: at most 5 are checked, the rest answer 429, the right 40th too", async () => {
    const tries = Array.from({ length: 40 }, (_, i) => (i === 39 ? DEMO_PASSWORD : `Wrong-password-${i}`));
    // Each try from its own address: only the account's limit (5 in 15 minutes) is in play.
    const res = await Promise.all(tries.map((password, i) => post(i, "/login", { email_address: "user@northwind.example", password }, `10.1.0.${i + 1}`)));
    const counts = tally(res.map((r) => r.statusCode));
    expect((counts[401] ?? 0) + (counts[200] ?? 0), JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(35);
    expect(Object.keys(counts).every((s) => ["200", "401", "429"].includes(s)), JSON.stringify(counts)).toBe(true);
    // Unless the right one happened to be among the five checked, the account is now locked.
    if (!counts[200]) {
      const after = await post(0, "/login", { email_address: "user@northwind.example", password: DEMO_PASSWORD }, "10.1.1.1");
      expect(after.statusCode).toBe(429);
    }
  });

  it("40 simultaneous access codes from one address: at most 20 are looked up", async () => {
    const res = await Promise.all(Array.from({ length: 40 }, (_, i) => post(i, "/login", { access_code: `NOPE-${i}` }, "10.2.0.1")));
    const counts = tally(res.map((r) => r.statusCode));
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(20);
    expect(counts[429] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(20);
  });

  it("a right password after a few wrong ones still signs in, and clears the account's count", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post(i, "/login", { email_address: "office.user@northwind.example", password: "Wrong-1" }, `10.3.0.${i}`)).statusCode).toBe(401);
    }
    expect((await post(0, "/login", { email_address: "office.user@northwind.example", password: DEMO_PASSWORD }, "10.3.1.0")).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await post(i, "/login", { email_address: "office.user@northwind.example", password: "Wrong-2" }, `10.3.2.${i}`)).statusCode).toBe(401);
    }
  });
});

describe("reset limits under concurrency", () => {
  it("40 simultaneous reset requests for one address: at most 3 links are made", async () => {
    const [user] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@contoso.example"));
    const keysBefore = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(authKeys).where(eq(authKeys.userId, user.id)))[0].n;
    const res = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i, "/send_password_reset", { email_address: "admin@contoso.example" }, `10.4.0.${i + 1}`)),
    );
    const counts = tally(res.map((r) => r.statusCode));
    expect(counts[429] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(37);
    const keysAfter = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(authKeys).where(eq(authKeys.userId, user.id)))[0].n;
    expect(keysAfter - keysBefore).toBeLessThanOrEqual(3);
    expect(keysAfter - keysBefore).toBeGreaterThan(0);
  });
});
