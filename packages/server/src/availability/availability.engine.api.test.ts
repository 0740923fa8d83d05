import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE, EVALUATOR_LOOK_AHEAD_DAYS, type TestMethod } from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import { specificUnavailabilities } from "../db/schema.js";
import { windowSlots, type AvailabilityQuery, type Slot } from "../scheduling/index.js";
import { availabilityResources } from "./resources.js";
import { addProctor, EVALUATOR, routes } from "./test-support.js";

/**
 * What the availability routes store is what the engine sees: a saved weekly or individual
 * conflict removes exactly the slots it overlaps from windowSlots, a partial one only for tests
 * other than IVR and online, and deleting it gives them back.
 */
let t: TestApp;
let cookie: string;
let evaluatorId: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  cookie = await t.signIn(EVALUATOR);
  evaluatorId = t.ids.users[EVALUATOR];
});
afterAll(() => t?.close());

const now = new Date();

/** Starts (ISO) of the slots of the 90-day window at which the evaluator is free, for a 30-minute test. */
async function freeStarts(method: TestMethod = "live"): Promise<Set<string>> {
  const query: AvailabilityQuery = {
    now,
    durationMinutes: 30,
    method,
    lead: { kind: "live" },
    lookAheadDays: EVALUATOR_LOOK_AHEAD_DAYS,
    zone: BUSINESS_TIME_ZONE,
    resources: await availabilityResources(t.ctx.db, [evaluatorId], { endingAfter: now }),
    bookings: [],
  };
  const slots: Slot[] = windowSlots(query);
  expect(slots.length).toBeGreaterThan(100);
  return new Set(slots.filter((s) => s.freeResourceIds.includes(evaluatorId)).map((s) => s.start.toISOString()));
}

const minus = (a: Set<string>, b: Set<string>) => [...a].filter((x) => !b.has(x)).sort();
const eastern = (iso: string) => DateTime.fromISO(iso, { zone: BUSINESS_TIME_ZONE });
/** Half-open overlap of a 30-minute slot starting at `start` with [from, to). */
const overlaps = (start: string, from: DateTime, to: DateTime) => {
  const s = eastern(start);
  return s < to && s.plus({ minutes: 30 }) > from;
};

describe("the loader gives the engine what the routes stored", () => {
  it("a weekly conflict removes exactly the slots it overlaps on that weekday (Eastern), and its deletion gives them back", async () => {
    const before = await freeStarts();
    const created = await t.request({ method: "POST", url: routes.weeklyCreate, cookie, body: { day: "Thursday", from_time: "13:00:00", to_time: "14:45:00" } });
    const { id } = created.json();
    const after = await freeStarts();
    const removed = minus(before, after);
    const expected = [...before]
      .filter((s) => {
        const e = eastern(s);
        return e.weekday === 4 && overlaps(s, e.set({ hour: 13, minute: 0 }), e.set({ hour: 14, minute: 45 }));
      })
      .sort();
    expect(expected.length).toBeGreaterThan(10);
    expect(removed).toEqual(expected);
    expect(minus(after, before)).toEqual([]);

    await t.request({ method: "POST", url: routes.weeklyUpdate, cookie, body: { id, day: "Thursday", from_time: "13:00:00", to_time: "13:30:00" } });
    expect(minus(before, await freeStarts()).length).toBeLessThan(removed.length);
    await t.request({ method: "DELETE", url: routes.weeklyDelete, cookie, body: { id } });
    expect(await freeStarts()).toEqual(before);
  });

  it("an individual conflict removes the slots it overlaps; a partial one keeps them for IVR and online tests", async () => {
    const beforeLive = await freeStarts("live");
    const beforeIvr = await freeStarts("ivr");
    // A weekday about two weeks ahead, past the first bookable live day, on which the evaluator is
    // free from 10:30 to 12:00 (the demo world's own conflicts are dated from today, so a fixed
    // offset would sometimes land on one of them).
    const freeAround = (d: DateTime) => [...beforeLive].filter((s) => overlaps(s, d.set({ hour: 10, minute: 30 }), d.set({ hour: 12 })));
    let day = DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE }).plus({ days: 15 }).startOf("day");
    while (day.weekday > 5 || freeAround(day).length < 7) day = day.plus({ days: 1 });
    const from = day.set({ hour: 10, minute: 30 });
    const to = day.set({ hour: 12, minute: 0 });
    const body = { from: from.toISO(), to: to.toISO(), partial: false };
    const { id } = (await t.request({ method: "POST", url: routes.individualCreate, cookie, body })).json();
    try {
      const expected = [...beforeLive].filter((s) => overlaps(s, from, to)).sort();
      expect(expected.length).toBeGreaterThanOrEqual(6);
      expect(minus(beforeLive, await freeStarts("live"))).toEqual(expected);
      expect(minus(beforeIvr, await freeStarts("ivr"))).toEqual([...beforeIvr].filter((s) => overlaps(s, from, to)).sort());

      await t.request({ method: "POST", url: routes.individualUpdate, cookie, body: { ...body, id, partial: "1" } });
      expect(minus(beforeLive, await freeStarts("live"))).toEqual(expected);
      expect(await freeStarts("ivr")).toEqual(beforeIvr);
    } finally {
      // Deleted even when a check fails, so the next test sees the demo world's conflicts only.
      await t.request({ method: "DELETE", url: routes.individualDelete, cookie, body: { id } });
    }
    expect(await freeStarts("live")).toEqual(beforeLive);
  });

  it("answers one resource per person in the order asked, empty for someone without conflicts, without ended conflicts", async () => {
    const proctorId = await addProctor(t);
    await t.ctx.db.insert(specificUnavailabilities).values({ userId: proctorId, fromAt: new Date("2024-05-01T13:00:00Z"), toAt: new Date("2024-05-01T15:00:00Z") });
    const [proctor, evaluator] = await availabilityResources(t.ctx.db, [proctorId, evaluatorId]);
    expect(proctor).toEqual({ id: proctorId, weekly: [], individual: [] });
    expect(evaluator.id).toBe(evaluatorId);
    expect(evaluator.weekly).toEqual([
      { day: "Monday", from: "12:00:00", to: "13:00:00" },
      { day: "Friday", from: "15:00:00", to: "18:00:00" },
    ]);
    expect(evaluator.individual.map((i) => i.partial)).toEqual([false, true]);
    expect(evaluator.individual.every((i) => i.from instanceof Date && i.to > now)).toBe(true);
    expect(await availabilityResources(t.ctx.db, [])).toEqual([]);
  });
});
