import { LIVE_START_EARLY_MINUTES, MISSED_TEST_DAYS, type TestMethod } from "@parlance/contract";

/**
 * Which list of the Take a Test screen an assigned test belongs to (docs/api.md "Take a Test
 * list"). Pure, so the rules read in one place; the service feeds it rows of the caller's tests.
 */

export type ListName = "takable" | "upcoming" | "schedulable" | "purchasable" | "missed";

export interface ListFacts {
  state: "takeable" | "needs_scheduling" | "needs_payment" | "expired" | "taken" | "cancelled";
  method: TestMethod;
  scheduledAt: Date | null;
  expiresAt: Date;
  durationMinutes: number;
  /** The attempt's state, null when there is none. */
  attemptState: "in_progress" | "outstanding" | "partially_received" | "received" | "no_show" | null;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Tests an interpreter conducts at an appointment: they need one before they can be taken. */
export const isAppointmentMethod = (method: TestMethod) => method === "live" || method === "video";

/** The end of an appointment: its start plus the test's duration. */
export const appointmentEnd = (f: Pick<ListFacts, "scheduledAt" | "durationMinutes">): Date | null =>
  f.scheduledAt ? new Date(f.scheduledAt.getTime() + f.durationMinutes * MINUTE) : null;

/** A live or video test can be started from 15 minutes before its appointment until its end. */
export function startWindow(f: Pick<ListFacts, "scheduledAt" | "durationMinutes">): { opensAt: Date; closesAt: Date } | null {
  if (!f.scheduledAt) return null;
  return { opensAt: new Date(f.scheduledAt.getTime() - LIVE_START_EARLY_MINUTES * MINUTE), closesAt: appointmentEnd(f)! };
}

const recent = (d: Date, now: Date) => d.getTime() > now.getTime() - MISSED_TEST_DAYS * DAY;

/** The list, or null when the test is off the Take a Test screen (taken, cancelled, long gone). */
export function classify(f: ListFacts, now: Date): ListName | null {
  if (f.attemptState === "in_progress") return "takable"; // resume
  // An online test whose online part is in and whose phone part is to come (it continues by phone):
  // its page says not to hang up, and asks for a new call if the first was cut off.
  if (f.attemptState === "partially_received" && f.method === "online") return "takable";
  if (f.attemptState === "no_show") return recent(f.scheduledAt ?? f.expiresAt, now) ? "missed" : null;
  if (f.attemptState !== null) return null; // received, or paper responses outstanding / partly in
  if (f.state === "taken" || f.state === "cancelled") return null;
  if (f.state === "expired" || f.expiresAt.getTime() <= now.getTime()) return recent(f.expiresAt, now) ? "missed" : null;
  const end = appointmentEnd(f);
  if (end && end.getTime() <= now.getTime()) return recent(end, now) ? "missed" : null;
  if (f.state === "needs_payment") return "purchasable";
  if (f.state === "needs_scheduling") return "schedulable";
  if (f.scheduledAt) return "upcoming";
  return isAppointmentMethod(f.method) ? "schedulable" : "takable";
}

/** The address an entry opens (spec §2 "Links on entries"), or null when there is none yet. */
export function entryHref(
  list: ListName,
  f: Pick<ListFacts, "method" | "scheduledAt"> & { candidateId?: number },
  assignedTestId: number,
): string | null {
  const prefix = f.scheduledAt ? "s" : "a";
  switch (list) {
    case "takable":
    case "upcoming":
      return isAppointmentMethod(f.method) ? `/testing/tests/${prefix}${assignedTestId}/live` : `/testing/tests/${assignedTestId}`;
    case "purchasable":
      return `/testing/payment/${prefix}${assignedTestId}/purchase`;
    case "schedulable":
      // The schedule-test screen (client spec §2: /testing/candidates/{id}/scheduledtest/{testId}).
      return f.candidateId === undefined ? null : `/testing/candidates/${f.candidateId}/scheduledtest/${assignedTestId}`;
    default:
      // Rescheduling a missed test is a screen of a later issue.
      return null;
  }
}
