import { DateTime } from "luxon";
import type { DueGroup } from "@parlance/contract";

/**
 * When a scoreable test is due, and which group of the evaluator's list it falls in
 * (docs/scoring.md "Due times"). Business days are Monday to Friday in the provider's zone;
 * the end of business is 18:00 (spec §9: business hours 9:00 to 18:00).
 */
export const PROVIDER_TIME_ZONE = "America/New_York";
/** Business days an evaluator has to score a test. */
export const TURNAROUND_BUSINESS_DAYS = 2;
export const END_OF_BUSINESS_HOUR = 18;

const isBusinessDay = (d: DateTime) => d.weekday <= 5;

/**
 * received + turnaround business days, at the end of business. A test received after 18:00 or on
 * a weekend counts from the next business day's morning.
 */
export function dueAtFor(receivedAt: Date, turnaround = TURNAROUND_BUSINESS_DAYS): Date {
  let day = DateTime.fromJSDate(receivedAt, { zone: PROVIDER_TIME_ZONE }).startOf("day");
  const received = DateTime.fromJSDate(receivedAt, { zone: PROVIDER_TIME_ZONE });
  if (!isBusinessDay(day) || received.hour >= END_OF_BUSINESS_HOUR) {
    day = day.plus({ days: 1 });
    while (!isBusinessDay(day)) day = day.plus({ days: 1 });
  }
  for (let left = turnaround; left > 0; ) {
    day = day.plus({ days: 1 });
    if (isBusinessDay(day)) left--;
  }
  return day.set({ hour: END_OF_BUSINESS_HOUR }).toJSDate();
}

/** The list group of a due time, by calendar days in the evaluator's zone. */
export function dueGroupOf(dueAt: Date, now: Date, zone: string = PROVIDER_TIME_ZONE): DueGroup {
  if (dueAt.getTime() < now.getTime()) return "overdue";
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  const dueDay = DateTime.fromJSDate(dueAt, { zone }).startOf("day");
  const days = Math.round(dueDay.diff(today, "days").days);
  return days <= 0 ? "today" : days === 1 ? "tomorrow" : "later";
}

/** A zone luxon knows, or the provider's. */
export const validZone = (zone: string | null | undefined): string =>
  zone && DateTime.local().setZone(zone).isValid ? zone : PROVIDER_TIME_ZONE;
