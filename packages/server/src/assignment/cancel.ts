import { and, eq, isNull, sql } from "drizzle-orm";
import { accessCodes, assignedTests, candidates, candidateTests, tests } from "../db/schema.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { candidatesInScope, clientScope, type ClientScope, type Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { cancellationCutoff, cancelWindow, isDeletable } from "../history/index.js";
import { notifyTestCancelled } from "../notifications/index.js";

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

type ChangeContext = Pick<AppContext, "db" | "jobs" | "config">;

export async function deleteTest(ctx: ChangeContext, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const { db } = ctx;
  const scope = clientScope(anyScope);
  await db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    if (!isDeletable(test)) throw assignmentError(422, "notDeletable");
    const now = new Date();
    await tx
      .update(assignedTests)
      .set({ deletedAt: now, appointmentSequence: sql`${assignedTests.appointmentSequence} + 1` })
      .where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      { actor: scope, action: "assignment.delete_test", targetType: "assigned_test", targetId: id, details: { candidateId: test.candidateId, test: test.description } },
    );
  });
  // After the commit: the candidate learns the test and its access code are gone (issue 23 §3).
  await notifyTestCancelled(ctx, scope.userId, id, "removed");
}

/**
 * Cancels a scheduled live or video test for the client: before 5 pm Eastern the day before it is
 * an early cancellation and the fees are waived; after that a late one, and the fees stand.
 */
export async function cancelLiveTest(ctx: ChangeContext, anyScope: Scope, { id }: { id: number }): Promise<"early" | "late"> {
  const scope = clientScope(anyScope);
  const how = await ctx.db.transaction(async (tx) => {
    const test = await findAssignedTest(tx, scope, id, true);
    const now = new Date();
    const window = cancelWindow(test, now);
    if (!window.cancelable && !window.lateCancelable) throw assignmentError(422, "notCancelable");
    const early = window.cancelable;
    await tx
      .update(assignedTests)
      .set({
        state: "cancelled",
        cancellation: early ? "client_early" : "client_late",
        cancelledAt: now,
        ...(early ? { feesWaived: true } : {}),
        // The cancel is the calendar event's last version (the .ics SEQUENCE).
        appointmentSequence: sql`${assignedTests.appointmentSequence} + 1`,
      })
      .where(eq(assignedTests.id, id));
    await retireAccessCode(tx, test.accessCode, now);
    await audit(
      { db: tx },
      {
        actor: scope,
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
    return early ? ("early" as const) : ("late" as const);
  });
  // After the commit: the candidate and the evaluator get the appointment's cancellation (issue 23 §3).
  await notifyTestCancelled(ctx, scope.userId, id, "cancelled");
  return how;
}
