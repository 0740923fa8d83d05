import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { answersHeld, candidateWithLogin, startedTakers, takingApi } from "./test-fixtures.js";
import { saveBatcherOf } from "./save-batcher.js";

/**
 * Saves sent at once are written together (save-batcher.ts): each must still get exactly its own
 * answer — written and acknowledged, or refused — whatever else shares its statement.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
const takers: { cookie: string; test: number }[] = [];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  takers.push(...(await startedTakers(t, 3)));
});
afterAll(() => t?.close());

const held = async (tests: number[]) => {
  const rows = await answersHeld(t, tests);
  return new Map(rows.map((r) => [`${r.test}/${r.item}`, { response: r.response, seq: r.seq }]));
};

describe("saves sent at once", () => {
  it("each is written and acknowledged as its own, in any order, with repeats and strangers among them", async () => {
    const texts = ["first", "second", "third", "fourth", "fifth", "sixth"];
    const sends = takers.flatMap((k, who) =>
      texts.map((text, i) => ({
        who,
        // Out of order on purpose: the highest seq must win whatever arrives last.
        seq: 100 + ((i * 7) % texts.length),
        call: () => api.save(k.test, { candidate_test_items: [{ id: "q8", response: `${text} of ${who}`, seq: 100 + ((i * 7) % texts.length) }, { id: "q1", response: "b", seq: 100 + i }] }, k.cookie),
      })),
    );
    // A stranger saving into the first taker's test, and a save without a valid session.
    const stranger = await candidateWithLogin(t);
    const batcher = saveBatcherOf(t.ctx.database, t.ctx.config.sessionIdleMs);
    const before = { ...batcher.written };
    // The attempts are held busy (as a submit would) while the saves arrive, so they queue and go together.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = t.ctx.db.transaction(async (tx) => {
      await tx.select({ id: candidateTests.id }).from(candidateTests).where(inArray(candidateTests.assignedTestId, takers.map((k) => k.test))).for("update");
      await gate;
    });
    const sent = Promise.all([
      ...sends.map((s) => s.call()),
      api.save(takers[0].test, { candidate_test_items: [{ id: "q8", response: "not mine", seq: 999 }] }, stranger.cookie),
      api.save(takers[1].test, { candidate_test_items: [{ id: "q8", response: "nobody", seq: 999 }] }, "parlance_session=gone"),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await busy;
    const results = await sent;
    results.slice(0, sends.length).forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      const saved = new Map((res.json().saved as { id: string; seq: number }[]).map((s) => [s.id, s.seq]));
      // The acknowledgement is the seq now held: at least this save's own.
      expect(saved.get("q8")).toBeGreaterThanOrEqual(sends[i].seq);
    });
    // They did share statements (else this test would prove nothing about batching).
    const saves = batcher.written.saves - before.saves;
    expect(batcher.written.statements - before.statements).toBeLessThan(saves);
    expect(results[sends.length].statusCode).toBe(404);
    expect(results[sends.length + 1].statusCode).toBe(401);

    const answers = await held(takers.map((k) => k.test));
    takers.forEach((k, who) => {
      const newest = sends.filter((s) => s.who === who).reduce((a, b) => (b.seq > a.seq ? b : a));
      const text = texts[[0, 1, 2, 3, 4, 5].find((i) => 100 + ((i * 7) % texts.length) === newest.seq)!];
      expect(answers.get(`${k.test}/q8`)).toEqual({ response: `${text} of ${who}`, seq: newest.seq });
      expect(answers.get(`${k.test}/q1`)).toEqual({ response: "b", seq: 105 });
    });
  });
});
