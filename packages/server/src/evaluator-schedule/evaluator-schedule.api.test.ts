import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import type { EvaluatorScheduledTest } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { assignedTests, evaluators, tests } from "../db/schema.js";
import { EVALUATOR, OTHER_EVALUATOR, PROCTOR, signInEveryone } from "../availability/test-support.js";
import { scheduleGroupOf } from "./groups.js";

/** GET /api/evaluators/schedule: each evaluator's own bookings, in their zone, and nobody else's. */
let t: TestApp;
const cookies: Record<string, string> = {};
const URL = "/api/evaluators/schedule";

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  Object.assign(cookies, await signInEveryone(t, ROLE_EMAILS));
});
afterAll(() => t?.close());

const scheduleOf = async (email: string) => {
  const res = await t.request({ method: "GET", url: URL, cookie: cookies[email] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { scheduled_tests: EvaluatorScheduledTest[]; time_zone: string };
};

/** A demo live or video test not booked with anyone (made takeable), booked now with `email` at an Eastern wall-clock time `days` ahead. */
async function bookLiveTest(email: string, days: number, time: string) {
  const [free] = await t.ctx.db
    .select({ id: assignedTests.id })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(inArray(tests.method, ["live", "video"]), isNull(assignedTests.scheduledEvaluatorUserId), isNull(assignedTests.deletedAt)))
    .limit(1);
  const [hour, minute] = time.split(":").map(Number);
  const at = DateTime.now().setZone("America/New_York").plus({ days }).set({ hour, minute, second: 0, millisecond: 0 }).toJSDate();
  await t.ctx.db
    .update(assignedTests)
    .set({ scheduledAt: at, scheduledTimeZoneId: 23, scheduledEvaluatorUserId: t.ids.users[email], state: "takeable", evaluatorConfirmation: "unconfirmed" })
    .where(eq(assignedTests.id, free.id));
  return { id: free.id, at };
}

describe("the evaluator's scheduled tests", () => {
  it("lists the demo bookings from today on, soonest first, with date, time and group in the evaluator's zone", async () => {
    const { scheduled_tests: list, time_zone } = await scheduleOf(EVALUATOR);
    expect(time_zone).toBe("America/New_York");
    // The demo candidate's Spanish live test booked for tomorrow at 10:00 Eastern is among them.
    const spanish = list.find((r) => r.description === "Spanish Listening and Speaking (Live)" && r.candidate_name === "Elena Moreau");
    expect(spanish).toMatchObject({ time: "10:00", test_method_short_name: "live", confirmation_status: "unconfirmed" });
    const now = new Date();
    for (const r of list) {
      const at = DateTime.fromISO(r.starts_at, { zone: time_zone });
      expect(r.date).toBe(at.toISODate());
      expect(r.time).toBe(at.toFormat("HH:mm"));
      expect(r.group).toBe(scheduleGroupOf(new Date(r.starts_at), now, time_zone));
      expect(at.toMillis()).toBeGreaterThanOrEqual(DateTime.now().setZone(time_zone).startOf("day").toMillis());
    }
    expect(list.map((r) => r.starts_at)).toEqual([...list.map((r) => r.starts_at)].sort());
  });

  it("shows a new booking at the same instant in Eastern and, after a zone change, in Pacific time", async () => {
    const booking = await bookLiveTest(EVALUATOR, 9, "11:00");
    const eastern = (await scheduleOf(EVALUATOR)).scheduled_tests.find((r) => r.id === booking.id)!;
    expect(eastern).toMatchObject({ time: "11:00", starts_at: booking.at.toISOString() });
    await t.ctx.db.update(evaluators).set({ timeZone: "America/Los_Angeles" }).where(eq(evaluators.userId, t.ids.users[EVALUATOR]));
    try {
      const pacific = await scheduleOf(EVALUATOR);
      expect(pacific.time_zone).toBe("America/Los_Angeles");
      expect(pacific.scheduled_tests.find((r) => r.id === booking.id)).toMatchObject({ time: "08:00", starts_at: booking.at.toISOString() });
    } finally {
      await t.ctx.db.update(evaluators).set({ timeZone: "America/New_York" }).where(eq(evaluators.userId, t.ids.users[EVALUATOR]));
    }
  });

  it("leaves out other evaluators' bookings, past ones, and cancelled, expired or deleted tests", async () => {
    const mine = await bookLiveTest(EVALUATOR, 10, "14:00");
    const theirs = await bookLiveTest(OTHER_EVALUATOR, 10, "15:00");
    const past = await bookLiveTest(EVALUATOR, -2, "10:00");
    const cancelled = await bookLiveTest(EVALUATOR, 11, "10:00");
    const deleted = await bookLiveTest(EVALUATOR, 11, "12:00");
    await t.ctx.db.update(assignedTests).set({ state: "cancelled", cancelledAt: new Date() }).where(eq(assignedTests.id, cancelled.id));
    await t.ctx.db.update(assignedTests).set({ deletedAt: new Date() }).where(eq(assignedTests.id, deleted.id));
    const ids = (await scheduleOf(EVALUATOR)).scheduled_tests.map((r) => r.id);
    expect(ids).toContain(mine.id);
    for (const gone of [theirs, past, cancelled, deleted]) expect(ids).not.toContain(gone.id);
    expect((await scheduleOf(OTHER_EVALUATOR)).scheduled_tests.map((r) => r.id)).toContain(theirs.id);
    // A proctor without bookings has an empty list.
    expect((await scheduleOf(PROCTOR)).scheduled_tests).toEqual([]);
  });

  it("answers 401 to a visitor and 403 to client users, candidates and provider staff who are not evaluators or proctors", async () => {
    expect((await t.request({ method: "GET", url: URL })).statusCode).toBe(401);
    for (const email of [...ROLE_EMAILS, "admin@parlance.example", "executive@parlance.example"]) {
      expect((await t.request({ method: "GET", url: URL, cookie: cookies[email] })).statusCode, email).toBe(403);
    }
  });
});
