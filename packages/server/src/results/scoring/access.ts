import { and, count, eq, isNotNull, ne } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { scoringMessages } from "@parlance/contract";
import type { Db } from "../../db/client.js";
import { assignedTests, candidates, candidateTests, languages, scoringAssignments, tests, users } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { HttpError } from "../../http/errors.js";
import type { Tx } from "../../db/tx.js";

/**
 * Who reaches a scoreable test: its evaluator, and Testing Executives (the `assignEvaluators`
 * permission: they supervise every evaluator). Anyone else — another evaluator included — gets
 * the same 404 as for a test that does not exist.
 */

export const scoringNotFound = () => new HttpError(404, scoringMessages.notFound, "scoringApi.messages.notFound");

export const isSupervisor = (scope: Scope) => scope.permissions.has("assignEvaluators");

/** A scoring assignment with its attempt, assigned test, test, language and candidate: what every scoring read joins. */
export function withScoringFacts<Q extends PgSelect>(query: Q) {
  return query
    .innerJoin(candidateTests, eq(candidateTests.id, scoringAssignments.candidateTestId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId));
}

/** The scoreable test with the facts every scoring route needs, if the session may reach it. */
export async function scoreableFor(db: Tx, scope: Scope, candidateTestId: number) {
  const query = db
    .select({
      id: candidateTests.id,
      state: candidateTests.state,
      receivedAt: candidateTests.receivedAt,
      contentVersionId: candidateTests.contentVersionId,
      resultState: candidateTests.resultState,
      resultValue: candidateTests.resultValue,
      resultReason: candidateTests.resultReason,
      scoredAt: candidateTests.scoredAt,
      verificationKey: candidateTests.verificationKey,
      accountId: candidateTests.accountId,
      candidateId: candidateTests.candidateId,
      assignedTestId: assignedTests.id,
      accessCode: assignedTests.accessCode,
      officeId: assignedTests.officeId,
      testId: tests.id,
      description: tests.description,
      method: tests.method,
      testType: tests.testType,
      timeLimitMinutes: tests.timeLimitMinutes,
      language: languages.name,
      languageCode: languages.code,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      candidateLanguageId: candidates.languageId,
      adjustments: candidates.adjustments,
      evaluatorUserId: scoringAssignments.evaluatorUserId,
      assignedAt: scoringAssignments.assignedAt,
      dueAt: scoringAssignments.dueAt,
      isReview: scoringAssignments.isReview,
      objectiveCorrect: scoringAssignments.objectiveCorrect,
      objectiveTotal: scoringAssignments.objectiveTotal,
      completedAt: scoringAssignments.completedAt,
    })
    .from(scoringAssignments)
    .$dynamic();
  const [row] = await withScoringFacts(query)
    .where(eq(scoringAssignments.candidateTestId, candidateTestId))
    .limit(1);
  if (!row) throw scoringNotFound();
  if (!isSupervisor(scope) && row.evaluatorUserId !== scope.userId) throw scoringNotFound();
  return { ...row, candidateName: `${row.firstName} ${row.lastName}`.trim(), isFinal: row.resultState !== null || row.state === "no_show" || row.completedAt !== null };
}
export type Scoreable = Awaited<ReturnType<typeof scoreableFor>>;

/** A result is final: a second submission (or a no-show after a result) answers 409. */
export function requireNotFinal(s: Pick<Scoreable, "isFinal">): void {
  if (s.isFinal) throw new HttpError(409, scoringMessages.alreadySubmitted, "scoringApi.messages.alreadySubmitted");
}

/** Earlier results this candidate has for the same test (the content's `repeats`). */
export async function repeatsOf(db: Db, s: Pick<Scoreable, "id" | "candidateId" | "testId">): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .where(and(eq(candidateTests.candidateId, s.candidateId), eq(assignedTests.testId, s.testId), ne(candidateTests.id, s.id), isNotNull(candidateTests.resultState)));
  return r.n;
}

/** The display name of a user (the evaluator who scored). */
export async function userName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [u] = await db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, userId));
  return u ? `${u.first} ${u.last}` : null;
}
