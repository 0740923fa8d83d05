import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { evaluatorActionMessages, type ConfirmationStatus, type EvaluatorActionMessage } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidates, candidateTests, evaluatorDeclines, evaluators, tests } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { validZone } from "../results/index.js";

/** An error whose text is one of the evaluator action messages, sent with its i18n key. */
export const actionError = (status: number, name: EvaluatorActionMessage, values: Record<string, string | number> = {}) =>
  new HttpError(
    status,
    Object.entries(values).reduce<string>((m, [k, v]) => m.replace(`{${k}}`, String(v)), evaluatorActionMessages[name]),
    `evaluatorActions.messages.${name}`,
    values,
  );

/** The evaluator's own zone (their Scheduled Tests' zone). */
export async function evaluatorZone(tx: Tx, userId: number): Promise<string> {
  const [row] = await tx.select({ zone: evaluators.timeZone }).from(evaluators).where(eq(evaluators.userId, userId));
  return validZone(row?.zone);
}

/**
 * A live or video test as the signed-in evaluator sees it: booked with them (their confirmation
 * status), or declined by them earlier (Declined). Anything else, another evaluator's booking
 * included, is 404 exactly like a missing test. With `lock` the assigned test's row is locked
 * first and read after, so simultaneous confirms and declines take turns and each sees the
 * other's outcome.
 */
export async function bookedTest(tx: Tx, scope: Scope, id: number, lock = false) {
  if (lock) await tx.select({ id: assignedTests.id }).from(assignedTests).where(eq(assignedTests.id, id)).for("update");
  const [row] = await tx
    .select({
      id: assignedTests.id,
      accountId: assignedTests.accountId,
      candidateId: assignedTests.candidateId,
      testId: assignedTests.testId,
      state: assignedTests.state,
      scheduledAt: assignedTests.scheduledAt,
      evaluatorUserId: assignedTests.scheduledEvaluatorUserId,
      confirmation: assignedTests.evaluatorConfirmation,
      description: tests.description,
      method: tests.method,
      languageId: tests.languageId,
      durationMinutes: tests.durationMinutes,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      phoneNumber: candidates.phoneNumber,
      declinedAt: evaluatorDeclines.scheduledAt,
      attemptId: candidateTests.id,
      attemptState: candidateTests.state,
      attemptVersionId: candidateTests.contentVersionId,
      resultState: candidateTests.resultState,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .leftJoin(evaluatorDeclines, and(eq(evaluatorDeclines.assignedTestId, assignedTests.id), eq(evaluatorDeclines.evaluatorUserId, scope.userId)))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(
      and(
        eq(assignedTests.id, id),
        isNull(assignedTests.deletedAt),
        inArray(assignedTests.state, ["takeable", "taken"]),
        inArray(tests.method, ["live", "video"]),
        sql`${assignedTests.scheduledAt} is not null`,
        sql`(${assignedTests.scheduledEvaluatorUserId} = ${scope.userId} or ${evaluatorDeclines.evaluatorUserId} is not null)`,
      ),
    )
    .limit(1);
  if (!row) throw actionError(404, "notFound");
  const bookedWithMe = row.evaluatorUserId === scope.userId;
  const status: ConfirmationStatus = bookedWithMe ? row.confirmation : "declined";
  // Administered, submitted, marked no-show or scored: nothing is left to confirm, decline or administer.
  const finished = row.state === "taken" || (row.attemptState !== null && row.attemptState !== "in_progress") || row.resultState !== null;
  return {
    ...row,
    method: row.method as "live" | "video",
    scheduledAt: row.scheduledAt!,
    // Declined: the start the evaluator declined; booked with them: the booking's.
    shownAt: bookedWithMe ? row.scheduledAt! : row.declinedAt!,
    bookedWithMe,
    status,
    finished,
    candidateName: `${row.firstName} ${row.lastName}`.trim(),
  };
}
export type BookedTest = Awaited<ReturnType<typeof bookedTest>>;

/** The test must still be booked with the evaluator and open: declined 409, finished 409. */
export function requireActionable(t: BookedTest): void {
  if (!t.bookedWithMe || t.status === "declined") throw actionError(409, "isDeclined");
  if (t.finished) throw actionError(409, "alreadyRecorded");
}
