import { eq } from "drizzle-orm";
import {
  DEFAULT_TIME_ZONE_ID,
  schedulingMessages,
  timeZoneById,
  type AvailableTime,
  type SchedulePage,
  type SchedulingResult,
  availableTimesInput,
  scheduleInput,
} from "@parlance/contract";
import type { z } from "zod";
import type { AppContext, DbContext } from "../context.js";
import { assignedTests } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import { clientScope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { availableDates, localInstants, slotAt, slotsOn, windowOf } from "./index.js";
import { findHeldTest, isCandidateSession, schedulingError, type HeldTest } from "./held-test.js";
import { liveQuery } from "./live-query.js";
import { notifyTestScheduled, notifyToSchedule } from "../notifications/index.js";

/** Scheduling a live or video test: the logic behind /api/test_assignment/{schedule_page,available_scheduled_times,schedule,allow_candidate_scheduling}. */

type TimesInput = z.output<typeof availableTimesInput>;
type ScheduleInput = z.output<typeof scheduleInput>;

/** The sent duration must be the test's: the screen shows it, the server books by its own. */
function checkDuration(test: HeldTest, duration: number) {
  if (duration !== test.durationMinutes) throw schedulingError(400, "badDuration");
}

export async function schedulePage(
  { db }: DbContext,
  scope: Scope,
  { candidateProfileId, testId }: { candidateProfileId: number; testId: number },
): Promise<SchedulePage> {
  const now = new Date();
  const test = await findHeldTest(db, scope, { candidateProfileId, assignedTestId: testId }, now);
  const zoneId = test.candidateTimeZoneId ?? DEFAULT_TIME_ZONE_ID;
  const query = await liveQuery(db, test, zoneId, now);
  const window = windowOf(query);
  return {
    minDate: window.firstDay,
    maxDate: window.lastDay,
    duration: test.durationMinutes,
    durationDescription: `${test.durationMinutes} minutes`,
    testIds: [test.accountTestId],
    trackIds: test.candidateTrackTestId === null ? [] : [test.candidateTrackTestId],
    assignedTestIds: [test.id],
    testDescriptions: [test.description],
    timeZoneName: timeZoneById(zoneId).name,
    candidateDisplayAs: `${test.candidateFirstName} ${test.candidateLastName}`,
    candidateProfileId,
    isCandidate: isCandidateSession(scope),
    allowCandidateScheduling: test.allowCandidateToSchedule,
    useMedicalTestRecommendations: test.useMedicalTestRecommendations,
    candidateTrackTestId: test.candidateTrackTestId,
    method: test.method,
    availableDates: availableDates(query),
    scheduledAt: null,
    scheduledTimeZoneId: null,
  };
}

export async function availableTimes({ db }: DbContext, scope: Scope, input: TimesInput): Promise<AvailableTime[]> {
  const now = new Date();
  const test = await findHeldTest(db, scope, input, now);
  checkDuration(test, input.duration);
  const query = await liveQuery(db, test, input.timeZone, now);
  return slotsOn(query, input.date).map((s) => ({
    start_time: s.display.start,
    end_time: s.display.end,
    is_available: s.isAvailable,
    starts_at: s.start.toISOString(),
  }));
}

/**
 * Books the test at the date and start time in the zone: inside one transaction the test and its
 * possible evaluators are locked, the slot is checked with the engine against the bookings as they
 * are now, and the first free evaluator is booked. Stored as the UTC instant plus the zone's id.
 */
export async function scheduleTest(ctx: Pick<AppContext, "db" | "jobs" | "config">, scope: Scope, input: ScheduleInput): Promise<SchedulingResult> {
  const result = await bookInTransaction(ctx, scope, input);
  // After the commit: the candidate (when someone else booked it) and the evaluator booked (issue 23 §3).
  await notifyTestScheduled(ctx, scope.userId, result.assignedTestId);
  return result.answer;
}

async function bookInTransaction({ db }: DbContext, scope: Scope, input: ScheduleInput) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const test = await findHeldTest(tx, scope, input, now, true);
    checkDuration(test, input.duration);
    const query = await liveQuery(tx, test, input.timeZone, now, true);
    // A repeated wall-clock hour names two instants: the earliest one that is free is booked.
    const slot = localInstants(input.date, input.startTime, query.zone)
      .map((start) => slotAt(query, start))
      .find((s) => s?.isAvailable);
    if (!slot) throw schedulingError(409, "timeUnavailable");
    const evaluatorId = slot.freeResourceIds[0];
    await tx
      .update(assignedTests)
      .set({ scheduledAt: slot.start, scheduledTimeZoneId: input.timeZone, scheduledEvaluatorUserId: evaluatorId, state: "takeable" })
      .where(eq(assignedTests.id, test.id));
    await audit(
      { db: tx },
      {
        actor: scope,
        action: "scheduling.schedule",
        targetType: "assigned_test",
        targetId: test.id,
        details: { scheduledAt: slot.start.toISOString(), timeZoneId: input.timeZone, evaluatorUserId: evaluatorId },
      },
    );
    const answer: SchedulingResult = {
      success: true,
      message: schedulingMessages.scheduled,
      messageKey: "scheduling.messages.scheduled",
      scheduledAt: slot.start.toISOString(),
      timeZoneId: input.timeZone,
    };
    return { answer, assignedTestId: test.id };
  });
}

/** The administrator's "Allow candidate to schedule": the test waits for the candidate (Take a Test's scheduling list). */
export async function allowCandidateScheduling(ctx: Pick<AppContext, "db" | "jobs" | "config">, anyScope: Scope, { id }: { id: number }): Promise<SchedulingResult> {
  const scope = clientScope(anyScope);
  const result = await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ candidateId: assignedTests.candidateId }).from(assignedTests).where(eq(assignedTests.id, id));
    if (!owner) throw schedulingError(404, "testNotFound");
    const test = await findHeldTest(tx, scope, { candidateProfileId: owner.candidateId, assignedTestId: id }, new Date(), true);
    await tx.update(assignedTests).set({ allowCandidateToSchedule: true, state: "needs_scheduling" }).where(eq(assignedTests.id, test.id));
    await audit({ db: tx }, { actor: scope, action: "scheduling.allow_candidate", targetType: "assigned_test", targetId: test.id });
    return { success: true, message: schedulingMessages.allowed, messageKey: "scheduling.messages.allowed", scheduledAt: null, timeZoneId: null } as SchedulingResult;
  });
  // After the commit: the candidate is asked to choose the time (issue 23 §3).
  await notifyToSchedule(ctx, scope.userId, [id]);
  return result;
}
