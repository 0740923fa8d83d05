import fc from "fast-check";
import { Settings } from "luxon";
import { afterEach, describe, expect, it } from "vitest";
import { CANDIDATE_LOOK_AHEAD_DAYS, EVALUATOR_LOOK_AHEAD_DAYS, TEST_METHODS, WEEKDAYS } from "@parlance/contract";
import { localInstants, slotAt, slotsOn, windowOf, windowSlots } from "./index.js";
import { addDays, earliestStart, easternChanges, easternInstant, expectedDays, expectedWindow, isBusy, wallClock } from "./property-oracle.js";
import type { AvailabilityQuery, Booking, SchedulingResource } from "./types.js";

/**
 * Property tests of the availability engine (issue 13): random pools, conflicts and bookings
 * around both daylight-saving changes of 2024–2031, asked from the four US zones (and a few far
 * ones), with luxon's default zone and the process's TZ set at random to prove neither matters.
 * Runs are bounded so the unit project stays fast.
 */

const US_ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"];
// Far zones put a local date across two Eastern days; Cairo leaves summer time at 17:00 Eastern on a
// Thursday in late October, inside business hours.
const FAR_ZONES = ["Asia/Tokyo", "Asia/Kolkata", "Europe/London", "Australia/Lord_Howe", "Pacific/Honolulu", "Africa/Cairo"];
const RUNS = 30;
const DAY = 86_400_000;
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

const weeklyConflict = fc
  .record({ day: fc.constantFrom(...WEEKDAYS), from: fc.integer({ min: 0, max: 1438 }), length: fc.integer({ min: 1, max: 600 }) })
  .map(({ day, from, length }) => ({ day, from: hhmm(from), to: hhmm(Math.min(1439, from + length)) }));

/** An interval of `maxMinutes` at most, starting somewhere in the look-ahead of `now`. */
const interval = (now: Date, days: number, maxMinutes: number) =>
  fc.record({ at: fc.integer({ min: -DAY, max: (days + 1) * DAY }), minutes: fc.integer({ min: 1, max: maxMinutes }) })
    .map(({ at, minutes }) => {
      const from = new Date(Math.floor((now.getTime() + at) / 60_000) * 60_000);
      return { from, to: new Date(from.getTime() + minutes * 60_000) };
    });

/** The Eastern change nearest an instant. */
function changeNear(now: Date): Date {
  const { spring, autumn } = easternChanges(now.getUTCFullYear());
  return Math.abs(now.getTime() - spring.getTime()) < Math.abs(now.getTime() - autumn.getTime()) ? spring : autumn;
}

/**
 * "now" on an Eastern date from four weeks before to a day after one of the changes of 2024–2031,
 * at any second of the day, or often right at an edge the rules turn on (9:00, the 4 pm cut-off,
 * 18:00, a quarter hour).
 */
const nowNearChange = fc
  .record({
    year: fc.integer({ min: 2024, max: 2031 }),
    autumn: fc.boolean(),
    daysBefore: fc.integer({ min: -1, max: 28 }),
    seconds: fc.oneof(
      fc.integer({ min: 0, max: 86_399 }),
      fc.constantFrom(...[9, 16, 18].flatMap((h) => [h * 3600 - 1, h * 3600])),
      fc.integer({ min: 0, max: 95 }).map((q) => q * 900),
    ),
  })
  .map(({ year, autumn, daysBefore, seconds }) => {
    const change = easternChanges(year)[autumn ? "autumn" : "spring"];
    return easternInstant(addDays(wallClock(change, "America/New_York").date, -daysBefore), seconds);
  });

const queryArb = (zones: string[]) =>
  fc
    .record({
      now: nowNearChange,
      // Mostly a candidate's 30 days; the evaluators' 90 costs three times as much to check.
      lookAheadDays: fc.oneof({ arbitrary: fc.constant(CANDIDATE_LOOK_AHEAD_DAYS), weight: 3 }, { arbitrary: fc.constant(EVALUATOR_LOOK_AHEAD_DAYS), weight: 1 }),
      durationMinutes: fc.constantFrom(15, 30, 45, 50, 60, 120, 240, 540),
      method: fc.constantFrom(...TEST_METHODS),
      lead: fc.oneof(
        fc.constant({ kind: "live" as const }),
        fc.constantFrom(0 as const, 1 as const).map((d) => ({ kind: "proctor" as const, minProctorApptDelay: d })),
      ),
      zone: fc.constantFrom(...zones),
      poolSize: fc.integer({ min: 0, max: 3 }),
    })
    .chain((base) => {
      const ids = Array.from({ length: base.poolSize }, (_, i) => i + 1);
      const resource = (id: number): fc.Arbitrary<SchedulingResource> =>
        fc.record({
          id: fc.constant(id),
          weekly: fc.array(weeklyConflict, { maxLength: 4 }),
          individual: fc.array(
            fc.record({ span: interval(base.now, base.lookAheadDays, 4 * 24 * 60), partial: fc.boolean() })
              .map(({ span, partial }) => ({ ...span, partial })),
            { maxLength: 4 },
          ),
        });
      // Bookings of the pool, and now and then of someone outside it (id 99), which must not count.
      const booking: fc.Arbitrary<Booking> = fc
        .record({ resourceId: fc.constantFrom(...ids, 99), span: interval(base.now, base.lookAheadDays, 180) })
        .map(({ resourceId, span }) => ({ resourceId, start: span.from, end: span.to }));
      return fc.record({
        resources: fc.tuple(...ids.map(resource)),
        bookings: fc.array(booking, { maxLength: 8 }),
        processZone: fc.constantFrom("UTC", ...US_ZONES, ...FAR_ZONES),
      }).map(({ resources, bookings, processZone }): [AvailabilityQuery, string] => {
        const { poolSize: _, ...rest } = base;
        return [{ ...rest, resources, bookings }, processZone];
      });
    });

const originalTz = process.env.TZ;
/** Runs the engine under a random process zone: luxon's default and Node's TZ. */
function underProcessZone<T>(zone: string, run: () => T): T {
  Settings.defaultZone = zone;
  process.env.TZ = zone;
  try {
    return run();
  } finally {
    Settings.defaultZone = "system";
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  }
}
afterEach(() => {
  Settings.defaultZone = "system";
});

/** Collects what breaks a rule, so one run reports every problem at once (and fast). */
function problems(check: (fail: (what: string) => void) => void): string[] {
  const found: string[] = [];
  check((what) => found.length < 5 && found.push(what));
  return found;
}
const iso = (d: Date) => d.toISOString();

describe("availability engine properties", () => {
  it("opens the window on the first bookable day (live: the 4 pm ET cut-off) and closes it after the look-ahead", () => {
    // Cheap (no slots are laid), so many runs reach the rare edges of "now".
    fc.assert(
      fc.property(queryArb(US_ZONES), ([q, processZone]) => {
        const w = underProcessZone(processZone, () => windowOf(q));
        const { first, last } = expectedWindow(q);
        expect([w.firstDay, w.lastDay, w.earliest]).toEqual([first, last, new Date(earliestStart(q))]);
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it("lays every slot on an Eastern business day, 9:00–18:00 on the 15-minute grid, the test's length, and no day of the window is missing", () => {
    fc.assert(
      fc.property(queryArb([...US_ZONES, ...FAR_ZONES]), ([q, processZone]) => {
        const slots = underProcessZone(processZone, () => windowSlots(q));
        const perDay = new Map<string, number>();
        const found = problems((fail) => {
          for (const s of slots) {
            const a = wallClock(s.start, "America/New_York");
            const b = wallClock(s.end, "America/New_York");
            if (s.end.getTime() - s.start.getTime() !== q.durationMinutes * 60_000) fail(`${iso(s.start)}: not ${q.durationMinutes} minutes long`);
            if (a.weekday === "Saturday" || a.weekday === "Sunday") fail(`${iso(s.start)}: on ${a.weekday}`);
            if (b.date !== a.date || a.seconds < 9 * 3600 || b.seconds > 18 * 3600) fail(`${iso(s.start)}: ${a.time}–${b.time} ET`);
            if ((a.seconds - 9 * 3600) % 900 !== 0) fail(`${iso(s.start)}: ${a.time} ET is off the grid`);
            perDay.set(a.date, (perDay.get(a.date) ?? 0) + 1);
          }
          const perBusinessDay = Math.floor((540 - q.durationMinutes) / 15) + 1;
          for (const [day, n] of perDay) if (n !== perBusinessDay) fail(`${day}: ${n} slots, not ${perBusinessDay}`);
        });
        expect(found).toEqual([]);
        expect([...perDay.keys()]).toEqual(expectedDays(q));
      }),
      { numRuns: RUNS },
    );
  });

  it("never offers a slot that overlaps a conflict or a booking, and counts free exactly who is free", () => {
    fc.assert(
      fc.property(queryArb(US_ZONES), ([q, processZone]) => {
        const slots = underProcessZone(processZone, () => windowSlots(q));
        const earliest = earliestStart(q);
        const found = problems((fail) => {
          for (const s of slots) {
            const expected = q.resources.filter((r) => !isBusy(r, q, q.method, s.start, s.end)).map((r) => r.id);
            if (s.freeResourceIds.join() !== expected.join()) fail(`${iso(s.start)}: free ${s.freeResourceIds} but ${expected} are`);
            if (s.isAvailable !== (expected.length > 0 && s.start.getTime() >= earliest)) fail(`${iso(s.start)}: available ${s.isAvailable}`);
          }
        });
        expect(found).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("shows a candidate in any zone the instants the evaluator sees in Eastern, each date's slots where the calendar puts them", () => {
    fc.assert(
      fc.property(queryArb([...US_ZONES, ...FAR_ZONES]), ([q, processZone]) => {
        const { mine, eastern, byDate, onDates } = underProcessZone(processZone, () => {
          const mine = windowSlots(q);
          // Asking date by date, as the screen does: the first and last dates and those around the change.
          const change = changeNear(q.now).getTime();
          const dates = [...new Set(mine.map((s) => s.display.date))];
          const asked = new Set([dates[0], dates.at(-1)]);
          for (const s of mine) if (Math.abs(s.start.getTime() - change) < 3 * DAY) asked.add(s.display.date);
          const onDates = mine.filter((s) => asked.has(s.display.date));
          return { mine, eastern: windowSlots({ ...q, zone: "America/New_York" }), byDate: [...asked].sort().flatMap((d) => (d ? slotsOn(q, d) : [])), onDates };
        });
        const key = (s: (typeof mine)[number]) => `${iso(s.start)} ${s.isAvailable} ${s.freeResourceIds}`;
        expect(mine.map(key)).toEqual(eastern.map(key));
        expect(byDate.map(key)).toEqual(onDates.map(key));
        const found = problems((fail) => {
          for (const s of mine) {
            const wall = wallClock(s.start, q.zone);
            if (s.display.date !== wall.date || s.display.start !== wall.time) fail(`${iso(s.start)}: shown ${s.display.date} ${s.display.start} in ${q.zone}, is ${wall.date} ${wall.time}`);
            if (new Date(s.display.startIso).getTime() !== s.start.getTime()) fail(`${iso(s.start)}: startIso ${s.display.startIso}`);
            if (new Date(s.display.endIso).getTime() !== s.end.getTime()) fail(`${iso(s.start)}: endIso ${s.display.endIso}`);
          }
        });
        expect(found).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("books for a Pacific candidate across a change the very instant the evaluator sees in Eastern, three hours later on the wall clock", () => {
    fc.assert(
      fc.property(queryArb(["America/Los_Angeles"]), fc.nat(), ([q, processZone], pick) => {
        underProcessZone(processZone, () => {
          const offered = windowSlots(q).filter((s) => s.isAvailable);
          if (offered.length === 0) return;
          // The candidate picks a date and a time as the screen shows them; the route resolves it.
          const chosen = offered[pick % offered.length];
          const instants = localInstants(chosen.display.date, chosen.display.start, "America/Los_Angeles");
          expect(instants).toEqual([chosen.start]);
          const evaluatorSees = slotAt({ ...q, zone: "America/New_York" }, instants[0])!;
          expect(evaluatorSees.start).toEqual(chosen.start);
          expect(evaluatorSees.isAvailable).toBe(true);
          const pacific = wallClock(chosen.start, "America/Los_Angeles");
          const eastern = wallClock(chosen.start, "America/New_York");
          expect([eastern.date, eastern.seconds - pacific.seconds]).toEqual([pacific.date, 3 * 3600]);
          expect(evaluatorSees.display.start).toBe(eastern.time);
        });
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
