import { and, asc, count, eq, isNotNull, ne, notInArray, sql } from "drizzle-orm";
import type { TestContent } from "@parlance/contract";
import {
  assignedTests,
  candidateTestAnswers,
  candidateTests,
  evaluatorLanguages,
  evaluators,
  itemObjectiveResults,
  scoringAssignments,
  tests,
  users,
} from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { automaticState, CHOICE_OBJECTIVE, dueAtFor } from "../results/index.js";
import { scoreQtiAttempt } from "../qti/index.js";

/**
 * A received attempt becomes a scoreable test (docs/scoring.md): its choice items are scored
 * automatically, it is marked for review when it is a retest or falls on the sample, and it goes to
 * the evaluator of its language with the fewest open tests (ties: longest since their last
 * assignment). With no evaluator for the language it waits unassigned for a Testing Executive.
 */

/** Every Nth scoreable test is marked for a second look. */
export const REVIEW_SAMPLE_EVERY = 10;

/** Tries of claiming an evaluator before the test waits unassigned (each try skips one found full). */
const CLAIM_TRIES = 5;

export interface RoutedTest {
  candidateTestId: number;
  evaluatorUserId: number | null;
  dueAt: Date;
  isReview: boolean;
  objective: { correct: number; total: number } | null;
}

/** Automatic results of the choice items with an answer key; written as automatic objective states. */
async function scoreObjectiveItems(tx: Tx, candidateTestId: number, content: TestContent) {
  const answers = new Map(
    (
      await tx
        .select({ itemId: candidateTestAnswers.itemId, response: candidateTestAnswers.response })
        .from(candidateTestAnswers)
        .where(eq(candidateTestAnswers.candidateTestId, candidateTestId))
    ).map((a) => [a.itemId, a.response]),
  );
  const rows: (typeof itemObjectiveResults.$inferInsert)[] = [];
  for (const item of content.sections.flatMap((s) => s.items)) {
    const state = automaticState(item, answers.get(item.id));
    if (state) rows.push({ candidateTestId, itemId: item.id, objectiveId: CHOICE_OBJECTIVE.id, stateId: state, automatic: true });
  }
  if (rows.length) await tx.insert(itemObjectiveResults).values(rows).onConflictDoNothing();
  return rows.length ? { correct: rows.filter((r) => r.stateId === "correct").length, total: rows.length } : null;
}

/** The automatic results again, after a delivery file changed the answers of a received, unscored attempt. */
export async function rescoreObjectiveItems(tx: Tx, candidateTestId: number, content: TestContent) {
  await tx.delete(itemObjectiveResults).where(and(eq(itemObjectiveResults.candidateTestId, candidateTestId), eq(itemObjectiveResults.automatic, true)));
  return scoreObjectiveItems(tx, candidateTestId, content);
}

const openTests = sql<number>`(select count(*)::int from ${scoringAssignments} where ${scoringAssignments.evaluatorUserId} = ${evaluators.userId} and ${scoringAssignments.completedAt} is null)`;

/** The evaluators who may take a test of the language now: active, accepting work, below their capacity, in the order of preference. */
function eligible(tx: Tx, languageId: number, excluded: number[] = []) {
  return tx
    .select({ userId: evaluators.userId })
    .from(evaluators)
    .innerJoin(evaluatorLanguages, eq(evaluatorLanguages.evaluatorUserId, evaluators.userId))
    .innerJoin(users, eq(users.id, evaluators.userId))
    .where(
      and(
        eq(evaluatorLanguages.languageId, languageId),
        eq(evaluators.acceptsWork, true),
        eq(users.isActive, true),
        sql`(${evaluators.maxOpenTests} is null or ${openTests} < ${evaluators.maxOpenTests})`,
        excluded.length ? notInArray(evaluators.userId, excluded) : undefined,
      ),
    )
    .orderBy(asc(openTests), sql`${evaluators.lastAssignedAt} asc nulls first`, asc(evaluators.userId))
    .limit(1);
}

/**
 * The active evaluator of a language with the fewest open tests, below their capacity (max_open_tests,
 * set in the back office; null is no limit); ties to whoever waited longest.
 */
export async function pickEvaluator(tx: Tx, languageId: number): Promise<number | null> {
  const [row] = await eligible(tx, languageId);
  return row?.userId ?? null;
}

/**
 * pickEvaluator for routing, under the chosen evaluator's row lock (held to the commit): every
 * assignment takes it, so two submissions never give one evaluator more than their capacity, and
 * submissions at once go to different evaluators side by side (SKIP LOCKED) instead of queueing
 * behind one provider-wide lock (the exam-day wave found that lock capping submits). When every
 * eligible evaluator is being assigned at that moment, it waits for the first.
 */
async function claimEvaluator(tx: Tx, languageId: number): Promise<number | null> {
  const full: number[] = [];
  for (let i = 0; i < CLAIM_TRIES; i++) {
    const [free] = await eligible(tx, languageId, full).for("update", { of: evaluators, skipLocked: true });
    const [row] = free ? [free] : await eligible(tx, languageId, full).for("update", { of: evaluators });
    if (!row) return null;
    // Holding the row lock nobody else assigns to them: this count (a new statement, so it sees
    // every assignment committed before the lock came) is exact.
    const [{ open, max }] = await tx
      .select({ open: openTests, max: evaluators.maxOpenTests })
      .from(evaluators)
      .where(eq(evaluators.userId, row.userId));
    if (max === null || open < max) return row.userId;
    full.push(row.userId);
  }
  return null;
}

/**
 * Makes a received attempt scoreable. Safe to repeat: a test already routed is left as it is.
 * `content` is the attempt's pinned content (null for tests without online content: paper, phone,
 * live, video), whose choice items are scored automatically.
 */
export async function routeScoreableTest(
  tx: Tx,
  candidateTestId: number,
  content: TestContent | null,
  now: Date,
  /** Demo data only: a chosen evaluator and due time instead of the rule's. */
  fixed?: { evaluatorUserId: number; dueAt: Date },
): Promise<RoutedTest | null> {
  const [facts] = await tx
    .select({
      candidateId: candidateTests.candidateId,
      receivedAt: candidateTests.receivedAt,
      resultState: candidateTests.resultState,
      testId: assignedTests.testId,
      languageId: tests.languageId,
      routed: scoringAssignments.candidateTestId,
    })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(scoringAssignments, eq(scoringAssignments.candidateTestId, candidateTests.id))
    .where(eq(candidateTests.id, candidateTestId));
  if (!facts || facts.routed !== null || facts.resultState !== null) return null;

  const objective = content ? await scoreObjectiveItems(tx, candidateTestId, content) : null;
  // QTI items: response processing on the server, each item's score and the raw score stored (issue 29).
  if (content) await scoreQtiAttempt(tx, candidateTestId, facts.testId, content, now);

  // A retest (an earlier result of the same test for the same candidate) always gets a second look.
  const [earlier] = await tx
    .select({ n: count() })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .where(
      and(
        eq(candidateTests.candidateId, facts.candidateId),
        eq(assignedTests.testId, facts.testId),
        ne(candidateTests.id, candidateTestId),
        isNotNull(candidateTests.resultState),
      ),
    );
  // The sample counts routings with a sequence, not a count of every assignment ever made (which
  // grows with the history and, read under a lock, made every submission wait for the others).
  const sample = earlier.n > 0 ? null : ((await tx.execute(sql`select nextval('scoring_review_sample_seq') as n`)) as unknown as { rows: { n: string | number }[] });
  const sampled = sample !== null && Number(sample.rows[0]!.n) % REVIEW_SAMPLE_EVERY === 0;
  const reviewReason = earlier.n > 0 ? "retest" : sampled ? "sample" : null;

  const evaluatorUserId = fixed ? fixed.evaluatorUserId : await claimEvaluator(tx, facts.languageId);
  const dueAt = fixed ? fixed.dueAt : dueAtFor(facts.receivedAt ?? now);
  await tx.insert(scoringAssignments).values({
    candidateTestId,
    evaluatorUserId,
    assignedAt: evaluatorUserId === null ? null : now,
    dueAt,
    isReview: reviewReason !== null,
    reviewReason,
    objectiveCorrect: objective?.correct ?? null,
    objectiveTotal: objective?.total ?? null,
    routedAt: now,
  });
  if (evaluatorUserId !== null) await tx.update(evaluators).set({ lastAssignedAt: now }).where(eq(evaluators.userId, evaluatorUserId));
  return { candidateTestId, evaluatorUserId, dueAt, isReview: reviewReason !== null, objective };
}
