import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { fromBase64, parseCanonicalEntry, trustedKeysOf, verifyCheckpoint, verifyConsistency, type ResultLogConsistency, type ResultLogKeys } from "@parlance/contract";
import { resultLogCheckpoints, resultLogEntries } from "../db/schema.js";
import { createTestApp, secondProcess, testDatabaseKind, type TestApp } from "../test/harness.js";
import { logKeys } from "./keys.js";
import { verifyResultLog } from "./verify-log.js";
import { EXECUTIVE, receivedAttempt } from "./test-fixtures.js";

/**
 * 100 results released at once give one consistent log: indices 0…99 without a gap or a repeat,
 * one entry per result, a signed checkpoint per size, each consistent with the next. On PostgreSQL
 * (TEST_DB=postgres) the releases run side by side on two server processes' worth of connection
 * pools (two apps, 10 connections each), so only the advisory lock orders them; on PGlite they
 * interleave at every await.
 */
const RESULTS = 100;
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

describe(`results released at once (${testDatabaseKind})`, () => {
  it(`${RESULTS} releases at once: one log, indices 0…${RESULTS - 1}, every checkpoint signed and consistent with the next`, async () => {
    const cookie = await t.signIn(EXECUTIVE);
    const attempts: number[] = [];
    for (let i = 0; i < RESULTS; i++) attempts.push(await receivedAttempt(t, i));

    const started = Date.now();
    const answers = await Promise.all(
      attempts.map((id, i) =>
        (i % 2 === 1 && second ? second.app : t.app).inject({
          method: "POST",
          url: `/api/test_results/submit_results/${id}`,
          headers: { origin: "http://localhost:3000", cookie, "content-type": "application/json" },
          payload: JSON.stringify({ categories: [{ score_category_id: "alta", score_level_id: `alta.${1 + (i % 11)}` }] }),
        }),
      ),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    const keys = new Set(answers.map((r) => r.json().verification_key as string));
    expect(keys.size).toBe(RESULTS);
    console.log(`${RESULTS} releases at once on ${testDatabaseKind}: ${Date.now() - started} ms`);

    const rows = await t.ctx.db.select().from(resultLogEntries).orderBy(asc(resultLogEntries.idx));
    expect(rows.map((r) => r.idx)).toEqual([...Array(RESULTS).keys()]);
    expect(new Set(rows.map((r) => parseCanonicalEntry(r.entry)?.key))).toEqual(keys);
    const checkpoints = await t.ctx.db.select().from(resultLogCheckpoints).orderBy(asc(resultLogCheckpoints.treeSize));
    expect(checkpoints.map((c) => c.treeSize)).toEqual([...Array(RESULTS).keys()].map((i) => i + 1));

    const report = await verifyResultLog(t.ctx.db, logKeys(t.ctx.config.resultLog).trusted);
    expect(report).toMatchObject({ entries: RESULTS, checkpoints: RESULTS, problems: [] });

    // Never a fork: each published checkpoint is consistent with the next and with the last.
    const published = trustedKeysOf((await t.app.inject({ method: "GET", url: "/api/result_log/keys" })).json() as ResultLogKeys);
    for (const [from, to] of [...Array(RESULTS - 1).keys()].map((i) => [i + 1, i + 2]).concat([[1, RESULTS], [37, RESULTS]])) {
      const c = (await t.app.inject({ method: "GET", url: `/api/result_log/consistency?from=${from}&to=${to}` })).json() as ResultLogConsistency;
      const [a, b] = [await verifyCheckpoint(c.from.note, published), await verifyCheckpoint(c.to.note, published)];
      if (!a.ok || !b.ok) throw new Error(`checkpoint ${from} or ${to} does not verify`);
      expect(verifyConsistency(from, to, c.proof.map(fromBase64), a.checkpoint.root, b.checkpoint.root), `${from}→${to}`).toBe(true);
    }
    // 6 s alone; a busy machine (2 cores, browser tests beside) needs more than the 30 s default.
  }, 120_000);
});
