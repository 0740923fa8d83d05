import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { specMessages } from "@parlance/contract";
import { candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { answersHeld, startedTakers, takingApi } from "./test-fixtures.js";
import { saveBatcherOf } from "./save-batcher.js";
import type { SaveSheddingLimits } from "./save-shedding.js";

/**
 * Autosave admission (save-shedding.ts): past a bound the server answers 503 + Retry-After with the
 * route's spec message before doing anything, and a save sent again after a refusal is written
 * exactly once, with nothing the server acknowledged lost.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
const takers: { cookie: string; test: number }[] = [];
const OPEN: SaveSheddingLimits = { loopDelayMs: 60_000, inFlight: 1_000, queued: 1_000, waitMs: 60_000, retryAfterSeconds: 3 };
const METRICS_TOKEN = "metrics-token-for-the-shedding-test";
const refusedMetric = async (reason: string) => {
  const res = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(new RegExp(`^parlance_taking_saves_refused_total\\{reason="${reason}"\\} (\\d+)$`, "m").exec(res.body)?.[1]);
};
const limit = (l: Partial<SaveSheddingLimits>) => (t.ctx.config.saveShedding = { ...OPEN, ...l });

beforeAll(async () => {
  t = await createTestApp({ jobs: false, config: { saveShedding: OPEN, metricsToken: METRICS_TOKEN } });
  api = takingApi(t);
  takers.push(...(await startedTakers(t, 3)));
});
afterAll(() => t?.close());

const held = (tests: number[]) => answersHeld(t, tests);

const save = (k: { cookie: string; test: number }, seq: number, text = `answer ${seq}`) =>
  api.save(k.test, { candidate_test_items: [{ id: "q8", response: text, seq }], seconds_taken: 30 }, k.cookie);

const expectRefused = (res: Awaited<ReturnType<typeof save>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers["retry-after"]).toBe("3");
  expect(res.json()).toEqual({ message: specMessages.testContentFailure, messageKey: "specMessages.testContentFailure" });
};

describe("autosave admission", () => {
  it("a refused save writes nothing; sent again once admitted, it is written once", async () => {
    const k = takers[0];
    limit({ queued: 0 });
    const refusedBefore = await refusedMetric("queued");
    expect(refusedBefore).toBeGreaterThanOrEqual(0);
    expectRefused(await save(k, 10));
    expect(await held([k.test])).toEqual([]);
    expect(await refusedMetric("queued")).toBe(refusedBefore + 1);

    limit({});
    const again = await save(k, 10);
    expect(again.statusCode).toBe(200);
    expect(again.json().saved).toEqual([{ id: "q8", seq: 10 }]);
    // The browser may send it once more (its answer was lost): still one answer, the same.
    expect((await save(k, 10)).statusCode).toBe(200);
    expect(await held([k.test])).toEqual([{ test: k.test, item: "q8", response: "answer 10", seq: 10 }]);
  });

  it("a process whose event loop is late refuses at once", async () => {
    limit({ loopDelayMs: 5 });
    // The loop is held again and again, as a starved CPU would hold it: every timer fires late.
    for (let i = 0; i < 8; i++) {
      const until = performance.now() + 60;
      while (performance.now() < until);
      await new Promise((r) => setTimeout(r, 1));
    }
    expectRefused(await save(takers[1], 11));
    limit({});
  });

  it("past the bound of saves in flight in the process, a new one is refused; the one in flight is written", async () => {
    const [k, other] = takers;
    expect((await save(k, 25)).statusCode).toBe(200);
    limit({ inFlight: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, k.test)).for("update");
      await gate;
    });
    const batcher = saveBatcherOf(t.ctx.database, t.ctx.config.sessionIdleMs);
    const taken = batcher.written.saves + batcher.waiting();
    const first = save(k, 26);
    while (batcher.written.saves + batcher.waiting() === taken) await new Promise((r) => setTimeout(r, 2));
    expectRefused(await save(other, 26));
    release();
    await busy;
    expect((await first).json().saved).toEqual([{ id: "q8", seq: 26 }]);
    // Answered: no longer in flight, so the next is admitted.
    expect((await save(other, 27)).statusCode).toBe(200);
    limit({});
  });

  it("past the bound of saves waiting for the database, new ones are refused; the admitted ones are written, the refused ones when sent again", async () => {
    for (const k of takers) expect((await save(k, 20)).statusCode).toBe(200);
    limit({ queued: 2 });
    const batcher = saveBatcherOf(t.ctx.database, t.ctx.config.sessionIdleMs);
    // The attempts are held (as a submit would) so that the saves pile up behind them.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: candidateTests.id }).from(candidateTests).where(inArray(candidateTests.assignedTestId, takers.map((k) => k.test))).for("update");
      await gate;
    });
    const admitted: { k: (typeof takers)[number]; seq: number; answer: ReturnType<typeof save> }[] = [];
    const refused: { k: (typeof takers)[number]; seq: number }[] = [];
    for (let seq = 30; seq < 50 && refused.length === 0; seq++) {
      const k = takers[seq % takers.length];
      const taken = batcher.written.saves + batcher.waiting();
      const answer = save(k, seq);
      // Each save is either in the batcher (in a statement or waiting) or answered (refused).
      const outcome = await Promise.race([
        answer.then((res) => res),
        (async () => {
          while (batcher.written.saves + batcher.waiting() === taken) await new Promise((r) => setTimeout(r, 2));
          return null;
        })(),
      ]);
      if (outcome && outcome.statusCode === 503) {
        expectRefused(outcome);
        refused.push({ k, seq });
      } else admitted.push({ k, seq, answer });
    }
    expect(refused.length).toBe(1);
    expect(batcher.waiting()).toBe(2);
    release();
    await busy;
    for (const a of admitted) {
      const res = await a.answer;
      expect(res.statusCode).toBe(200);
      // Saves of one attempt waiting together are written in one statement: each is acknowledged
      // with the newest seq of its answer (on PostgreSQL's pool they can wait together).
      const [ack] = res.json().saved as { id: string; seq: number }[];
      expect(ack!.id).toBe("q8");
      expect(ack!.seq).toBeGreaterThanOrEqual(a.seq);
    }
    limit({});
    for (const r of refused) expect((await save(r.k, r.seq)).json().saved).toEqual([{ id: "q8", seq: r.seq }]);

    // Each taker holds one answer: the newest seq it sent, acknowledged or sent again.
    const rows = await held(takers.map((k) => k.test));
    expect(rows).toHaveLength(takers.length);
    for (const k of takers) {
      const newest = Math.max(...[...admitted, ...refused].filter((s) => s.k === k).map((s) => s.seq));
      expect(rows.find((r) => r.test === k.test)).toEqual({ test: k.test, item: "q8", response: `answer ${newest}`, seq: newest });
    }
  });
});
