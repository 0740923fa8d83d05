import { and, eq, exists, inArray, isNull, sql } from "drizzle-orm";
import { reservationMessages, type ReservationResult } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { assignedTests, candidates } from "../../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../../db/schema/proctoring.js";
import type { Scope } from "../../auth/scope.js";
import { audit } from "../../audit/audit.js";
import { schedulableCandidates, schedulableTests } from "../../scheduling/index.js";
import { reservationError } from "./errors.js";
import { cancelsEarly, cancellationCutoff } from "./cutoff.js";
import { reservationView } from "./view.js";
import { notifyReservation } from "../../notifications/index.js";

/** The reservation's tests the session reaches (correlated with the outer reservation row). */
const heldTestsWithin = (tx: Tx, scope: Scope) =>
  tx
    .select({ one: sql`1` })
    .from(proctoringReservationTests)
    .innerJoin(assignedTests, eq(assignedTests.id, proctoringReservationTests.assignedTestId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(and(eq(proctoringReservationTests.reservationId, proctoringReservations.id), schedulableTests(scope)));

/**
 * Cancelling a reservation (client-administration.md §9): before the cut-off (5 pm ET the day
 * before) an unpaid fee is waived; after it the fee stays due. The proctor and the tests are freed.
 * The staff of the candidate's account (office) and the candidate may cancel; an access-code
 * session only a reservation that holds the code's test.
 */
export async function cancelReservation(ctx: Pick<AppContext, "db" | "jobs" | "config">, scope: Scope, { id }: { id: number }): Promise<ReservationResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .select({ r: proctoringReservations })
      .from(proctoringReservations)
      .innerJoin(candidates, eq(candidates.id, proctoringReservations.candidateId))
      .where(and(eq(proctoringReservations.id, id), schedulableCandidates(scope), exists(heldTestsWithin(tx, scope))))
      .for("update", { of: proctoringReservations });
    if (!row) throw reservationError(404, "reservationNotFound");
    const r = row.r;
    if (r.state === "cancelled") throw reservationError(409, "alreadyCancelled");
    if (r.scheduledAt.getTime() <= now.getTime()) throw reservationError(409, "alreadyStarted");
    const early = cancelsEarly(r.scheduledAt, now);
    const waived = early && r.feeStatus === "unpaid";
    const [updated] = await tx
      .update(proctoringReservations)
      .set({ state: "cancelled", cancelledAt: now, cancelledByUserId: scope.userId, cancellation: early ? "early" : "late", ...(waived ? { feeStatus: "waived" as const } : {}) })
      .where(eq(proctoringReservations.id, r.id))
      .returning();
    const links = await tx
      .update(proctoringReservationTests)
      .set({ releasedAt: now })
      .where(and(eq(proctoringReservationTests.reservationId, r.id), isNull(proctoringReservationTests.releasedAt)))
      .returning({ assignedTestId: proctoringReservationTests.assignedTestId });
    const testIds = links.map((l) => l.assignedTestId);
    if (testIds.length > 0) {
      await tx
        .update(assignedTests)
        .set({ scheduledAt: null, scheduledTimeZoneId: null })
        .where(and(inArray(assignedTests.id, testIds), eq(assignedTests.scheduledAt, r.scheduledAt)));
    }
    await audit(
      { db: tx },
      {
        actor: scope,
        accountId: r.accountId,
        action: "proctoring.cancel",
        targetType: "proctoring_reservation",
        targetId: r.id,
        details: {
          cancellation: early ? "early" : "late",
          cutoff: cancellationCutoff(r.scheduledAt).toISOString(),
          feeCents: r.costCents,
          feeWaived: waived,
          // A fee already paid and cancelled early is owed back; refunds belong to the payments area.
          refundDue: early && r.feeStatus === "paid",
        },
      },
    );
    const name = early ? "cancelledWaived" : "cancelledFee";
    return { success: true, message: reservationMessages[name], messageKey: `proctorReservation.messages.${name}`, reservation: reservationView(updated, testIds) };
  });
  // After the commit: the candidate (when staff cancelled) and the proctor get the cancellation (issue 23 §3).
  await notifyReservation(ctx, scope.userId, id);
  return result;
}
