import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import type { ScheduledTestPage } from "@parlance/contract";
import { createTestApp, ROLE_EMAILS, type TestApp } from "../test/harness.js";
import { assignedTests, candidateTests, evaluatorDeclines, evaluatorLanguages, itemObjectiveResults, scoringAssignments, tests } from "../db/schema.js";
import { EVALUATOR, OTHER_EVALUATOR, PROCTOR, signInEveryone } from "../availability/test-support.js";

/** Confirm, decline and administer (evaluators-results-account.md §4, §7): each role, ownership, bad input, races. */
let t: TestApp;
const cookies: Record<string, string> = {};
const CLIENT_ADMIN = "admin@northwind.example";
const CANDIDATE = "candidate@northwind.example";

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  Object.assign(cookies, await signInEveryone(t, ROLE_EMAILS));
});
afterAll(() => t?.close());

/** A Thursday `weeks` weeks ahead at an Eastern wall-clock time (past the demo's individual conflicts). */
const thursday = (weeks: number, time: string) => {
  const [hour, minute] = time.split(":").map(Number);
  const now = DateTime.now().setZone("America/New_York");
  return now.plus({ days: (4 - now.weekday + 7) % 7, weeks }).set({ hour, minute, second: 0, millisecond: 0 });
};

/** A new Spanish live test (Spanish: the demo's evaluator only) of a demo candidate, booked with `email` at `at`. */
async function book(email: string, at: DateTime, languageId = 150) {
  const [model] = await t.ctx.db
    .select()
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(and(eq(tests.method, "live"), eq(tests.languageId, languageId), isNull(assignedTests.deletedAt)))
    .limit(1);
  const { id: _id, testDate: _d, hasAttempt: _h, createdAt: _c, ...copy } = model.assigned_tests;
  const [made] = await t.ctx.db
    .insert(assignedTests)
    .values({
      ...copy,
      accessCode: `EVS${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
      scheduledAt: at.toJSDate(),
      scheduledTimeZoneId: 23,
      scheduledEvaluatorUserId: t.ids.users[email],
      state: "takeable",
      evaluatorConfirmation: "unconfirmed",
      expiresAt: at.plus({ days: 30 }).toJSDate(),
      cancellation: null,
      cancelledAt: null,
      cancellationResult: null,
    })
    .returning({ id: assignedTests.id });
  return made.id;
}

const post = (email: string, url: string, body: unknown) => t.request({ method: "POST", url, cookie: cookies[email], body });
const get = (email: string, url: string) => t.request({ method: "GET", url, cookie: cookies[email] });
const row = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];

describe("who may act on a booked test", () => {
  it("answers the evaluator it is booked with; another evaluator and a proctor 404; client admin and candidate 403; signed out 401", async () => {
    const id = await book(EVALUATOR, thursday(5, "10:30"));
    const page = await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ candidateTestId: id, confirmationStatus: "unconfirmed", canConfirm: true, canDecline: true, canAdminister: true, isCancelable: true });
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/evaluators/scheduled_test/${id}`],
      ["GET", `/api/evaluators/administer/${id}`],
      ["POST", "/api/evaluators/confirm", { candidateTestId: id, status: "confirmed" }],
      ["POST", "/api/evaluators/decline", { candidateTestId: id }],
      ["POST", "/api/evaluators/get_other_evaluators_available", { candidateTestId: id }],
      ["POST", "/api/evaluators/available_times", { candidateTestId: id, date: thursday(6, "10:00").toISODate() }],
      ["POST", `/api/evaluators/submit_objective_scores/${id}`, { item_objectives: [] }],
      ["POST", "/api/test_results/get_objective_states", { candidateTestId: id }],
    ];
    for (const [method, url, body] of calls) {
      for (const [email, status] of [[OTHER_EVALUATOR, 404], [PROCTOR, 404], [CLIENT_ADMIN, 403], [CANDIDATE, 403], ["admin@contoso.example", 403]] as const) {
        const res = await t.request({ method: method as "GET" | "POST", url, cookie: cookies[email], body });
        expect(res.statusCode, `${email} ${url}`).toBe(status);
      }
      expect((await t.request({ method: method as "GET" | "POST", url, body })).statusCode).toBe(401);
    }
    expect(await row(id)).toMatchObject({ scheduledEvaluatorUserId: t.ids.users[EVALUATOR], evaluatorConfirmation: "unconfirmed" });
  });

  it("refuses bad input with a readable 400 and changes nothing", async () => {
    const id = await book(EVALUATOR, thursday(5, "11:30"));
    const bad: [string, unknown, string][] = [
      ["/api/evaluators/confirm", { candidateTestId: id, status: "maybe" }, "The status must be confirmed."],
      ["/api/evaluators/confirm", { candidateTestId: -1, status: "confirmed" }, "The test id must be a positive whole number."],
      ["/api/evaluators/decline", { candidateTestId: id, date: thursday(6, "10:00").toISODate() }, "Give both a new date and a start time, or neither."],
      ["/api/evaluators/decline", { candidateTestId: id, date: "2026-02-31", startTime: "10:00" }, "The date must be a date such as 2026-03-09."],
      ["/api/evaluators/decline", { candidateTestId: id, date: thursday(6, "10:00").toISODate(), startTime: "25:00" }, "The start time must be a time such as 09:30."],
      ["/api/evaluators/available_times", { candidateTestId: id, date: "tomorrow" }, "The date must be a date such as 2026-03-09."],
      [`/api/evaluators/submit_objective_scores/${id}`, { item_objectives: [] }, "Please select a value for each item."],
      [`/api/evaluators/submit_objective_scores/${id}`, { item_objectives: [{ candidate_test_item_id: "nope", test_objective_state_id: "completed" }] }, "Item 'nope' is not part of this test."],
      [`/api/evaluators/submit_objective_scores/${id}`, { item_objectives: [{ candidate_test_item_id: "scenario", test_objective_state_id: "great" }] }, "'great' is not one of the values an item can take."],
      [`/api/evaluators/submit_objective_scores/${id}`, { item_objectives: [{ candidate_test_item_id: "scenario", test_objective_state_id: "completed" }] }, "Please select a value for each item."],
    ];
    for (const [url, body, message] of bad) {
      const res = await post(EVALUATOR, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await row(id)).toMatchObject({ evaluatorConfirmation: "unconfirmed", state: "takeable", scheduledEvaluatorUserId: t.ids.users[EVALUATOR] });
    expect(await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id))).toHaveLength(0);
  });
});

describe("confirm", () => {
  it("confirms once: of two simultaneous confirms one succeeds and the other is told it is confirmed already", async () => {
    const id = await book(EVALUATOR, thursday(5, "13:30"));
    const [a, b] = await Promise.all([0, 1].map(() => post(EVALUATOR, "/api/evaluators/confirm", { candidateTestId: id, status: "confirmed" })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe("You have already confirmed this test.");
    expect((await row(id)).evaluatorConfirmation).toBe("confirmed");
    const page = (await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json() as ScheduledTestPage;
    expect(page).toMatchObject({ confirmationStatus: "confirmed", canConfirm: false, canDecline: true, canAdminister: true });
  });
});

describe("decline", () => {
  it("is refused within 24 hours of the start, and the page says so", async () => {
    const id = await book(EVALUATOR, DateTime.now().plus({ hours: 5 }).startOf("minute"));
    const page = (await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json() as ScheduledTestPage;
    expect(page).toMatchObject({ isCancelable: false, canDecline: false, canAdminister: true });
    const res = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: "This test starts within 24 hours and can no longer be declined.",
      messageKey: "evaluatorActions.messages.tooSoon",
      messageValues: { hours: 24 },
    });
    expect((await row(id)).scheduledEvaluatorUserId).toBe(t.ids.users[EVALUATOR]);
  });

  it("hands the test to another evaluator free then; two simultaneous declines move it once and the decliner sees it Declined", async () => {
    const id = await book(EVALUATOR, thursday(6, "14:15"));
    // Without another Spanish evaluator there is nobody to take it.
    expect((await post(EVALUATOR, "/api/evaluators/get_other_evaluators_available", { candidateTestId: id })).json()).toEqual({ otherEvaluatorsAvailable: false });
    const lone = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id });
    expect(lone.statusCode).toBe(409);
    expect(lone.json().message).toBe("No other evaluator is available at this time. Choose a new date and time.");
    await t.ctx.db.insert(evaluatorLanguages).values({ evaluatorUserId: t.ids.users[OTHER_EVALUATOR], languageId: 150 });
    try {
      expect((await post(EVALUATOR, "/api/evaluators/get_other_evaluators_available", { candidateTestId: id })).json()).toEqual({ otherEvaluatorsAvailable: true });
      const [a, b] = await Promise.all([0, 1].map(() => post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id })));
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe("You have declined this test; there is nothing left to do.");
      expect(await row(id)).toMatchObject({ scheduledEvaluatorUserId: t.ids.users[OTHER_EVALUATOR], evaluatorConfirmation: "unconfirmed" });
      const mine = (await get(EVALUATOR, "/api/evaluators/schedule")).json().scheduled_tests.find((r: { id: number }) => r.id === id);
      expect(mine).toMatchObject({ confirmation_status: "declined" });
      expect((await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json()).toMatchObject({ confirmationStatus: "declined", canConfirm: false, canDecline: false, canAdminister: false });
      expect((await post(EVALUATOR, "/api/evaluators/confirm", { candidateTestId: id, status: "confirmed" })).statusCode).toBe(409);
      expect((await get(OTHER_EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json()).toMatchObject({ confirmationStatus: "unconfirmed", canConfirm: true });
    } finally {
      await t.ctx.db.delete(evaluatorLanguages).where(and(eq(evaluatorLanguages.evaluatorUserId, t.ids.users[OTHER_EVALUATOR]), eq(evaluatorLanguages.languageId, 150)));
    }
  });

  it("moves the test to a new available date and time (90 days, 15-minute steps), never to a taken one", async () => {
    const at = thursday(7, "09:30");
    const id = await book(EVALUATOR, at);
    const page = (await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json() as ScheduledTestPage;
    const horizon = DateTime.now().setZone("America/New_York").plus({ days: 91 }).toISODate()!;
    expect(page.availableDates.length).toBeGreaterThan(20);
    expect(page.availableDates.every((d) => d <= horizon)).toBe(true);
    const newDay = thursday(8, "10:00");
    const times = (await post(EVALUATOR, "/api/evaluators/available_times", { candidateTestId: id, date: newDay.toISODate() })).json().availableTimes as { startTime: string; availability: boolean }[];
    expect(times.map((x) => x.startTime).slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
    // The booked time itself is not offered.
    const sameDay = (await post(EVALUATOR, "/api/evaluators/available_times", { candidateTestId: id, date: at.toISODate() })).json().availableTimes;
    expect(sameDay.find((x: { startTime: string }) => x.startTime === "09:30").availability).toBe(false);
    // A time outside business hours is a mistake in the request (400, saying so) and nothing moves.
    const closed = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id, date: newDay.toISODate(), startTime: "20:00" });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().messageKey).toBe("evaluatorActions.messages.outsideHours");
    expect((await row(id)).scheduledAt!.getTime()).toBe(at.toMillis());
    const res = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id, date: newDay.toISODate(), startTime: "10:00" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("You have declined the booked time. The test has been moved to the new date and time.");
    expect(await row(id)).toMatchObject({ scheduledEvaluatorUserId: t.ids.users[EVALUATOR], evaluatorConfirmation: "confirmed" });
    expect((await row(id)).scheduledAt!.getTime()).toBe(newDay.toMillis());
    const [decline] = await t.ctx.db.select().from(evaluatorDeclines).where(eq(evaluatorDeclines.assignedTestId, id));
    expect(decline.rebookedAt!.getTime()).toBe(newDay.toMillis());
  });
});

describe("administer", () => {
  it("opens 15 minutes before the start, needs a value for each item, then records them, ends the attempt and routes it to this evaluator to score", async () => {
    const id = await book(EVALUATOR, thursday(5, "15:00"));
    const view = await get(EVALUATOR, `/api/evaluators/administer/${id}`);
    expect(view.statusCode, view.body).toBe(200);
    const items = view.json().items as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect((await post(EVALUATOR, "/api/test_results/get_objective_states", { candidateTestId: id })).json().objective_states.map((s: { id: string }) => s.id)).toEqual([
      "completed",
      "partial",
      "not_completed",
      "not_attempted",
    ]);
    const all = items.map((i) => ({ candidate_test_item_id: i.id, test_objective_state_id: "completed" }));
    // Five weeks ahead: not yet (from 15 minutes before the start, as the candidate's start); nothing is written.
    expect(view.json()).toMatchObject({ open: false, opensAt: new Date((await row(id)).scheduledAt!.getTime() - 15 * 60_000).toISOString() });
    const early = await post(EVALUATOR, `/api/evaluators/submit_objective_scores/${id}`, { item_objectives: all });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: "This test can be administered from 15 minutes before its start.", messageKey: "evaluatorActions.messages.notYetOpen" });
    expect(await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id))).toHaveLength(0);
    // Ten minutes before its start it opens.
    await t.ctx.db.update(assignedTests).set({ scheduledAt: new Date(Date.now() + 10 * 60_000) }).where(eq(assignedTests.id, id));
    expect((await get(EVALUATOR, `/api/evaluators/administer/${id}`)).json().open).toBe(true);
    const missing = await post(EVALUATOR, `/api/evaluators/submit_objective_scores/${id}`, { item_objectives: all.slice(1) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Please select a value for each item.");
    const [a, b] = await Promise.all([0, 1].map(() => post(EVALUATOR, `/api/evaluators/submit_objective_scores/${id}`, { item_objectives: all })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = [a, b].find((r) => r.statusCode === 200)!.json();
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    expect(ok.candidateTestId).toBe(attempt.id);
    expect(attempt.state).toBe("received");
    expect((await row(id)).state).toBe("taken");
    const [assignment] = await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attempt.id));
    expect(assignment.evaluatorUserId).toBe(t.ids.users[EVALUATOR]);
    expect(await t.ctx.db.select().from(itemObjectiveResults).where(eq(itemObjectiveResults.candidateTestId, attempt.id))).toHaveLength(items.length);
    // It is on the evaluator's Tests to Score, and nothing more can be done to it here.
    const toScore = await get(EVALUATOR, `/api/test_results/get_scoreable_tests/${t.ids.users[EVALUATOR]}`);
    expect(toScore.json().scoreable_tests.some((s: { id: number }) => s.id === attempt.id)).toBe(true);
    expect((await get(EVALUATOR, `/api/evaluators/scheduled_test/${id}`)).json()).toMatchObject({ canConfirm: false, canDecline: false, canAdminister: false });
    expect((await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: id })).statusCode).toBe(409);
  });
});
