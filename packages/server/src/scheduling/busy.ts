import { PARTIAL_CONFLICT_METHODS, parseTimeOfDay, WEEKDAYS, type TestMethod, type Weekday } from "@parlance/contract";
import type { AvailabilityQuery, SchedulingResource, WeeklyConflict } from "./types.js";

/**
 * What keeps each resource busy, prepared once per query: weekly conflicts as Eastern wall-clock
 * seconds per weekday, and individual conflicts and bookings as UTC millisecond intervals.
 */

/** [from, to) — seconds since Eastern midnight, or UTC milliseconds. */
export type Span = readonly [number, number];

export interface BusyResource {
  id: number;
  weekly: ReadonlyMap<Weekday, readonly Span[]>;
  /** Blocking individual conflicts and bookings, by start. */
  intervals: readonly Span[];
}

/** A partial conflict leaves its owner available for IVR and online tests; any other conflict blocks. */
export const conflictBlocks = (partial: boolean, method: TestMethod): boolean =>
  !partial || !PARTIAL_CONFLICT_METHODS.includes(method);

function weeklySpan(c: WeeklyConflict): Span {
  const from = parseTimeOfDay(c.from);
  const to = parseTimeOfDay(c.to);
  if (!WEEKDAYS.includes(c.day) || from === null || to === null || to <= from) {
    // Stored rows were checked when saved: a bad one is a bug to surface, not a conflict to drop.
    throw new RangeError(`not a weekly conflict: ${JSON.stringify(c)}`);
  }
  return [from, to];
}

function prepareOne(r: SchedulingResource, method: TestMethod, bookings: readonly Span[]): BusyResource {
  const weekly = new Map<Weekday, Span[]>();
  for (const c of r.weekly) weekly.set(c.day, [...(weekly.get(c.day) ?? []), weeklySpan(c)]);
  const intervals: Span[] = [...bookings];
  for (const c of r.individual) {
    if (conflictBlocks(c.partial, method)) intervals.push([c.from.getTime(), c.to.getTime()]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  return { id: r.id, weekly, intervals };
}

export function prepareResources(query: Pick<AvailabilityQuery, "resources" | "bookings" | "method">): BusyResource[] {
  const byResource = new Map<number, Span[]>();
  for (const r of query.resources) {
    if (byResource.has(r.id)) throw new RangeError(`resource ${r.id} given twice`);
    byResource.set(r.id, []);
  }
  // Bookings of anyone outside the pool cannot take this pool's capacity.
  for (const b of query.bookings) byResource.get(b.resourceId)?.push([b.start.getTime(), b.end.getTime()]);
  return query.resources
    .map((r) => prepareOne(r, query.method, byResource.get(r.id)!))
    .sort((a, b) => a.id - b.id);
}

/** A resource narrowed to one Eastern day: its weekly spans that day, the intervals touching the window. */
export interface DayBusy {
  id: number;
  weekly: readonly Span[];
  intervals: readonly Span[];
}

export function busyOnDay(r: BusyResource, weekday: Weekday, windowStartMs: number, windowEndMs: number): DayBusy {
  return {
    id: r.id,
    weekly: r.weekly.get(weekday) ?? [],
    intervals: r.intervals.filter(([s, e]) => s < windowEndMs && windowStartMs < e),
  };
}

const overlaps = (spans: readonly Span[], from: number, to: number) => spans.some(([s, e]) => s < to && from < e);

/** Free for the whole slot: half-open intervals, so a booking ending at 10:00 leaves 10:00 free. */
export function isFree(d: DayBusy, wallFromSec: number, wallToSec: number, fromMs: number, toMs: number): boolean {
  return !overlaps(d.weekly, wallFromSec, wallToSec) && !overlaps(d.intervals, fromMs, toMs);
}
