import { describe, expect, it } from "vitest";
import { CANDIDATE_LOOK_AHEAD_DAYS, EVALUATOR_LOOK_AHEAD_DAYS } from "@parlance/contract";
import { availableDates, localInstants, slotAt, slotsOn, windowOf, windowSlots } from "./index.js";
import type { AvailabilityQuery, SchedulingResource } from "./types.js";

/** Worked examples of the engine; engine.property.unit.test.ts checks its rules on random input. */

const free = (id: number): SchedulingResource => ({ id, weekly: [], individual: [] });
const at = (iso: string) => new Date(iso); // every ISO string below carries its offset

function query(over: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return {
    now: at("2026-11-18T10:00:00-05:00"), // a Wednesday morning, Eastern standard time
    durationMinutes: 60,
    method: "live",
    lead: { kind: "live" },
    lookAheadDays: CANDIDATE_LOOK_AHEAD_DAYS,
    zone: "America/New_York",
    resources: [free(1)],
    bookings: [],
    ...over,
  };
}
const times = (slots: { display: { start: string } }[]) => slots.map((s) => s.display.start);
const open = (slots: { isAvailable: boolean; display: { start: string } }[]) => times(slots.filter((s) => s.isAvailable));

describe("a business day's slots", () => {
  it("lays 15-minute starts from 9:00 until the test would end after 18:00", () => {
    const slots = slotsOn(query(), "2026-11-23"); // Monday
    expect(slots).toHaveLength(33); // 9:00 … 17:00 for a 60-minute test
    expect(slots[0]).toMatchObject({ start: at("2026-11-23T14:00:00Z"), end: at("2026-11-23T15:00:00Z"), isAvailable: true, freeResourceIds: [1] });
    expect(slots[0].display).toEqual({
      zone: "America/New_York", date: "2026-11-23", start: "09:00", end: "10:00",
      startIso: "2026-11-23T09:00:00-05:00", endIso: "2026-11-23T10:00:00-05:00",
    });
    expect(slots.at(-1)!.display.end).toBe("18:00");
    expect(slotsOn(query({ durationMinutes: 120 }), "2026-11-23")).toHaveLength(29);
  });

  it("has none on weekends", () => {
    expect(slotsOn(query(), "2026-11-21")).toEqual([]);
    expect(slotsOn(query(), "2026-11-22")).toEqual([]);
  });

  it("shows a Pacific candidate 6:00 PST before the spring change and 6:00 PDT after it, at 9:00 Eastern both days", () => {
    const q = query({ now: at("2026-03-04T10:00:00-05:00"), zone: "America/Los_Angeles" });
    const friday = slotsOn(q, "2026-03-06")[0];
    const monday = slotsOn(q, "2026-03-09")[0];
    expect([friday.start, friday.display.startIso]).toEqual([at("2026-03-06T14:00:00Z"), "2026-03-06T06:00:00-08:00"]);
    expect([monday.start, monday.display.startIso]).toEqual([at("2026-03-09T13:00:00Z"), "2026-03-09T06:00:00-07:00"]);
    // The evaluator in Eastern finds the same instant at 9:00.
    expect(slotAt({ ...q, zone: "America/New_York" }, monday.start)!.display.startIso).toBe("2026-03-09T09:00:00-04:00");
  });

  it("gives a far zone the slots of its own date, which straddles two Eastern days", () => {
    const tokyo = slotsOn(query({ zone: "Asia/Tokyo" }), "2026-11-24"); // Tuesday in Tokyo
    // Starts Monday 10:00–17:00 ET (Tuesday 00:00–07:00 JST) and Tuesday 09:00–09:45 ET (23:00–23:45 JST).
    expect(tokyo[0].display.start).toBe("00:00");
    expect(tokyo[0].start).toEqual(at("2026-11-23T10:00:00-05:00"));
    expect(tokyo).toHaveLength(29 + 4);
    expect(tokyo.at(-1)!.display).toMatchObject({ start: "23:45", end: "00:45" });
    expect(tokyo.every((s) => s.display.date === "2026-11-24")).toBe(true);
  });

  it("tells apart the two readings of a repeated hour by the offset (Cairo leaves summer time at 17:00 ET)", () => {
    const cairo = slotsOn(query({ now: at("2026-10-26T10:00:00-04:00"), zone: "Africa/Cairo" }), "2026-10-29");
    const at23 = cairo.filter((s) => s.display.start === "23:00");
    expect(at23.map((s) => [s.start, s.display.startIso])).toEqual([
      [at("2026-10-29T20:00:00Z"), "2026-10-29T23:00:00+03:00"],
      [at("2026-10-29T21:00:00Z"), "2026-10-29T23:00:00+02:00"],
    ]);
    // A slot across the change: 23:30 summer time to 23:30 standard time, still 60 minutes.
    expect(cairo.find((s) => s.start.getTime() === at("2026-10-29T20:30:00Z").getTime())!.display).toMatchObject({
      start: "23:30", end: "23:30", startIso: "2026-10-29T23:30:00+03:00", endIso: "2026-10-29T23:30:00+02:00",
    });
  });
});

describe("localInstants", () => {
  it("names no instant in a skipped hour, two in a repeated one, one otherwise", () => {
    expect(localInstants("2026-03-08", "02:30", "America/New_York")).toEqual([]);
    expect(localInstants("2026-11-01", "01:30", "America/New_York")).toEqual([at("2026-11-01T05:30:00Z"), at("2026-11-01T06:30:00Z")]);
    expect(localInstants("2026-03-09", "06:00", "America/Los_Angeles")).toEqual([at("2026-03-09T13:00:00Z")]);
    expect(localInstants("2026-10-29", "23:00", "Africa/Cairo")).toHaveLength(2);
    expect(localInstants("2026-02-30", "06:00", "America/Los_Angeles")).toEqual([]);
    expect(localInstants("2026-03-09", "6 am", "America/Los_Angeles")).toEqual([]);
  });
});

describe("capacity", () => {
  it("is taken by a weekly conflict, kept in Eastern Time, only for the slots it touches", () => {
    const busy: SchedulingResource = { id: 1, weekly: [{ day: "Monday", from: "12:00:00", to: "13:00:00" }], individual: [] };
    const slots = slotsOn(query({ resources: [busy] }), "2026-11-23");
    expect(open(slots)).not.toContain("11:15");
    expect(open(slots)).toContain("11:00");
    expect(open(slots)).toContain("13:00");
    expect(times(slots.filter((s) => !s.isAvailable))).toEqual(["11:15", "11:30", "11:45", "12:00", "12:15", "12:30", "12:45"]);
    // A second, unconflicted evaluator keeps every slot open.
    const two = slotsOn(query({ resources: [busy, free(2)] }), "2026-11-23");
    expect(two.every((s) => s.isAvailable)).toBe(true);
    expect(two.find((s) => s.display.start === "12:00")!.freeResourceIds).toEqual([2]);
    expect(two.find((s) => s.display.start === "10:00")!.freeResourceIds).toEqual([1, 2]);
  });

  it("keeps a weekly conflict at its Eastern wall-clock time after the autumn change", () => {
    const busy: SchedulingResource = { id: 1, weekly: [{ day: "Monday", from: "09:00", to: "10:00" }], individual: [] };
    const q = query({ now: at("2026-10-28T10:00:00-04:00"), resources: [busy] });
    expect(open(slotsOn(q, "2026-11-02"))[0]).toBe("10:00"); // Monday, EST since Sunday
    expect(slotsOn(q, "2026-11-02")[4].start).toEqual(at("2026-11-02T15:00:00Z"));
  });

  it("counts a partial individual conflict as busy except for IVR and online tests", () => {
    const partial: SchedulingResource = {
      id: 7, weekly: [], individual: [{ from: at("2026-11-23T14:00:00Z"), to: at("2026-11-23T16:00:00Z"), partial: true }],
    };
    const live = slotsOn(query({ resources: [partial] }), "2026-11-23");
    expect(open(live)[0]).toBe("11:00");
    const proctor = { lead: { kind: "proctor", minProctorApptDelay: 1 } as const, resources: [partial] };
    for (const method of ["online", "ivr"] as const) {
      expect(open(slotsOn(query({ ...proctor, method }), "2026-11-23"))[0]).toBe("09:00");
    }
    expect(open(slotsOn(query({ ...proctor, method: "paper" }), "2026-11-23"))[0]).toBe("11:00");
    const full = { ...partial, individual: [{ ...partial.individual[0], partial: false }] };
    expect(open(slotsOn(query({ ...proctor, method: "online", resources: [full] }), "2026-11-23"))[0]).toBe("11:00");
  });

  it("is taken by a booking of the resource, but a slot may start when a booking ends", () => {
    const bookings = [{ resourceId: 1, start: at("2026-11-23T10:00:00-05:00"), end: at("2026-11-23T10:30:00-05:00") }];
    const slots = slotsOn(query({ bookings, durationMinutes: 30 }), "2026-11-23");
    expect(times(slots.filter((s) => !s.isAvailable))).toEqual(["09:45", "10:00", "10:15"]);
    // Someone else's booking takes nothing from this pool.
    const other = slotsOn(query({ bookings: [{ ...bookings[0], resourceId: 9 }] }), "2026-11-23");
    expect(other.every((s) => s.isAvailable)).toBe(true);
  });

  it("has no available slot without anyone to take it", () => {
    const slots = slotsOn(query({ resources: [] }), "2026-11-23");
    expect(slots).toHaveLength(33);
    expect(slots.some((s) => s.isAvailable)).toBe(false);
  });
});

describe("the window", () => {
  const firstDay = (iso: string) => windowOf(query({ now: at(iso) })).firstDay;

  it("starts live tests on the next business day before 4 pm ET, two business days later from 4 pm", () => {
    expect(firstDay("2026-11-18T15:59:59-05:00")).toBe("2026-11-19");
    expect(firstDay("2026-11-18T16:00:00-05:00")).toBe("2026-11-20");
    expect(firstDay("2026-11-20T15:00:00-05:00")).toBe("2026-11-23"); // Friday → Monday
    expect(firstDay("2026-11-20T17:00:00-05:00")).toBe("2026-11-24"); // Friday late → Tuesday
    expect(firstDay("2026-11-21T10:00:00-05:00")).toBe("2026-11-23"); // Saturday → Monday
    // 4 pm is Eastern: 13:30 in Los Angeles is already 16:30 in New York.
    expect(firstDay("2026-11-18T13:30:00-08:00")).toBe("2026-11-20");
    expect(slotsOn(query(), "2026-11-18")).toEqual([]);
  });

  it("lets a proctored test start from now, or an hour ahead (minProctorApptDelay)", () => {
    const now = at("2026-11-23T10:07:00-05:00");
    const anytime = slotsOn(query({ now, lead: { kind: "proctor", minProctorApptDelay: 0 }, method: "online" }), "2026-11-23");
    const hourAhead = slotsOn(query({ now, lead: { kind: "proctor", minProctorApptDelay: 1 }, method: "online" }), "2026-11-23");
    expect(open(anytime)[0]).toBe("10:15");
    expect(open(hourAhead)[0]).toBe("11:15");
    // Earlier slots of the day are listed as not available.
    expect(hourAhead[0]).toMatchObject({ isAvailable: false, freeResourceIds: [1] });
  });

  it("looks 30 days ahead for candidates and 90 for evaluators", () => {
    expect(windowOf(query()).lastDay).toBe("2026-12-18");
    expect(windowOf(query({ lookAheadDays: EVALUATOR_LOOK_AHEAD_DAYS })).lastDay).toBe("2027-02-16");
    const dates = availableDates(query());
    expect([dates[0], dates.at(-1)]).toEqual(["2026-11-19", "2026-12-18"]);
    expect(dates).not.toContain("2026-11-21");
    expect(slotsOn(query(), "2026-12-21")).toEqual([]);
    expect(windowSlots(query())).toHaveLength(22 * 33); // 22 business days from Nov 19 to Dec 18
  });
});

describe("slotAt", () => {
  it("finds the slot starting at exactly that instant, and nothing off the grid or outside hours", () => {
    const q = query({ zone: "America/Chicago" });
    expect(slotAt(q, at("2026-11-23T08:15:00-06:00"))!.display).toMatchObject({ date: "2026-11-23", start: "08:15", end: "09:15" });
    expect(slotAt(q, at("2026-11-23T08:20:00-06:00"))).toBeUndefined();
    expect(slotAt(q, at("2026-11-23T17:15:00-05:00"))).toBeUndefined(); // would end after 18:00
    expect(slotAt(q, at("2026-11-21T10:00:00-05:00"))).toBeUndefined(); // Saturday
  });
});

describe("bad input", () => {
  it("refuses an unknown zone, an impossible duration and a malformed weekly conflict", () => {
    expect(() => slotsOn(query({ zone: "Mars/Olympus" }), "2026-11-23")).toThrow(RangeError);
    expect(() => windowSlots(query({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => windowSlots(query({ durationMinutes: 541 }))).toThrow(RangeError);
    const backwards: SchedulingResource = { id: 1, weekly: [{ day: "Monday", from: "13:00", to: "12:00" }], individual: [] };
    expect(() => windowSlots(query({ resources: [backwards] }))).toThrow(RangeError);
    expect(() => windowSlots(query({ resources: [free(1), free(1)] }))).toThrow(RangeError);
    expect(() => slotsOn(query(), "2026-02-30")).toThrow(RangeError);
  });
});
