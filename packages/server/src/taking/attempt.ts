import { ownCandidateProfiles } from "../auth/candidate-reach.js";
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { SAVE_GRACE_SECONDS, takingMessages, type TestContent } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { assignedTests, candidateTestAnswers, candidateTests, candidates, testContentVersions, tests } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { conflict, HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { receiptOf, type AnswerMap } from "./view.js";
import { routeScoreableTest } from "../evaluators/routing.js";

/**
 * The pieces every taking route shares: finding the assigned test the caller holds, loading the
 * pinned content, the clock, and the one way an attempt becomes submitted (by the candidate or
 * by the deadline job).
 */

/** A database handle or an open transaction. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Attempt = typeof candidateTests.$inferSelect;

export const GRACE_MS = SAVE_GRACE_SECONDS * 1000;

/** 404 in the taking routes' own words: another candidate's test looks exactly like a missing one. */
export const testNotFound = () => new HttpError(404, takingMessages.notFound, "taking.messages.notFound");

/** The assigned test with the facts the taking rules need, if it belongs to one of the caller's profiles. */
export async function heldTest(db: Tx, caller: Caller, assignedTestId: number) {
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
    // Scope: only the caller's own candidate profiles; a deleted profile no longer takes tests.
    .where(and(eq(assignedTests.id, assignedTestId), ownCandidateProfiles(caller), isNull(candidates.deletedAt)))
    .limit(1);
  if (!row) throw testNotFound();
  const [attempt] = await db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)).limit(1);
  return { ...row, attempt: attempt ?? null };
}
export type HeldTest = Awaited<ReturnType<typeof heldTest>>;

// Content versions never change (import.ts only adds rows), so a version read once can be kept:
// every save validates against the content, and this spares a jsonb read per save. The cache
// belongs to one database handle (tests open several databases in one process, with equal ids).
const contentCaches = new WeakMap<Db, Map<number, TestContent>>();

/** The pinned content. Called outside transactions (on PGlite a second query would wait for the open one). */
export async function contentOf(db: Db, versionId: number): Promise<TestContent> {
  let cache = contentCaches.get(db);
  if (!cache) contentCaches.set(db, (cache = new Map()));
  const cached = cache.get(versionId);
  if (cached) return cached;
  const [row] = await db.select({ content: testContentVersions.content }).from(testContentVersions).where(eq(testContentVersions.id, versionId));
  if (!row) throw new HttpError(422, takingMessages.accessFailure, "taking.messages.accessFailure");
  const content = row.content as TestContent;
  if (cache.size > 500) cache.clear();
  cache.set(versionId, content);
  return content;
}

/** The newest content version of a catalogue test, or null when it has no online content. */
export async function newestVersion(db: Tx, testId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: testContentVersions.id })
    .from(testContentVersions)
    .where(eq(testContentVersions.testId, testId))
    .orderBy(desc(testContentVersions.id))
    .limit(1);
  return row?.id ?? null;
}

export const remainingMs = (attempt: Pick<Attempt, "deadlineAt">, now: Date): number | null =>
  attempt.deadlineAt ? Math.max(0, attempt.deadlineAt.getTime() - now.getTime()) : null;

/** Past the deadline and the grace: no more saves; the attempt is due for submission. */
export const isOverdue = (attempt: Pick<Attempt, "deadlineAt">, now: Date): boolean =>
  attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + GRACE_MS;

/** The attempt must be open for answers: started, not submitted, within deadline + grace. */
export function requireOpen(attempt: Attempt | null, now: Date): asserts attempt is Attempt & { contentVersionId: number } {
  if (!attempt || attempt.contentVersionId === null) throw conflict(takingMessages.notStarted, "taking.messages.notStarted");
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

export interface Submitted {
  receipt: string;
  answered: number;
  items: number;
  submitted_at: string;
}

/**
 * Submits a locked, open attempt with the answers recorded so far: the receipt, the attempt
 * state `received`, the assigned test `taken`, and the audit line. Callers hold the row lock, so
 * the candidate's submit and the deadline job cannot both do it.
 */
export async function finalizeAttempt(
  tx: Tx,
  attempt: Attempt,
  content: TestContent,
  by: { caller: Caller; ip?: string } | "deadline",
  now: Date,
): Promise<Submitted> {
  const r = receiptOf(content, await answersOf(tx, attempt.id));
  await tx
    .update(candidateTests)
    .set({ state: "received", receivedAt: now, submittedAt: now, receipt: r.receipt })
    .where(eq(candidateTests.id, attempt.id));
  await tx.update(assignedTests).set({ state: "taken" }).where(eq(assignedTests.id, attempt.assignedTestId));
  // Issue 5: in the same transaction it becomes a scoreable test (auto-scored, routed to an evaluator).
  await routeScoreableTest(tx, attempt.id, content, now);
  await audit(
    { db: tx as Db },
    {
      caller: by === "deadline" ? null : by.caller,
      accountId: attempt.accountId,
      action: "taking.submit",
      targetType: "candidate_test",
      targetId: attempt.id,
      details: { assignedTestId: attempt.assignedTestId, receipt: r.receipt, answered: r.answered, items: r.items, by: by === "deadline" ? "deadline" : "candidate" },
      ip: by === "deadline" ? undefined : by.ip,
    },
  );
  return { ...r, submitted_at: now.toISOString() };
}

/** The receipt of an attempt already submitted (a repeated submit answers the same one). */
export async function submittedReceipt(db: Tx, attempt: Attempt, content: TestContent): Promise<Submitted> {
  const r = receiptOf(content, await answersOf(db, attempt.id));
  return { receipt: attempt.receipt ?? r.receipt, answered: r.answered, items: r.items, submitted_at: (attempt.submittedAt ?? attempt.receivedAt ?? new Date()).toISOString() };
}
