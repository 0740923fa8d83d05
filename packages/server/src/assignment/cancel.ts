import { and, eq, isNull } from "drizzle-orm";
import { accessCodes, assignedTests, candidates, candidateTests, tests } from "../db/schema.js";
import type { DbContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { candidatesInScope, clientScope, type ClientScope, type Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { cancellationCutoff, cancelWindow, isDeletable } from "../history/records.js";

import { assignmentError } from "./records.js";
/** One assigned test the caller reaches (through its candidate), with what decides delete and cancel. */
async function findAssignedTest(tx: Tx, scope: ClientScope, id: number, lock: boolean) {
  const query = tx
    .select({
      id: assignedTests.id,
      candidateId: assignedTests.candidateId,
      accessCode: assignedTests.accessCode,
      assignedState: assignedTests.state,
      cancellation: assignedTests.cancellation,
      scheduledAt: assignedTests.scheduledAt,
      method: tests.method,
      description: tests.description,
      feeCents: assignedTests.feeCents,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(candidatesInScope(scope), eq(assignedTests.id, id), isNull(assignedTests.deletedAt)));
  const [row] = lock ? await query.for("update", { of: assignedTests }) : await query;
  if (!row) throw assignmentError(404, "testNotFound");
  const [attempt] = await tx.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, id)).limit(1);
  return { ...row, attemptId: attempt?.id ?? null };
}

/** The access code of a removed or cancelled test signs nobody in any more. */
async function retireAccessCode(tx: Tx, code: string, now: Date) {
  await tx.update(accessCodes).set({ expiresAt: now }).where(eq(accessCodes.code, code));
}

export async function deleteTest({ db }: DbContext, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = clientScope(anyScope);
  await db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    if (!isDeletable(test)) throw assignmentError(422, "notDeletable");
    const now = new Date();
    await tx.update(assignedTests).set({ deletedAt: now }).where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      { scope, action: "assignment.delete_test", targetType: "assigned_test", targetId: id, details: { candidateId: test.candidateId, test: test.description } },
    );
  });
}

/**
 * Cancels a scheduled live or video test for the client: before 5 pm Eastern the day before it is
 * an early cancellation and the fees are waived; after that a late one, and the fees stand.
 */
export async function cancelLiveTest({ db }: DbContext, anyScope: Scope, { id }: { id: number }): Promise<"early" | "late"> {
  const scope = clientScope(anyScope);
  return db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    const now = new Date();
    const window = cancelWindow(test, now);
    if (!window.cancelable && !window.lateCancelable) throw assignmentError(422, "notCancelable");
    const early = window.cancelable;
    await tx
      .update(assignedTests)
      .set({ state: "cancelled", cancellation: early ? "client_early" : "client_late", cancelledAt: now, ...(early ? { feesWaived: true } : {}) })
      .where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      {
        scope,
        action: "assignment.delete_live_test",
        targetType: "assigned_test",
        targetId: id,
        details: {
          candidateId: test.candidateId,
          test: test.description,
          scheduledAt: test.scheduledAt!.toISOString(),
          cutoff: cancellationCutoff(test.scheduledAt!).toISOString(),
          cancellation: early ? "client_early" : "client_late",
        },
      },
    );
    return early ? "early" : "late";
  });
}
