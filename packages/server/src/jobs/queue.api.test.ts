import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../db/client.js";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { startJobQueue, type JobQueue } from "./queue.js";

/**
 * The first jobs sent to queues nobody has made yet, all at once and from two server processes
 * (on PostgreSQL): every send succeeds and every queue is made once. pg-boss makes a table per
 * queue, and two connections making them at once deadlocked (100 results released at once each
 * sent the first result notice). On PGlite the second process is left out: one connection.
 */
const QUEUES = 8;
const SENDS_PER_PROCESS = 3;
let t: TestApp;
let other: { jobs: JobQueue; close: () => Promise<void> } | null = null;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  if (t.databaseUrl) {
    const database = await openPostgres(t.databaseUrl);
    const jobs = await startJobQueue(database);
    other = { jobs, close: async () => (await jobs.stop(), await database.close()) };
  }
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe(`queues made on first use (${testDatabaseKind})`, () => {
  it(`${QUEUES} new queues, each sent to ${SENDS_PER_PROCESS} times at once by every process: every send is kept`, async () => {
    const names = [...Array(QUEUES).keys()].map((i) => `test.first-use-${i}`);
    const processes = [t.ctx.jobs, ...(other ? [other.jobs] : [])];
    const sends = names.flatMap((name) => processes.flatMap((jobs) => [...Array(SENDS_PER_PROCESS).keys()].map((n) => jobs.send(name, { n }))));
    const results = await Promise.allSettled(sends);
    expect(results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(results.every((r) => r.status === "fulfilled" && typeof r.value === "string")).toBe(true);

    const made = (await t.ctx.jobs.boss.getQueues()).map((q) => q.name).filter((n) => n.startsWith("test.first-use-"));
    expect(made.sort()).toEqual([...names].sort());
    for (const name of names) expect(await t.ctx.jobs.boss.getQueueSize(name)).toBe(SENDS_PER_PROCESS * processes.length);
  }, 60_000);
});
