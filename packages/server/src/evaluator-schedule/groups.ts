import { DateTime } from "luxon";
import type { ScheduleGroup } from "@parlance/contract";

/**
 * The group of Scheduled Tests a start falls in, by calendar days in the evaluator's zone: Today,
 * Tomorrow, the rest of this week, next week, then Future. Weeks run Sunday to Saturday (the US
 * calendar the spec's screens use), so on a Saturday "tomorrow" is already next week's Sunday and
 * This Week has nothing after it.
 */
export function scheduleGroupOf(startsAt: Date, now: Date, zone: string): ScheduleGroup {
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  const day = DateTime.fromJSDate(startsAt, { zone }).startOf("day");
  const days = Math.round(day.diff(today, "days").days);
  if (days <= 0) return "today";
  if (days === 1) return "tomorrow";
  // luxon weekdays: Monday 1 … Sunday 7; days since this week's Sunday.
  const sinceSunday = today.weekday % 7;
  const weekStart = today.minus({ days: sinceSunday });
  const weeks = Math.floor(Math.round(day.diff(weekStart, "days").days) / 7);
  return weeks === 0 ? "thisWeek" : weeks === 1 ? "nextWeek" : "future";
}

/** Start of the evaluator's today: the list begins there (a test earlier today is still shown). */
export const startOfToday = (now: Date, zone: string): Date => DateTime.fromJSDate(now, { zone }).startOf("day").toJSDate();
