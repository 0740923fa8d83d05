import { DateTime, IANAZone } from "luxon";
import { parseTimeOfDay } from "@parlance/contract";
import type { SlotDisplay } from "./types.js";

/** Wall-clock conversions in an arbitrary IANA zone, always with the zone given explicitly. */

export function assertZone(zone: string): void {
  if (!IANAZone.isValidZone(zone)) throw new RangeError(`not an IANA time zone: ${zone}`);
}

const offsetText = (minutes: number) => {
  const m = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/**
 * How slots between two instants read in the requester's zone. The zone's offset is looked up at
 * both ends: when it is the same (always, but for a change inside those few hours) every slot is
 * formatted by arithmetic, which keeps a 90-day look-up to a few milliseconds.
 */
export function displayFor(zone: string, fromMs: number, toMs: number): (start: Date, end: Date) => SlotDisplay {
  const z = IANAZone.create(zone);
  const first = z.offset(fromMs);
  const offsetAt = first === z.offset(toMs) ? () => first : (ms: number) => z.offset(ms);
  const wall = (ms: number) => {
    const offset = offsetAt(ms);
    // The wall clock is the instant shifted by the offset, read as if it were UTC.
    const text = new Date(ms + offset * 60_000).toISOString();
    return { date: text.slice(0, 10), time: text.slice(11, 16), iso: text.slice(0, 19) + offsetText(offset) };
  };
  return (start, end) => {
    const s = wall(start.getTime());
    const e = wall(end.getTime());
    return { zone, date: s.date, start: s.time, end: e.time, startIso: s.iso, endIso: e.iso };
  };
}

/** The UTC instants of one local day in a zone: [midnight, next midnight). */
export function localDayRange(isoDate: string, zone: string): { from: Date; to: Date } {
  assertZone(zone);
  const day = DateTime.fromISO(isoDate, { zone });
  if (!day.isValid || day.toISODate() !== isoDate) throw new RangeError(`not a date: ${isoDate}`);
  // startOf("day") is the first instant of the date even where midnight itself is skipped.
  return { from: day.startOf("day").toJSDate(), to: day.plus({ days: 1 }).startOf("day").toJSDate() };
}

/**
 * The instants a wall-clock date and time name in a zone: none in a skipped hour, two in a
 * repeated one, otherwise one. (luxon alone would silently move a skipped time and pick one
 * reading of a repeated time; a booking must not land on an instant the person never saw.)
 */
export function localInstants(isoDate: string, time: string, zone: string): Date[] {
  assertZone(zone);
  const seconds = parseTimeOfDay(time);
  const day = DateTime.fromISO(isoDate, { zone: "UTC" });
  if (seconds === null || !day.isValid || day.toISODate() !== isoDate) return [];
  // The wall clock read as if it were UTC; the real instant is that minus the zone's offset then.
  const naive = day.toMillis() + seconds * 1000;
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offset * 60_000;
  // The offsets in force a day either side and at the time itself cover every reading.
  const candidates = new Set([-86_400_000, 0, 86_400_000].map((d) => naive - offsetAt(naive + d)));
  return [...candidates]
    .filter((ms) => ms + offsetAt(ms) === naive)
    .sort((a, b) => a - b)
    .map((ms) => new Date(ms));
}
