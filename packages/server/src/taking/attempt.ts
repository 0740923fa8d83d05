import { and, asc, eq, isNull } from "drizzle-orm";
import { SAVE_GRACE_SECONDS, takingMessages, type submitOutput, type TestContent } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidateTestAnswers, candidateTests, candidates, tests } from "../db/schema.js";
import { ownAssignedTests, type Scope } from "../auth/scope.js";
import { conflict, HttpError, unprocessable } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { receiptOf, type AnswerMap } from "./view.js";
import { EXPIRE_JOB } from "./expiry.js";
import { routeScoreableTest } from "../results/scoring/routing.js";

/**
 * The pieces every taking route shares: finding the assigned test the session holds, the one way
 * an attempt is opened (online and live starts), the clock, and the one way an attempt becomes
 * submitted (by the candidate or by the deadline job). Content is read through content/read.ts.
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

/**
 * The first start of an attempt, online or at a live, video or sight-translation session: pins the
 * content, sets the server's deadline and queues the job that submits the attempt when time is
 * over. Null when another start (a second tab) created the attempt first: the caller resumes it.
 */
export async function openAttempt(
  ctx: Pick<AppContext, "db" | "jobs">,
  held: HeldTest,
  version: { versionId: number; content: TestContent },
  now: Date,
): Promise<Attempt | null> {
  const limitMs = timeLimitMs(version.content.time_limit_minutes, held.adjustments);
  const fields = { contentVersionId: version.versionId, deadlineAt: limitMs ? new Date(now.getTime() + limitMs) : null, startedAt: now, lastHeartbeatAt: now };
  if (held.attempt) {
    // An attempt recorded before online taking (no pinned content), or opened by the call of a test
    // that continues by phone (no start yet), gets its content and clock now.
    const [updated] = await ctx.db.update(candidateTests).set(fields).where(eq(candidateTests.id, held.attempt.id)).returning();
    if (limitMs) await ctx.jobs.send(EXPIRE_JOB, { candidateTestId: updated.id }, { startAfterSeconds: Math.ceil((limitMs + GRACE_MS) / 1000) + 1 });
    return updated;
  }
  const [created] = await ctx.db
    .insert(candidateTests)
    .values({ assignedTestId: held.id, candidateId: held.candidateId, accountId: held.accountId, state: "in_progress", ...fields })
    // Two tabs starting at once: one row wins (unique assigned test); the other resumes it.
    .onConflictDoNothing({ target: candidateTests.assignedTestId })
    .returning();
  if (!created) return null;
  if (limitMs) {
    // The deadline job; the minute sweep (expiry.ts) catches it if this one is lost.
    await ctx.jobs.send(EXPIRE_JOB, { candidateTestId: created.id }, { startAfterSeconds: Math.ceil((limitMs + GRACE_MS) / 1000) + 1 });
  }
  return created;
}

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

/** What a submission answers (the Thank You screen's receipt). */
type Submitted = z.input<typeof submitOutput>;

/**
 * Submits a locked, open attempt with the answers recorded so far: the receipt, the attempt
 * state `received`, the assigned test `taken`, and the audit line. Callers hold the row lock, so
 * the candidate's submit and the deadline job cannot both do it.
 */
export async function finalizeAttempt(
  tx: Tx,
  attempt: Attempt,
  content: TestContent,
  by: Scope | "deadline",
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
      actor: by === "deadline" ? null : by,
      accountId: attempt.accountId,
      action: "taking.submit",
      targetType: "candidate_test",
      targetId: attempt.id,
      details: { assignedTestId: attempt.assignedTestId, receipt: r.receipt, answered: r.answered, items: r.items, by: by === "deadline" ? "deadline" : "candidate" },
    },
  );
  return { ...r, submitted_at: now.toISOString() };
}

/** The receipt of an attempt already submitted (a repeated submit answers the same one). */
export async function submittedReceipt(db: Tx, attempt: Attempt, content: TestContent): Promise<Submitted> {
  const r = receiptOf(content, await answersOf(db, attempt.id));
  return { receipt: attempt.receipt ?? r.receipt, answered: r.answered, items: r.items, submitted_at: (attempt.submittedAt ?? attempt.receivedAt ?? new Date()).toISOString() };
}
