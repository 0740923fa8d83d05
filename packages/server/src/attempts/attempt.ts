import { and, asc, eq, isNull } from "drizzle-orm";
import { SAVE_GRACE_SECONDS, takingMessages } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidateTestAnswers, candidateTests, candidates, tests } from "../db/schema.js";
import { ownAssignedTests, type Scope } from "../auth/scope.js";
import { conflict, HttpError, unprocessable } from "../http/errors.js";
import type { AnswerMap } from "./receipt.js";

/**
 * The pieces every route that touches an attempt shares: finding the assigned test the session
 * holds, whether it may start, the clock, the open check and the row lock. Starting is start.ts,
 * submitting submit.ts; every state change goes through state-machine.ts.
 */

export type Attempt = typeof candidateTests.$inferSelect;

export const GRACE_MS = SAVE_GRACE_SECONDS * 1000;

/** 404 in the taking routes' own words: another candidate's test looks exactly like a missing one. */
export const testNotFound = () => new HttpError(404, takingMessages.notFound, "taking.messages.notFound");

/** 422 with one of the taking messages: why a test cannot be started or downloaded. */
export const refuse = (key: keyof typeof takingMessages) => unprocessable(takingMessages[key], `taking.messages.${key}`);

/** The assigned test with the facts the taking rules need, if it belongs to one of the session's profiles. */
export async function heldTest(db: Tx, scope: Scope, assignedTestId: number) {
  const [row] = await db
    .select({
      id: assignedTests.id,
      state: assignedTests.state,
      expiresAt: assignedTests.expiresAt,
      deletedAt: assignedTests.deletedAt,
      accountId: assignedTests.accountId,
      testId: assignedTests.testId,
      candidateId: candidates.id,
      adjustments: candidates.adjustments,
      method: tests.method,
      proctored: tests.proctored,
      useProctorService: assignedTests.useProctorService,
      candidateTrackTestId: assignedTests.candidateTrackTestId,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    // Scope: only the session's own candidate profiles (an access code: its one test); a deleted profile no longer takes tests.
    .where(and(eq(assignedTests.id, assignedTestId), ownAssignedTests(scope), isNull(candidates.deletedAt)))
    .limit(1);
  if (!row) throw testNotFound();
  const [attempt] = await db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)).limit(1);
  return { ...row, attempt: attempt ?? null };
}
export type HeldTest = Awaited<ReturnType<typeof heldTest>>;

/** Why a held test cannot be started (or its paper downloaded) now, in the rules' order; null: it can. */
export function startRefusal(held: HeldTest, now: Date): keyof typeof takingMessages | null {
  if (held.deletedAt) return "deleted";
  if (held.state === "taken") return "alreadySubmitted";
  if (held.state === "cancelled") return "cancelled";
  if (held.state === "expired" || held.expiresAt.getTime() <= now.getTime()) return "expired";
  if (held.state === "needs_scheduling") return "needsScheduling";
  if (held.state === "needs_payment") return "needsPayment";
  return null;
}

/** The time a candidate has: the test's limit, doubled for adjustments; null when untimed. */
export const timeLimitMs = (minutes: number | null | undefined, adjustments: boolean): number | null =>
  minutes ? minutes * 60_000 * (adjustments ? 2 : 1) : null;

export const remainingMs = (attempt: Pick<Attempt, "deadlineAt">, now: Date): number | null =>
  attempt.deadlineAt ? Math.max(0, attempt.deadlineAt.getTime() - now.getTime()) : null;

/** Past the deadline and the grace: no more saves; the attempt is due for submission. */
export const isOverdue = (attempt: Pick<Attempt, "deadlineAt">, now: Date): boolean =>
  attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;

/**
 * The attempt must be open for answers: started, not submitted, within deadline + grace. (An
 * attempt the call of a test that continues by phone opened has no start time until start_test.)
 */
export function requireOpen<A extends Pick<Attempt, "state" | "contentVersionId" | "deadlineAt"> & { startedAt?: Date | null }>(
  attempt: A | null,
  now: Date,
): asserts attempt is A & { contentVersionId: number } {
  if (!attempt || attempt.contentVersionId === null || attempt.startedAt === null) throw conflict(takingMessages.notStarted, "taking.messages.notStarted");
  if (attempt.state === "received") throw conflict(takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
  if (attempt.state !== "in_progress") throw conflict(takingMessages.notOnline, "taking.messages.notOnline");
  if (isOverdue(attempt, now)) throw conflict(takingMessages.timeOver, "taking.messages.timeOver");
}

export async function answersOf(db: Tx, attemptId: number): Promise<AnswerMap> {
  const rows = await db
    .select({ itemId: candidateTestAnswers.itemId, response: candidateTestAnswers.response, seq: candidateTestAnswers.seq })
    .from(candidateTestAnswers)
    .where(eq(candidateTestAnswers.candidateTestId, attemptId))
    .orderBy(asc(candidateTestAnswers.itemId));
  return new Map(rows.map((r) => [r.itemId, { response: r.response, seq: r.seq }]));
}

/** Locks the attempt row for the rest of the transaction: saves and submits of one attempt take turns. */
export async function lockAttempt(tx: Tx, attemptId: number): Promise<Attempt> {
  const [row] = await tx.select().from(candidateTests).where(eq(candidateTests.id, attemptId)).for("update");
  return row;
}
