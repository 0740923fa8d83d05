import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { candidateTests, evaluatorLanguages, evaluators, scoringAssignments, users } from "../db/schema.js";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../taking/test-fixtures.js";
import { REVIEW_SAMPLE_EVERY } from "./index.js";

/**
 * Routing submissions that arrive at once (the exam-day wave): each claims its evaluator's row
 * (SKIP LOCKED) instead of one provider-wide lock, and still never gives an evaluator more than
 * their capacity nor leaves a test unrouted. On PostgreSQL (TEST_DB=postgres) the submissions run
 * side by side on their own connections; on PGlite they interleave at every await.
 */
let t: TestApp;
const ARABIC = "ar-reading";
const SUBMISSIONS = 12;

const idOf = async (email: string) => (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const openOf = async (userId: number) =>
  (await t.ctx.db.select().from(scoringAssignments).where(and(eq(scoringAssignments.evaluatorUserId, userId), isNull(scoringAssignments.completedAt)))).length;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t?.close());

describe(`submissions routed at once (${testDatabaseKind})`, () => {
  it("twelve Arabic submissions at once: two evaluators get three each (their capacity), six wait unassigned, every one routed once", async () => {
    const intl = await idOf("evaluator.intl@parlance.example");
    const zh = await idOf("evaluator.zh@parlance.example");
    const arabicId = (await t.ctx.db.select({ languageId: evaluatorLanguages.languageId }).from(evaluatorLanguages).where(eq(evaluatorLanguages.evaluatorUserId, intl)))
      .map((r) => r.languageId);
    // The Chinese evaluator also scores the intl evaluator's languages; each takes three more tests.
    for (const languageId of arabicId) await t.ctx.db.insert(evaluatorLanguages).values({ evaluatorUserId: zh, languageId }).onConflictDoNothing();
    for (const id of [intl, zh]) await t.ctx.db.update(evaluators).set({ maxOpenTests: (await openOf(id)) + 3 }).where(eq(evaluators.userId, id));
    const before = { [intl]: await openOf(intl), [zh]: await openOf(zh) };

    const api = takingApi(t);
    const started = [];
    for (let i = 0; i < SUBMISSIONS; i++) {
      const { candidateId, cookie } = await candidateWithLogin(t);
      const assignedId = await assign(t, candidateId, { test: ARABIC });
      expect((await api.start(assignedId, cookie)).statusCode).toBe(200);
      started.push({ assignedId, cookie });
    }
    const submitted = await Promise.all(started.map((s) => api.submit(s.assignedId, { id: s.assignedId }, s.cookie)));
    for (const r of submitted) expect(r.statusCode, r.body).toBe(200);

    const attempts = await t.ctx.db
      .select({ id: candidateTests.id })
      .from(candidateTests)
      .where(inArray(candidateTests.assignedTestId, started.map((s) => s.assignedId)));
    const routed = await t.ctx.db
      .select()
      .from(scoringAssignments)
      .where(inArray(scoringAssignments.candidateTestId, attempts.map((a) => a.id)));
    expect(routed).toHaveLength(SUBMISSIONS);
    const to = (id: number | null) => routed.filter((r) => r.evaluatorUserId === id).length;
    expect([to(intl), to(zh), to(null)]).toEqual([3, 3, SUBMISSIONS - 6]);
    expect(await openOf(intl)).toBe(before[intl]! + 3);
    expect(await openOf(zh)).toBe(before[zh]! + 3);
    // The sample still marks one in REVIEW_SAMPLE_EVERY (a sequence, not a count): twelve numbers in a row hold one or two.
    const sampled = routed.filter((r) => r.reviewReason === "sample").length;
    expect(sampled).toBeGreaterThanOrEqual(1);
    expect(sampled).toBeLessThanOrEqual(Math.ceil(SUBMISSIONS / REVIEW_SAMPLE_EVERY));
  });
});
