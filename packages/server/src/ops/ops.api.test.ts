import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { assignedTests } from "../db/schema.js";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { takingApi } from "../taking/test-fixtures.js";
import { readiness } from "./health.js";

/** /healthz, /readyz and /metrics through the real app: answers, checks, the token, and the figures. */

const TOKEN = "metrics-token-for-the-api-test-0123";
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) => t.app.inject({ method: "GET", url, headers, remoteAddress });
const scrape = async () => {
  const res = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The value of one sample line (`name{labels}`), or undefined when the metrics do not have it. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
async function until<T>(probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe("health checks", () => {
  it("/healthz answers 200 without a session, whatever cookie comes along", async () => {
    for (const headers of [{}, { cookie: "parlance_session=not-a-session" }] as Record<string, string>[]) {
      const res = await get("/healthz", headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("/readyz answers 200 with its checks, and nothing else, when all is well", async () => {
    const res = await get("/readyz");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok" } });
  });

  it("/readyz answers 503 while a shipped migration is not applied", async () => {
    const { database } = t.ctx;
    const newest = "(SELECT max(created_at) FROM drizzle.__drizzle_migrations)";
    await database.sql.query(`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${newest}`);
    try {
      const res = await get("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "not ready", checks: { database: "ok", migrations: "pending", jobs: "ok" } });
    } finally {
      await database.sql.query(`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${newest}`);
    }
    expect((await get("/readyz")).statusCode).toBe(200);
  });

  it("a database that does not answer, or job workers not running, are not ready", async () => {
    const down = { ...t.ctx.database, sql: { ...t.ctx.database.sql, query: () => Promise.reject(new Error("connection refused")) } };
    expect(await readiness({ database: down, jobs: t.ctx.jobs })).toEqual({ status: "not ready", checks: { database: "failed", migrations: "unknown", jobs: "ok" } });
    const idle = { ...t.ctx.jobs, status: () => ({ running: true, workers: [] }) };
    expect((await readiness({ database: t.ctx.database, jobs: idle })).checks.jobs).toBe("stopped");
  });
});

describe("/metrics", () => {
  it("needs the token: none or a wrong one is refused with 401, the right one gets the text format", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0000000000000000", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await get("/metrics", authorization ? { authorization } : {});
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain("parlance_");
    }
    const ok = await get("/metrics", { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toContain("text/plain");
    expect(ok.body).toContain("# TYPE parlance_http_request_duration_seconds histogram");
    expect(ok.body).toContain("process_cpu_user_seconds_total");
  });

  it("without a token: open to this machine outside production; hidden (404) from elsewhere, through a proxy, and in production", async () => {
    const config = t.ctx.config;
    const saved = { metricsToken: config.metricsToken, production: config.production };
    config.metricsToken = undefined;
    try {
      expect((await get("/metrics")).statusCode).toBe(200);
      expect((await get("/metrics", {}, "203.0.113.9")).statusCode).toBe(404);
      expect((await get("/metrics", { "x-forwarded-for": "203.0.113.9" })).statusCode).toBe(404);
      config.production = true;
      expect((await get("/metrics")).statusCode).toBe(404);
    } finally {
      Object.assign(config, saved);
    }
  });

  it("counts requests by route pattern, never by raw URL", async () => {
    const admin = await t.signIn("admin@northwind.example");
    await t.request({ method: "GET", url: "/api/candidates/987654321", cookie: admin });
    await t.request({ method: "GET", url: "/no/such/page" });
    const text = await scrape();
    expect(sample(text, 'parlance_http_request_duration_seconds_count{method="POST",route="/login",status_code="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'parlance_http_request_duration_seconds_count{method="GET",route="/api/candidates/:id",status_code="404"}')).toBe(1);
    expect(sample(text, 'parlance_http_request_duration_seconds_count{method="GET",route="(unrouted)",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("987654321");
    expect(text).not.toContain("/no/such/page");
  });

  it("counts the saves and submissions acknowledged, not the refused ones", async () => {
    const api = takingApi(t);
    const cookie = await t.signIn("candidate@northwind.example");
    const [row] = await t.ctx.db
      .select({ id: assignedTests.id })
      .from(assignedTests)
      .where(and(eq(assignedTests.candidateId, t.ids.history.demoCandidate.northwind), eq(assignedTests.testId, t.ids.catalogue.tests["en-reading"])));
    const before = await scrape();
    expect(sample(before, "parlance_taking_saves_acknowledged_total")).toBe(0);
    expect((await api.start(row.id, cookie)).statusCode).toBe(200);
    expect((await api.save(row.id, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, cookie)).statusCode).toBe(200);
    expect((await api.save(row.id, { candidate_test_items: [{ id: "q1", response: "c", seq: 2 }] }, cookie)).statusCode).toBe(200);
    expect((await api.save(row.id, { candidate_test_items: [{ id: "nope", response: "x", seq: 3 }] }, cookie)).statusCode).toBe(400);
    expect((await api.submit(row.id, { candidate_test_items: [] }, cookie)).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, "parlance_taking_saves_acknowledged_total")).toBe(2);
    expect(sample(after, "parlance_taking_submits_acknowledged_total")).toBe(1);
    expect(sample(after, 'parlance_http_request_duration_seconds_count{method="POST",route="/api/test_content/save_progress/:id",status_code="200"}')).toBe(2);
  });

  it("shows the jobs waiting, scheduled for later and failed, by queue", async () => {
    await t.ctx.jobs.send("ops.test.waiting", {});
    await t.ctx.jobs.send("ops.test.later", {}, { startAfterSeconds: 3600 });
    await t.ctx.jobs.work("ops.test.failing", async () => {
      throw new Error("this job always fails");
    });
    await t.ctx.jobs.send("ops.test.failing", {}, { retryLimit: 0 });
    const text = await until(async () => {
      const s = await scrape();
      return sample(s, 'parlance_jobs_failed{queue="ops.test.failing"}') === 1 ? s : undefined;
    });
    expect(sample(text, 'parlance_jobs_waiting{queue="ops.test.waiting"}')).toBe(1);
    expect(sample(text, 'parlance_jobs_deferred{queue="ops.test.later"}')).toBe(1);
    expect(sample(text, 'parlance_jobs_waiting{queue="ops.test.later"}')).toBe(0);
    expect(sample(text, 'parlance_jobs_active{queue="mail.deliver"}')).toBeDefined();
  });

  it("shows the PostgreSQL pool (not on the embedded database)", async () => {
    const text = await scrape();
    if (testDatabaseKind === "postgres") {
      expect(sample(text, "parlance_db_pool_max")).toBe(10);
      expect(sample(text, "parlance_db_pool_total")).toBeGreaterThanOrEqual(1);
      expect(sample(text, "parlance_db_pool_waiting")).toBe(0);
    } else expect(text).not.toContain("parlance_db_pool_");
  });
});

describe("after the job queue stops", () => {
  it("/readyz answers 503 (jobs stopped) and /healthz still 200", async () => {
    await t.ctx.jobs.stop();
    const res = await get("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "not ready", checks: { database: "ok", migrations: "ok", jobs: "stopped" } });
    expect((await get("/healthz")).statusCode).toBe(200);
  });
});
