import type { DateTime } from "luxon";
import { BUSINESS_END_HOUR, BUSINESS_START_HOUR, SLOT_STEP_MINUTES } from "@parlance/contract";
import { bookableWindow, businessDaysBetween, easternDay, isBusinessDay, weekdayName } from "./business-days.js";
import { busyOnDay, isFree, prepareResources, type BusyResource } from "./busy.js";
import { assertZone, displayFor, localDayRange } from "./local-time.js";
import type { AvailabilityQuery, BookableWindow, Slot } from "./types.js";

/**
 * The availability engine (issue 13): which appointment slots a live, video or proctored test can
 * take. Pure: the caller passes the resources, their conflicts, the bookings and "now"; nothing
 * here reads a clock, a database or the process's time zone. Slots are laid on Eastern business
 * days (9:00–18:00, Monday to Friday) every 15 minutes, each exactly the test's duration long.
 */

const BUSINESS_DAY_MINUTES = (BUSINESS_END_HOUR - BUSINESS_START_HOUR) * 60;

interface Plan {
  query: AvailabilityQuery;
  window: BookableWindow;
  busy: BusyResource[];
}

function plan(query: AvailabilityQuery): Plan {
  const { durationMinutes: d, lookAheadDays: ahead, now } = query;
  if (!Number.isInteger(d) || d < 1 || d > BUSINESS_DAY_MINUTES) throw new RangeError(`duration must be 1 to ${BUSINESS_DAY_MINUTES} minutes: ${d}`);
  if (!Number.isInteger(ahead) || ahead < 0) throw new RangeError(`look-ahead must be a whole number of days: ${ahead}`);
  if (Number.isNaN(now.getTime())) throw new RangeError("now is not a date");
  assertZone(query.zone);
  return { query, window: bookableWindow(query), busy: prepareResources(query) };
}

/** Every slot of one Eastern day (empty outside the window or on a weekend), available or not. */
function slotsOfDay({ query, window, busy }: Plan, day: DateTime): Slot[] {
  const iso = day.toISODate()!;
  if (!isBusinessDay(day) || iso < window.firstDay || iso > window.lastDay) return [];
  const open = day.set({ hour: BUSINESS_START_HOUR });
  const close = day.set({ hour: BUSINESS_END_HOUR });
  const durationMs = query.durationMinutes * 60_000;
  const weekday = weekdayName(day);
  const dayBusy = busy.map((r) => busyOnDay(r, weekday, open.toMillis(), close.toMillis()));
  const display = displayFor(query.zone, open.toMillis(), close.toMillis());
  const slots: Slot[] = [];
  // US zones change offset at 2 am on Sundays, never within 9:00–18:00 of a weekday, so stepping
  // in absolute minutes keeps the Eastern wall clock on the 15-minute grid.
  for (let t = open.toMillis(); t + durationMs <= close.toMillis(); t += SLOT_STEP_MINUTES * 60_000) {
    const wallFrom = BUSINESS_START_HOUR * 3600 + (t - open.toMillis()) / 1000;
    const wallTo = wallFrom + durationMs / 1000;
    const freeResourceIds = dayBusy.filter((r) => isFree(r, wallFrom, wallTo, t, t + durationMs)).map((r) => r.id);
    const start = new Date(t);
    const end = new Date(t + durationMs);
    slots.push({
      start,
      end,
      isAvailable: t >= window.earliest.getTime() && freeResourceIds.length > 0,
      freeResourceIds,
      display: display(start, end),
    });
  }
  return slots;
}

/** The Eastern days a query may book and the earliest instant (first live day, proctor delay, look-ahead). */
export function windowOf(query: AvailabilityQuery): BookableWindow {
  return plan(query).window;
}

/** Every slot of every business day in the window, in time order. */
export function windowSlots(query: AvailabilityQuery): Slot[] {
  const p = plan(query);
  return businessDaysBetween(p.window.firstDay, p.window.lastDay).flatMap((day) => slotsOfDay(p, day));
}

/**
 * The slots starting on one calendar date of the requester's zone (the schedule screen's date
 * and time zone), available or not; empty outside the window.
 */
export function slotsOn(query: AvailabilityQuery, isoDate: string): Slot[] {
  const p = plan(query);
  const { from, to } = localDayRange(isoDate, query.zone);
  const slots: Slot[] = [];
  // A local day of a far zone straddles two (at most three) Eastern days.
  const last = easternDay(new Date(to.getTime() - 1));
  for (let day = easternDay(from); day <= last; day = day.plus({ days: 1 })) {
    for (const s of slotsOfDay(p, day)) if (s.start >= from && s.start < to) slots.push(s);
  }
  return slots;
}

/** The dates of the requester's zone with at least one available slot (the calendar's enabled days). */
export function availableDates(query: AvailabilityQuery): string[] {
  const dates = new Set<string>();
  for (const s of windowSlots(query)) if (s.isAvailable) dates.add(s.display.date);
  return [...dates];
}

/**
 * The slot that starts at exactly this instant, or undefined: how a booking route checks the time
 * it was sent before it writes (send the slot's startIso, which names one instant in any zone).
 */
export function slotAt(query: AvailabilityQuery, start: Date): Slot | undefined {
  const p = plan(query);
  return slotsOfDay(p, easternDay(start)).find((s) => s.start.getTime() === start.getTime());
}
