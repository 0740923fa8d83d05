import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import {
  DECLINE_CUTOFF_HOURS,
  DEFAULT_TIME_ZONE_ID,
  EVALUATOR_LOOK_AHEAD_DAYS,
  evaluatorActionMessages,
  type EvaluatorActionResult,
  type EvaluatorAvailableTime,
  type evaluatorActionRoutes,
  type ScheduledTestPage,
} from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, evaluatorDeclines } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { audit } from "../audit/audit.js";
import { availableDates, localInstants, slotAt, slotsOn, timeProblem, type AvailabilityQuery } from "../scheduling/index.js";
import { notifyAppointmentMoved } from "../notifications/index.js";
import { liveQuery } from "../scheduling/index.js";
import { actionError, bookedTest, evaluatorZone, requireActionable, type BookedTest } from "./booked-test.js";

/**
 * Confirm and decline (evaluators-results-account.md §4, §7). A decline moves the booking: to
 * another evaluator of the test's language free at the same time, or, when the evaluator names a
 * new date and time, to that time (with them when they are free then, else with another). The
 * times come from the scheduling engine (scheduling/) over EVALUATOR_LOOK_AHEAD_DAYS in the
 * evaluator's zone, and a booking locks the test and the evaluators exactly as scheduling does.
 */

const HOUR_MS = 3_600_000;

/** Not within the cut-off: a test about to happen can no longer be declined (spec §4). */
export const isCancelable = (t: Pick<BookedTest, "scheduledAt">, now: Date): boolean =>
  t.scheduledAt.getTime() - now.getTime() > DECLINE_CUTOFF_HOURS * HOUR_MS;

/** The engine's question for this test, asked by the evaluator: their zone, 90 days (or far enough to reach the booking). */
async function evaluatorQuery(tx: Tx, t: BookedTest, zone: string, now: Date, lock = false): Promise<AvailabilityQuery> {
  const base = await liveQuery(tx, t, DEFAULT_TIME_ZONE_ID, now, lock);
  const daysToBooking = Math.ceil((t.scheduledAt.getTime() - now.getTime()) / (24 * HOUR_MS)) + 1;
  return { ...base, zone, lookAheadDays: Math.max(EVALUATOR_LOOK_AHEAD_DAYS, daysToBooking) };
}

/** The query of the decline page's dates and times: EVALUATOR_LOOK_AHEAD_DAYS exactly. */
const declinePageQuery = (q: AvailabilityQuery): AvailabilityQuery => ({ ...q, lookAheadDays: EVALUATOR_LOOK_AHEAD_DAYS });

/** Who has declined this test already (never offered it again). */
async function decliners(tx: Tx, id: number): Promise<Set<number>> {
  const rows = await tx.select({ id: evaluatorDeclines.evaluatorUserId }).from(evaluatorDeclines).where(eq(evaluatorDeclines.assignedTestId, id));
  return new Set(rows.map((r) => r.id));
}

/** Other evaluators free for the whole booked time (the lead rule does not apply: the time is booked already). */
async function othersFree(tx: Tx, scope: Scope, t: BookedTest, query: AvailabilityQuery): Promise<number[]> {
  const slot = slotAt(query, t.scheduledAt);
  if (!slot) return [];
  const declined = await decliners(tx, t.id);
  return slot.freeResourceIds.filter((id) => id !== scope.userId && !declined.has(id));
}

export async function scheduledTestPage(ctx: AppContext, scope: Scope, { id }: { id: number }): Promise<ScheduledTestPage> {
  const now = new Date();
  const t = await bookedTest(ctx.db, scope, id);
  const zone = await evaluatorZone(ctx.db, scope.userId);
  const open = t.bookedWithMe && t.status !== "declined" && !t.finished;
  const cancelable = isCancelable(t, now);
  const dates = open && cancelable ? availableDates(declinePageQuery(await evaluatorQuery(ctx.db, t, zone, now))).sort() : [];
  return {
    candidateName: t.candidateName,
    candidateTestId: t.id,
    testDescription: t.description,
    useVideo: t.method === "video",
    method: t.method,
    firstAvailableDate: dates[0] ?? null,
    lastAvailableDate: dates.at(-1) ?? null,
    availableDates: dates,
    durationDescription: `${t.durationMinutes} minutes`,
    durationMinutes: t.durationMinutes,
    timeZone: zone,
    today: DateTime.fromJSDate(now, { zone }).toISODate()!,
    confirmationStatus: t.status,
    datetime: t.shownAt.toISOString(),
    isCancelable: cancelable,
    phoneNumber: t.phoneNumber,
    canConfirm: open && t.status === "unconfirmed",
    canDecline: open && cancelable,
    canAdminister: open,
  };
}

export async function availableTimes(ctx: AppContext, scope: Scope, input: InputOf<typeof evaluatorActionRoutes.availableTimes>) {
  const now = new Date();
  const t = await bookedTest(ctx.db, scope, input.candidateTestId);
  requireActionable(t);
  const zone = await evaluatorZone(ctx.db, scope.userId);
  const query = declinePageQuery(await evaluatorQuery(ctx.db, t, zone, now));
  const times: EvaluatorAvailableTime[] = slotsOn(query, input.date).map((s) => ({
    startTime: s.display.start,
    label: `${s.display.start}–${s.display.end}`,
    // The booked time itself is not a new time.
    availability: s.isAvailable && s.start.getTime() !== t.scheduledAt.getTime(),
    starts_at: s.start.toISOString(),
  }));
  return { availableTimes: times };
}

export async function otherEvaluatorsAvailable(ctx: AppContext, scope: Scope, { candidateTestId }: { candidateTestId: number }) {
  const now = new Date();
  const t = await bookedTest(ctx.db, scope, candidateTestId);
  requireActionable(t);
  const zone = await evaluatorZone(ctx.db, scope.userId);
  return { otherEvaluatorsAvailable: (await othersFree(ctx.db, scope, t, await evaluatorQuery(ctx.db, t, zone, now))).length > 0 };
}

export async function confirmTest(ctx: AppContext, scope: Scope, { candidateTestId }: { candidateTestId: number }): Promise<EvaluatorActionResult> {
  return ctx.db.transaction(async (tx) => {
    const t = await bookedTest(tx, scope, candidateTestId, true);
    requireActionable(t);
    if (t.status === "confirmed") throw actionError(409, "alreadyConfirmed");
    await tx.update(assignedTests).set({ evaluatorConfirmation: "confirmed" }).where(eq(assignedTests.id, t.id));
    await audit({ db: tx }, { actor: scope, accountId: t.accountId, action: "evaluators.confirm", targetType: "assigned_test", targetId: t.id });
    return { success: true, message: evaluatorActionMessages.confirmed, messageKey: "evaluatorActions.messages.confirmed" };
  });
}

type DeclineInput = InputOf<typeof evaluatorActionRoutes.decline>;

export async function declineTest(ctx: AppContext, scope: Scope, input: DeclineInput): Promise<EvaluatorActionResult & { scheduledAt: string | null }> {
  const { result, before } = await declineInTransaction(ctx, scope, input);
  // After the commit: the candidate hears of the new time, another evaluator of the booking (issue 23 §3).
  await notifyAppointmentMoved(ctx, scope.userId, input.candidateTestId, before);
  return result;
}

async function declineInTransaction(ctx: AppContext, scope: Scope, input: DeclineInput) {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const t = await bookedTest(tx, scope, input.candidateTestId, true);
    requireActionable(t);
    if (!isCancelable(t, now)) throw actionError(409, "tooSoon", { hours: DECLINE_CUTOFF_HOURS });
    const zone = await evaluatorZone(tx, scope.userId);
    // Locks the language's evaluators, so two declines cannot hand the same free time to both.
    const query = await evaluatorQuery(tx, t, zone, now, true);

    let to: { evaluatorUserId: number; start: Date; confirmation: "unconfirmed" | "confirmed" };
    if (input.date == null || input.startTime == null) {
      const others = await othersFree(tx, scope, t, query);
      if (others.length === 0) throw actionError(409, "noOtherEvaluator");
      to = { evaluatorUserId: others[0], start: t.scheduledAt, confirmation: "unconfirmed" };
    } else {
      const page = declinePageQuery(query);
      const instants = localInstants(input.date, input.startTime, zone);
      // A time that is no slot at all is a mistake in the request (400, saying what is wrong), not a taken time (409).
      const problem = timeProblem(page, instants);
      if (problem) {
        const { problem: name, ...values } = problem;
        throw actionError(400, name, values);
      }
      const slots = instants.map((start) => slotAt(page, start));
      if (slots.some((s) => s?.start.getTime() === t.scheduledAt.getTime())) throw actionError(400, "sameTime");
      const slot = slots.find((s) => s?.isAvailable);
      if (!slot) throw actionError(409, "timeUnavailable");
      const declined = await decliners(tx, t.id);
      // The evaluator proposed the time: they keep the test when they are free then (confirmed).
      const mine = slot.freeResourceIds.includes(scope.userId);
      const other = slot.freeResourceIds.find((id) => id !== scope.userId && !declined.has(id)) ?? slot.freeResourceIds.find((id) => id !== scope.userId);
      to = mine
        ? { evaluatorUserId: scope.userId, start: slot.start, confirmation: "confirmed" }
        : { evaluatorUserId: other!, start: slot.start, confirmation: "unconfirmed" };
    }

    const rebookedAt = to.start.getTime() === t.scheduledAt.getTime() ? null : to.start;
    await tx
      .update(assignedTests)
      .set({
        scheduledAt: to.start,
        scheduledEvaluatorUserId: to.evaluatorUserId,
        evaluatorConfirmation: to.confirmation,
        // A new time is a new version of the candidate's calendar event (the .ics SEQUENCE).
        ...(rebookedAt ? { appointmentSequence: sql`${assignedTests.appointmentSequence} + 1` } : {}),
      })
      .where(eq(assignedTests.id, t.id));
    await tx
      .insert(evaluatorDeclines)
      .values({ assignedTestId: t.id, evaluatorUserId: scope.userId, scheduledAt: t.scheduledAt, rebookedAt, declinedAt: now })
      .onConflictDoUpdate({
        target: [evaluatorDeclines.assignedTestId, evaluatorDeclines.evaluatorUserId],
        set: { scheduledAt: sql`excluded.scheduled_at`, rebookedAt: sql`excluded.rebooked_at`, declinedAt: sql`excluded.declined_at` },
      });
    await audit(
      { db: tx },
      {
        actor: scope,
        accountId: t.accountId,
        action: "evaluators.decline",
        targetType: "assigned_test",
        targetId: t.id,
        details: { from: { at: t.scheduledAt.toISOString(), evaluatorUserId: scope.userId }, to: { at: to.start.toISOString(), evaluatorUserId: to.evaluatorUserId } },
      },
    );
    const name = rebookedAt ? "declinedRebooked" : "declinedToOther";
    return {
      result: { success: true, message: evaluatorActionMessages[name], messageKey: `evaluatorActions.messages.${name}`, scheduledAt: to.start.toISOString() },
      before: { at: t.scheduledAt, evaluatorUserId: scope.userId },
    };
  });
}
