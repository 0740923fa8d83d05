import { DateTime } from "luxon";
import {
  BUSINESS_TIME_ZONE,
  BUSINESS_WEEKDAYS,
  LIVE_TEST_CUTOFF_HOUR,
  MIN_PROCTOR_APPT_DELAY_MINUTES,
  WEEKDAYS,
  type Weekday,
} from "@parlance/contract";
import type { AvailabilityQuery, BookableWindow } from "./types.js";

/**
 * The Eastern-Time calendar the business rules count in. Every DateTime here carries the zone
 * explicitly, so neither the process's TZ nor luxon's default zone changes an answer.
 */

/** luxon weekday (1 Monday … 7 Sunday) to the specs' day name. */
export const weekdayName = (d: DateTime): Weekday => WEEKDAYS[d.weekday % 7];

export const isBusinessDay = (d: DateTime): boolean => BUSINESS_WEEKDAYS.includes(weekdayName(d));

/** Midnight Eastern of the day an instant falls on. */
export function easternDay(instant: Date): DateTime {
  return DateTime.fromJSDate(instant, { zone: BUSINESS_TIME_ZONE }).startOf("day");
}

/** Midnight Eastern of an Eastern calendar date (yyyy-MM-dd). */
export function easternDate(isoDate: string): DateTime {
  const d = DateTime.fromISO(isoDate, { zone: BUSINESS_TIME_ZONE });
  if (!d.isValid || d.toISODate() !== isoDate) throw new RangeError(`not a date: ${isoDate}`);
  return d.startOf("day");
}

/** The `count`-th business day after `day` (day itself not counted). */
export function businessDaysAfter(day: DateTime, count: number): DateTime {
  let d = day;
  for (let left = count; left > 0; ) {
    // plus({days}) is calendar math: it stays at midnight across a daylight-saving change.
    d = d.plus({ days: 1 });
    if (isBusinessDay(d)) left--;
  }
  return d;
}

/**
 * Live tests: the next business day if it is before 4 pm ET, otherwise two business days later
 * (counted from today's Eastern date, whatever day of the week today is).
 */
export function firstLiveTestDay(now: Date): string {
  const eastern = DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE });
  const ahead = eastern.hour < LIVE_TEST_CUTOFF_HOUR ? 1 : 2;
  return businessDaysAfter(eastern.startOf("day"), ahead).toISODate()!;
}

/** The Eastern days a query may book and the earliest instant a slot may start. */
export function bookableWindow(query: Pick<AvailabilityQuery, "now" | "lead" | "lookAheadDays">): BookableWindow {
  const today = easternDay(query.now);
  const lastDay = today.plus({ days: query.lookAheadDays }).toISODate()!;
  if (query.lead.kind === "live") {
    return { firstDay: firstLiveTestDay(query.now), lastDay, earliest: query.now };
  }
  const delayMs = MIN_PROCTOR_APPT_DELAY_MINUTES[query.lead.minProctorApptDelay] * 60_000;
  return { firstDay: today.toISODate()!, lastDay, earliest: new Date(query.now.getTime() + delayMs) };
}

/** Every business day from `first` to `last` (Eastern dates, inclusive), as Eastern midnights. */
export function businessDaysBetween(first: string, last: string): DateTime[] {
  const days: DateTime[] = [];
  const end = easternDate(last);
  for (let d = easternDate(first); d <= end; d = d.plus({ days: 1 })) if (isBusinessDay(d)) days.push(d);
  return days;
}
