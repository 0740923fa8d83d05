import type { TestMethod } from "@parlance/contract";
import type { AvailabilityQuery, SchedulingResource } from "./types.js";

/**
 * A second, deliberately naive reading of the scheduling rules for the property tests: the US
 * daylight-saving rule written out by hand (Intl only for far zones), plain date arithmetic, and
 * brute force instead of the engine's luxon and preparation, so a mistake in the engine is not
 * repeated here.
 */

export interface WallClock {
  date: string;
  weekday: string;
  /** Seconds since local midnight. */
  seconds: number;
  /** HH:mm */
  time: string;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** Standard-time offsets (hours) of the four US zones; all observe daylight saving time. */
const US_STANDARD: Record<string, number> = {
  "America/New_York": -5, "America/Chicago": -6, "America/Denver": -7, "America/Los_Angeles": -8,
};

/**
 * The US rule since 2007: daylight time from the second Sunday of March at 2:00 standard time to
 * the first Sunday of November at 2:00 daylight time, local to each zone.
 */
export function usChanges(year: number, standardHours: number): { spring: Date; autumn: Date } {
  const nthSunday = (month: number, n: number) => {
    const firstDow = new Date(Date.UTC(year, month, 1)).getUTCDay();
    return 1 + ((7 - firstDow) % 7) + 7 * (n - 1);
  };
  return {
    spring: new Date(Date.UTC(year, 2, nthSunday(2, 2), 2 - standardHours)),
    autumn: new Date(Date.UTC(year, 10, nthSunday(10, 1), 2 - (standardHours + 1))),
  };
}
export const easternChanges = (year: number) => usChanges(year, US_STANDARD["America/New_York"]);

function fromShifted(instant: Date, offsetHours: number): WallClock {
  const shifted = new Date(instant.getTime() + offsetHours * 3_600_000);
  const text = shifted.toISOString();
  return {
    date: text.slice(0, 10),
    weekday: DAY_NAMES[shifted.getUTCDay()],
    seconds: shifted.getUTCHours() * 3600 + shifted.getUTCMinutes() * 60 + shifted.getUTCSeconds(),
    time: text.slice(11, 16),
  };
}

const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClock(instant: Date, zone: string): WallClock {
  const standard = US_STANDARD[zone];
  if (standard !== undefined) {
    const { spring, autumn } = usChanges(instant.getUTCFullYear(), standard);
    return fromShifted(instant, instant >= spring && instant < autumn ? standard + 1 : standard);
  }
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone, hourCycle: "h23", weekday: "long",
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    weekday: p.weekday,
    seconds: Number(p.hour) * 3600 + Number(p.minute) * 60 + Number(p.second),
    time: `${p.hour}:${p.minute}`,
  };
}

const EASTERN = "America/New_York";
const BUSINESS = new Set(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]);

/** A calendar date plus n days, by UTC date arithmetic. */
export function addDays(isoDate: string, n: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
const weekdayOf = (isoDate: string) => DAY_NAMES[new Date(`${isoDate}T12:00:00Z`).getUTCDay()];
export const isBusinessDate = (isoDate: string) => BUSINESS.has(weekdayOf(isoDate));

/** The Eastern dates the query may book from and to, per the specs' wording. */
export function expectedWindow(q: Pick<AvailabilityQuery, "now" | "lead" | "lookAheadDays">): { first: string; last: string } {
  const today = wallClock(q.now, EASTERN);
  let first = today.date;
  if (q.lead.kind === "live") {
    // "next business day if before 4 pm ET, otherwise two business days later"
    let ahead = today.seconds < 16 * 3600 ? 1 : 2;
    while (ahead > 0) {
      first = addDays(first, 1);
      if (isBusinessDate(first)) ahead--;
    }
  }
  return { first, last: addDays(today.date, q.lookAheadDays) };
}

/** The business dates of that window. */
export function expectedDays(q: AvailabilityQuery): string[] {
  const { first, last } = expectedWindow(q);
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) if (isBusinessDate(d)) days.push(d);
  return days;
}

export const earliestStart = (q: AvailabilityQuery): number =>
  q.now.getTime() + (q.lead.kind === "proctor" && q.lead.minProctorApptDelay === 1 ? 3_600_000 : 0);

const seconds = (hhmm: string) => {
  const [h, m, s] = hhmm.split(":").map(Number);
  return h * 3600 + m * 60 + (s ?? 0);
};

/** Whether a resource is busy at any moment of [start, end), checked against every rule directly. */
export function isBusy(r: SchedulingResource, q: Pick<AvailabilityQuery, "bookings">, method: TestMethod, start: Date, end: Date): boolean {
  const s = start.getTime();
  const e = end.getTime();
  const hit = (from: Date, to: Date) => from.getTime() < e && s < to.getTime();
  if (q.bookings.some((b) => b.resourceId === r.id && hit(b.start, b.end))) return true;
  const blocks = (partial: boolean) => !partial || (method !== "ivr" && method !== "online");
  if (r.individual.some((c) => blocks(c.partial) && hit(c.from, c.to))) return true;
  // Weekly conflicts are Eastern wall clock; a slot lies within one Eastern business day.
  const a = wallClock(start, EASTERN);
  const b = wallClock(end, EASTERN);
  return r.weekly.some((c) => c.day === a.weekday && seconds(c.from) < b.seconds && a.seconds < seconds(c.to));
}

/** The instant of an Eastern wall-clock date and time (the standard reading inside a skipped hour). */
export function easternInstant(isoDate: string, seconds: number): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const naive = Date.UTC(y, m - 1, d) + seconds * 1000;
  for (const offset of [-4, -5]) {
    const instant = new Date(naive - offset * 3_600_000);
    const wall = wallClock(instant, EASTERN);
    if (wall.date === isoDate && wall.seconds === seconds) return instant;
  }
  return new Date(naive + 5 * 3_600_000);
}
