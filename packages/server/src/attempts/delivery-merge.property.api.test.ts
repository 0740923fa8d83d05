import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { asc, eq } from "drizzle-orm";
import { candidateTestAnswers, candidateTestEvents, candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../taking/test-fixtures.js";
import { chainOf, sealFile, type Change, type Setup } from "./independent-sealer.js";

/**
 * The merge as a property (issue 27): one journal, delivered piece by piece in any interleaving of
 * online saves (each from some event on, as a browser resending after lost answers does, possibly
 * out of order) and sealed files (each a prefix of the journal: older and newer files), always
 * ends with the answers of the newest event per item among those delivered, every delivered event
 * stored exactly once, and — once the whole journal has arrived — the journal's head acknowledged.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
});
afterAll(() => t?.close());

const ITEMS = ["q1", "q8"];
type Op = { kind: "save"; from: number; to: number } | { kind: "file"; to: number };

const journalArb = fc.array(fc.record({ item: fc.constantFrom(...ITEMS), text: fc.constantFrom("a", "b", "c", "d") }), { minLength: 1, maxLength: 12 });

describe("merging online saves and files", () => {
  it("any interleaving gives the same answers; no event lost or stored twice", { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(journalArb, fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }), async (changesSpec, opsSpec) => {
        const c = await candidateWithLogin(t);
        const id = await assign(t, c.candidateId, { test: "en-reading" });
        const setup = (await api.start(id, c.cookie)).json().journal as Setup;
        const T0 = Date.now();
        const changes: Change[] = changesSpec.map((x, i) => ({ item: x.item, response: x.item === "q1" ? x.text : `text ${x.text}${i}`, seq: (i + 1) * 10, t: T0 + i }));
        const { events, head } = await chainOf(setup.attempt_id, changes);
        const n = events.length;
        const ops: Op[] = opsSpec.map(([file, a, b]) => {
          const to = (b % n) + 1;
          return file ? { kind: "file", to } : { kind: "save", from: Math.min(a % n, to - 1), to };
        });
        const delivered = new Set<number>();
        for (const op of ops) {
          if (op.kind === "save") {
            const sent = events.slice(op.from, op.to);
            const newest = new Map(sent.map((e) => [e.item, { id: e.item, response: e.response, seq: e.seq }]));
            const res = await api.save(id, { candidate_test_items: [...newest.values()], events: sent }, c.cookie);
            expect(res.statusCode, res.body).toBe(200);
            sent.forEach((e) => delivered.add(e.seq));
          } else {
            const prefix = events.slice(0, op.to);
            const last = op.to === n ? head : (await chainOf(setup.attempt_id, changes.slice(0, op.to))).head;
            const res = await t.request({ method: "POST", url: `/api/test_content/deliver_file/${id}`, cookie: c.cookie, body: { file: await sealFile(setup, prefix, last) } });
            expect(res.statusCode, res.body).toBe(200);
            prefix.forEach((e) => delivered.add(e.seq));
          }
        }
        const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
        const check = async () => {
          const stored = await t.ctx.db.select().from(candidateTestEvents).where(eq(candidateTestEvents.candidateTestId, attempt.id)).orderBy(asc(candidateTestEvents.seq));
          expect(stored.map((e) => e.seq)).toEqual([...delivered].sort((a, b) => a - b));
          const expected: Record<string, string> = {};
          for (const e of events) if (delivered.has(e.seq)) expected[e.item] = e.response;
          const held = await t.ctx.db.select().from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, attempt.id));
          expect(Object.fromEntries(held.map((a) => [a.itemId, a.response]))).toEqual(expected);
        };
        await check();
        // Finally the whole journal arrives (the last file): everything, once, and the head.
        const res = await t.request({ method: "POST", url: `/api/test_content/deliver_file/${id}`, cookie: c.cookie, body: { file: await sealFile(setup, events, head) } });
        expect(res.statusCode, res.body).toBe(200);
        events.forEach((e) => delivered.add(e.seq));
        await check();
        expect(res.json().journal_head).toBe(head);
      }),
      { numRuns: 10 },
    );
  });
});
