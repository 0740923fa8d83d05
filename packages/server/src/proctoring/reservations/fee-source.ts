import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE } from "@parlance/contract";
import { candidates } from "../../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../../db/schema/proctoring.js";
import type { Tx } from "../../db/tx.js";
import { candidatesInScope, ownCandidateProfiles, type Scope } from "../../auth/scope.js";
import { registerFeeSource, type FeeLineItem } from "../../payments/index.js";

/**
 * The "proctoring" fee source (PAYMENTS-SEAM.md): the reservations whose fee is unpaid (a live
 * one, or one cancelled after its cut-off), and settling them when a card payment succeeds.
 * Staff of the account pay what the account booked for its candidates (their office's, for an
 * office user); a candidate pays the sittings they booked themselves.
 */

const PREFIX = "proctoring:";

function payableBy(scope: Scope): SQL | null {
  if (scope.kind === "client" && scope.accountId !== null && scope.permissions.has("candidates")) {
    return and(candidatesInScope({ ...scope, accountId: scope.accountId }), eq(proctoringReservations.bookedAs, "staff"))!;
  }
  if (scope.kind === "candidate" || scope.kind === "candidateByCode") {
    // An access code opens its one test: of the sittings, only one that holds that test.
    const ofCodeTest =
      scope.codeTestId === null
        ? undefined
        : sql`EXISTS (SELECT 1 FROM ${proctoringReservationTests} WHERE ${proctoringReservationTests.reservationId} = ${proctoringReservations.id} AND ${proctoringReservationTests.assignedTestId} = ${scope.codeTestId})`;
    return and(ownCandidateProfiles(scope), eq(proctoringReservations.bookedAs, "candidate"), eq(proctoringReservations.bookedByUserId, scope.userId), ofCodeTest)!;
  }
  return null;
}

const describe = (r: { candidateFirst: string; candidateLast: string; scheduledAt: Date; durationMinutes: number }) =>
  `Proctoring for ${r.candidateFirst} ${r.candidateLast}, ${DateTime.fromJSDate(r.scheduledAt, { zone: BUSINESS_TIME_ZONE }).toFormat("LLL d, yyyy h:mm a")} ET (${r.durationMinutes} minutes)`;

export async function unpaidProctoringFees(tx: Tx, scope: Scope): Promise<FeeLineItem[]> {
  const where = payableBy(scope);
  if (!where) return [];
  const rows = await tx
    .select({
      id: proctoringReservations.id,
      accountId: proctoringReservations.accountId,
      costCents: proctoringReservations.costCents,
      scheduledAt: proctoringReservations.scheduledAt,
      durationMinutes: proctoringReservations.durationMinutes,
      candidateFirst: candidates.firstName,
      candidateLast: candidates.lastName,
    })
    .from(proctoringReservations)
    .innerJoin(candidates, eq(candidates.id, proctoringReservations.candidateId))
    .where(and(where, eq(proctoringReservations.feeStatus, "unpaid")))
    .orderBy(proctoringReservations.scheduledAt);
  return rows
    .filter((r) => r.costCents > 0)
    .map((r) => ({ id: `${PREFIX}${r.id}`, kind: "proctoring", description: describe(r), amountCents: r.costCents, accountId: r.accountId }));
}

/** The reservations of these items whose fee is still unpaid. */
export async function outstandingProctoringFees(tx: Tx, itemIds: string[]): Promise<string[]> {
  const ids = itemIds.filter((i) => i.startsWith(PREFIX)).map((i) => Number(i.slice(PREFIX.length))).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: proctoringReservations.id })
    .from(proctoringReservations)
    .where(and(inArray(proctoringReservations.id, ids), eq(proctoringReservations.feeStatus, "unpaid")));
  return rows.map((r) => `${PREFIX}${r.id}`);
}

/** Marks the reservations paid by this payment; a second call (or an item already paid) changes nothing. */
export async function settleProctoringFees(tx: Tx, itemIds: string[], payment: { id: number; amountCents: number }): Promise<void> {
  const ids = itemIds.filter((i) => i.startsWith(PREFIX)).map((i) => Number(i.slice(PREFIX.length))).filter((n) => Number.isInteger(n) && n > 0);
  if (ids.length === 0) return;
  await tx
    .update(proctoringReservations)
    .set({ feeStatus: "paid", paymentId: payment.id, paidAt: new Date() })
    .where(and(inArray(proctoringReservations.id, ids), eq(proctoringReservations.feeStatus, "unpaid")));
}

registerFeeSource({ kind: "proctoring", list: unpaidProctoringFees, outstanding: outstandingProctoringFees, settle: settleProctoringFees });
