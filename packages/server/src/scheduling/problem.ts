import { DateTime } from "luxon";
import { BUSINESS_END_HOUR, BUSINESS_START_HOUR, BUSINESS_TIME_ZONE } from "@parlance/contract";
import { easternDay, isBusinessDay } from "./business-days.js";
import { slotAt, windowOf } from "./engine.js";
import type { AvailabilityQuery } from "./types.js";

/**
 * Why a submitted start is not a bookable time at all (as opposed to a bookable time that is taken):
 * outside the window (before its first bookable instant or past its last day), not a business day,
 * or not a slot of the business hours. Null when it is a slot; whether it is free is the caller's.
 */
export type TimeProblem =
  | { problem: "outOfRange"; first: string; last: string }
  | { problem: "notBusinessDay" }
  | { problem: "outsideHours"; lastStart: string };

export function timeProblem(query: AvailabilityQuery, starts: Date[]): TimeProblem | null {
  const window = windowOf(query);
  const lastStart = DateTime.fromObject({ hour: BUSINESS_END_HOUR }, { zone: BUSINESS_TIME_ZONE }).minus({ minutes: query.durationMinutes }).toFormat("HH:mm");
  // A wall-clock time that does not exist in the zone (a daylight-saving gap) is no slot either.
  if (starts.length === 0) return { problem: "outsideHours", lastStart };
  const start = starts[0];
  const day = easternDay(start);
  const iso = day.toISODate()!;
  if (iso < window.firstDay || iso > window.lastDay || start.getTime() < window.earliest.getTime())
    return { problem: "outOfRange", first: window.firstDay, last: window.lastDay };
  if (!isBusinessDay(day)) return { problem: "notBusinessDay" };
  if (starts.every((s) => !slotAt(query, s))) return { problem: "outsideHours", lastStart };
  return null;
}

export const BUSINESS_OPEN = `${String(BUSINESS_START_HOUR).padStart(2, "0")}:00`;
