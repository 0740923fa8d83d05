import { and, inArray, isNull } from "drizzle-orm";
import {
  proctoringCostCents,
  isShortNotice,
  reservationMessages,
  timeZoneById,
  type availableProctorTimesInput,
  type confirmReservationInput,
  type ProctorAvailableTime,
  type ProctorSchedulePage,
  type ReservationResult,
} from "@parlance/contract";
import type { z } from "zod";
import type { AppContext, DbContext } from "../../context.js";
import { assignedTests } from "../../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../../db/schema/proctoring.js";
import type { Scope } from "../../auth/scope.js";
import { audit } from "../../audit/audit.js";
import { availableDates, localInstants, slotAt, slotsOn, windowOf } from "../../scheduling/index.js";
import { reservationError } from "./errors.js";
import { contactComplete, heldTests, type HeldTests } from "./held-tests.js";
import { proctorQuery } from "./pool.js";
import { cancellationCutoff } from "./cutoff.js";
import { loadReservationViews, reservationView } from "./view.js";
import { hasAcceptedTerms, prepayTermsAccepted } from "./terms.js";
import { notifyReservation, notifyToSchedule } from "../../notifications/index.js";

/** Proctoring reservations: the logic behind /api/proctorservice/{schedule_page,get_available_times,confirm}. */

type TimesInput = z.output<typeof availableProctorTimesInput>;
type ConfirmInput = z.output<typeof confirmReservationInput>;

const durationText = (minutes: number) => `${minutes} minutes`;

export async function schedulePage(
  { db }: DbContext,
  scope: Scope,
  candidateProfileId: number,
  assignedTestIds: number[],
): Promise<ProctorSchedulePage> {
  const now = new Date();
  const held = await heldTests(db, scope, candidateProfileId, assignedTestIds, now);
  const zoneId = held.candidate.timeZoneId;
  const query = await proctorQuery(db, held, zoneId, now);
  const window = windowOf(query);
  // The tests of one live reservation show it; tests partly reserved cannot be reserved again.
  if (held.reservationIds.length > 1) throw reservationError(409, "alreadyReserved");
  const [reservation] = await loadReservationViews(db, held.reservationIds);
  if (reservation && reservation.assignedTestIds.join() !== held.tests.map((t) => t.id).join()) throw reservationError(409, "alreadyReserved");
  return {
    minDate: window.firstDay,
    maxDate: window.lastDay,
    duration: held.duration,
    durationDescription: durationText(held.duration),
    testIds: held.tests.map((t) => t.accountTestId),
    trackIds: held.tests.flatMap((t) => (t.candidateTrackTestId === null ? [] : [t.candidateTrackTestId])),
    assignedTestIds: held.tests.map((t) => t.id),
    testDescriptions: held.tests.map((t) => t.description),
    timeZoneName: timeZoneById(zoneId).name,
    candidateDisplayAs: `${held.candidate.firstName} ${held.candidate.lastName}`,
    candidateProfileId,
    isCandidate: held.isCandidate,
    allowCandidateScheduling: held.candidate.allowCandidateScheduling,
    useMedicalTestRecommendations: held.tests.some((t) => t.useMedicalTestRecommendations),
    timeZoneId: zoneId,
    availableDates: reservation ? [] : availableDates(query),
    termsAccepted: await hasAcceptedTerms(db, scope),
    prepayTermsAccepted: await prepayTermsAccepted(db, held.candidate),
    contactComplete: contactComplete(held.candidate),
    contactEditable: scope.kind !== "candidateByCode",
    reservation: reservation ?? null,
  };
}

function checkDuration(held: HeldTests, duration: number) {
  if (duration !== held.duration) throw reservationError(400, "badDuration");
}

/** The available start times of a date in the zone, each with its cost (+$5 within the hour) and cut-off. */
export async function availableTimes({ db }: DbContext, scope: Scope, input: TimesInput): Promise<ProctorAvailableTime[]> {
  const now = new Date();
  const held = await heldTests(db, scope, input.candidateProfileId, input.assignedTestIds, now);
  checkDuration(held, input.duration);
  const query = await proctorQuery(db, held, input.timeZone, now);
  return slotsOn(query, input.date)
    .filter((s) => s.isAvailable)
    .map((s) => ({
      time: s.display.start,
      cost: proctoringCostCents(held.duration, isShortNotice(s.start, now)),
      endTime: s.display.end,
      startsAt: s.start.toISOString(),
      shortNotice: isShortNotice(s.start, now),
      cancellationCutoff: cancellationCutoff(s.start).toISOString(),
    }));
}

/** testIds and trackIds of the spec's payload, when sent, must name the assigned tests' own. */
function checkNamedIds(held: HeldTests, input: ConfirmInput) {
  const same = (a: number[] | undefined, b: number[]) => a === undefined || [...new Set(b)].sort((x, y) => x - y).join() === a.join();
  const trackIds = held.tests.flatMap((t) => (t.candidateTrackTestId === null ? [] : [t.candidateTrackTestId]));
  if (!same(input.testIds, held.tests.map((t) => t.accountTestId)) || !same(input.trackIds, trackIds)) throw reservationError(400, "mismatchedTests");
}

/**
 * Confirm: inside one transaction the candidate, the tests and the proctors are locked, the time is
 * checked with the engine against the reservations as they are now, and the first free proctor is
 * booked at the quoted cost (a cost that changed answers 409). Stored as the UTC instant with the
 * zone's id. Assign only: the tests wait for the candidate to schedule them.
 */
export async function confirmReservation(ctx: Pick<AppContext, "db" | "jobs" | "config">, scope: Scope, input: ConfirmInput): Promise<ReservationResult> {
  const result = await reserveInTransaction(ctx, scope, input);
  // After the commit: the candidate (when staff reserved for them) and the proctor booked (issue 23 §3).
  if (result.reservation) await notifyReservation(ctx, scope.userId, result.reservation.id);
  else await notifyToSchedule(ctx, scope.userId, input.assignedTestIds);
  return result;
}

async function reserveInTransaction({ db }: DbContext, scope: Scope, input: ConfirmInput): Promise<ReservationResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const held = await heldTests(tx, scope, input.candidateProfileId, input.assignedTestIds, now, true);
    checkNamedIds(held, input);
    if (held.reservationIds.length > 0) throw reservationError(409, "alreadyReserved");
    const ids = held.tests.map((t) => t.id);
    if (input.assignOnly) {
      if (held.isCandidate) throw reservationError(403, "notAllowed");
      if (!held.candidate.allowCandidateScheduling) throw reservationError(422, "candidateSchedulingOff");
      await tx.update(assignedTests).set({ allowCandidateToSchedule: true, state: "needs_scheduling" }).where(inArray(assignedTests.id, ids));
      await audit({ db: tx }, { actor: scope, accountId: held.candidate.accountId, action: "proctoring.assign_only", targetType: "candidate", targetId: held.candidate.id, details: { assignedTestIds: ids } });
      return { success: true, message: reservationMessages.assigned, messageKey: "proctorReservation.messages.assigned", reservation: null };
    }
    if (!(await prepayTermsAccepted(tx, held.candidate))) throw reservationError(422, "prepayTermsRequired");
    if (!(await hasAcceptedTerms(tx, scope))) throw reservationError(422, "termsRequired");
    if (!contactComplete(held.candidate)) throw reservationError(422, "contactRequired");
    const zoneId = input.timeZone ?? held.candidate.timeZoneId;
    const query = await proctorQuery(tx, held, zoneId, now, true);
    // A repeated wall-clock hour names two instants: the earliest one that is free is booked.
    const slot = localInstants(input.date!, input.time!, query.zone)
      .map((start) => slotAt(query, start))
      .find((s) => s?.isAvailable);
    if (!slot) throw reservationError(409, "timeUnavailable");
    const cost = proctoringCostCents(held.duration, isShortNotice(slot.start, now));
    if (cost !== input.cost) throw reservationError(409, "costChanged");
    const [row] = await tx
      .insert(proctoringReservations)
      .values({
        accountId: held.candidate.accountId,
        officeId: held.candidate.officeId,
        candidateId: held.candidate.id,
        proctorUserId: slot.freeResourceIds[0],
        scheduledAt: slot.start,
        timeZoneId: zoneId,
        durationMinutes: held.duration,
        costCents: cost,
        bookedByUserId: scope.userId,
        bookedAs: held.isCandidate ? "candidate" : "staff",
      })
      .returning();
    await tx.insert(proctoringReservationTests).values(ids.map((assignedTestId) => ({ reservationId: row.id, assignedTestId })));
    // The sitting is the tests' appointment (Take a Test's upcoming list, the history's date).
    await tx
      .update(assignedTests)
      .set({ scheduledAt: slot.start, scheduledTimeZoneId: zoneId, state: "takeable" })
      .where(and(inArray(assignedTests.id, ids), isNull(assignedTests.deletedAt)));
    await audit(
      { db: tx },
      {
        actor: scope,
        accountId: held.candidate.accountId,
        action: "proctoring.reserve",
        targetType: "proctoring_reservation",
        targetId: row.id,
        details: { scheduledAt: slot.start.toISOString(), timeZoneId: zoneId, proctorUserId: row.proctorUserId, costCents: cost, assignedTestIds: ids },
      },
    );
    return { success: true, message: reservationMessages.created, messageKey: "proctorReservation.messages.created", reservation: reservationView(row, ids) };
  });
}

