import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { AvailableTime, SchedulePage, TestListView } from "@parlance/contract";
import { assignedTests, users } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { insertCandidate } from "../candidates/test-fixtures.js";

/**
 * /api/test_assignment/{schedule_page,available_scheduled_times,schedule,allow_candidate_scheduling}:
 * every role, another tenant, bad input (400 with the message, nothing changed), the last free
 * evaluator taken once by simultaneous bookings, and the Take a Test list before and after.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let contoso: Awaited<ReturnType<typeof candidateWithLogin>>;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
let spanishEvaluator: number;
let accountTestId: number;

const PAGE = "/api/test_assignment/schedule_page";
const TIMES = "/api/test_assignment/available_scheduled_times";
const SCHEDULE = "/api/test_assignment/schedule";
const ALLOW = "/api/test_assignment/allow_candidate_scheduling";
const PACIFIC = 20;

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const stored = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];
const allowCandidate = (id: number) => t.ctx.db.update(assignedTests).set({ allowCandidateToSchedule: true }).where(eq(assignedTests.id, id));

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  contoso = await candidateWithLogin(t, { account: "contoso" });
  ids.selfSchedule = await assign(t, owner.candidateId, { test: "es-ls-live", state: "needs_scheduling" });
  await allowCandidate(ids.selfSchedule);
  ids.adminOnly = await assign(t, owner.candidateId, { test: "es-ls-live" });
  ids.third = await assign(t, owner.candidateId, { test: "es-ls-live", state: "needs_scheduling" });
  await allowCandidate(ids.third);
  ids.online = await assign(t, owner.candidateId, { test: "en-reading" });
  ids.contoso = await assign(t, contoso.candidateId, { test: "es-ls-live", state: "needs_scheduling" });
  await allowCandidate(ids.contoso);
  accountTestId = (await stored(ids.selfSchedule)).accountTestId;
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.user@northwind.example", "admin@contoso.example", "candidate@northwind.example", "evaluator@parlance.example"])
    cookies[email] = await t.signIn(email);
  [{ id: spanishEvaluator }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, "evaluator@parlance.example"));
});
afterAll(() => t?.close());

const timesBody = (over: object = {}) => ({ date: "", duration: 30, timeZone: PACIFIC, accountTestId, candidateProfileId: owner.candidateId, ...over });

/** The first date with an available slot and that slot, as the candidate's screen would find them (Pacific). */
async function firstFree(cookie: string, testId = ids.selfSchedule) {
  const page = (await get(`${PAGE}/${owner.candidateId}/${testId}`, cookie)).json() as SchedulePage;
  for (const date of page.availableDates) {
    const res = await post(TIMES, timesBody({ date }), cookie);
    const free = (res.json().availableTimes as AvailableTime[]).find((s) => s.is_available);
    if (free) return { date, slot: free };
  }
  throw new Error("no free slot in the window");
}

describe("who reaches the scheduling routes", () => {
  it("answers 401 signed out", async () => {
    for (const res of [
      await get(`${PAGE}/${owner.candidateId}/${ids.selfSchedule}`),
      await post(TIMES, timesBody({ date: "2030-01-07" })),
      await post(SCHEDULE, { ...timesBody({ date: "2030-01-07" }), startTime: "09:00" }),
      await post(ALLOW, { id: ids.adminOnly }),
    ])
      expect(res.statusCode).toBe(401);
  });

  it("shows the page to the candidate and to the account's staff, with the spec's fields", async () => {
    for (const cookie of [owner.cookie, cookies["admin@northwind.example"], cookies["user@northwind.example"]]) {
      const res = await get(`${PAGE}/${owner.candidateId}/${ids.selfSchedule}`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as SchedulePage;
      expect(page).toMatchObject({ duration: 30, assignedTestIds: [ids.selfSchedule], testIds: [accountTestId], method: "live", allowCandidateScheduling: true });
      expect(page.isCandidate).toBe(cookie === owner.cookie);
      expect(page.availableDates.length).toBeGreaterThan(0);
      expect(page.minDate <= page.availableDates[0] && page.availableDates.at(-1)! <= page.maxDate).toBe(true);
    }
  });

  it("answers 404 to another tenant, another candidate and provider staff", async () => {
    for (const cookie of [cookies["admin@contoso.example"], cookies["candidate@northwind.example"], contoso.cookie, cookies["evaluator@parlance.example"]]) {
      expect((await get(`${PAGE}/${owner.candidateId}/${ids.selfSchedule}`, cookie)).statusCode).toBe(404);
      expect((await post(TIMES, timesBody({ date: "2030-01-07" }), cookie)).statusCode).toBe(404);
      const res = await post(SCHEDULE, { ...timesBody({ date: "2030-01-07" }), startTime: "09:00" }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("That test was not found, or it does not need scheduling.");
    }
    expect((await post(ALLOW, { id: ids.adminOnly }, owner.cookie)).statusCode).toBe(403);
    expect((await post(ALLOW, { id: ids.contoso }, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await stored(ids.contoso)).scheduledAt).toBeNull();
  });

  it("lets an office user reach their office's candidates only", async () => {
    const [office] = await t.ctx.db.select({ officeId: users.officeId }).from(users).where(eq(users.email, "office.user@northwind.example"));
    const offices = t.ids.offices.northwind;
    const mine = offices.indexOf(office.officeId!);
    const theirs = await insertCandidate(t, { firstName: "In", lastName: "Office", office: mine });
    const elsewhere = await insertCandidate(t, { firstName: "Out", lastName: "Side", office: mine === 0 ? 1 : 0 });
    const inOffice = await assign(t, theirs, { test: "es-ls-live" });
    const outside = await assign(t, elsewhere, { test: "es-ls-live" });
    const cookie = cookies["office.user@northwind.example"];
    expect((await get(`${PAGE}/${theirs}/${inOffice}`, cookie)).statusCode).toBe(200);
    expect((await get(`${PAGE}/${elsewhere}/${outside}`, cookie)).statusCode).toBe(404);
    expect((await post(ALLOW, { id: outside }, cookie)).statusCode).toBe(404);
    expect((await stored(outside)).allowCandidateToSchedule).toBe(false);
  });

  it("refuses the candidate a test their administrator schedules, and a test that is not live or video", async () => {
    const res = await get(`${PAGE}/${owner.candidateId}/${ids.adminOnly}`, owner.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("This test is scheduled by your administrator.");
    const online = await get(`${PAGE}/${owner.candidateId}/${ids.online}`, cookies["admin@northwind.example"]);
    expect(online.statusCode).toBe(422);
    expect(online.json().message).toBe("Only live and video tests can be scheduled here.");
  });
});

describe("bad input", () => {
  it.each([
    [{ date: "2030-02-30" }, "The date must be a date such as 2026-03-09."],
    [{ date: "tomorrow" }, "The date must be a date such as 2026-03-09."],
    [{ date: "2030-01-07", timeZone: 99 }, "Choose one of the offered time zones."],
    [{ date: "2030-01-07", timeZone: "Europe/Paris" }, "Choose one of the offered time zones."],
    [{ date: "2030-01-07", duration: 0 }, "The duration must be the test's duration in minutes."],
    [{ date: "2030-01-07", duration: 45 }, "The duration must be the test's duration in minutes."],
    [{ date: "2030-01-07", candidateProfileId: "x" }, "The candidate id must be a positive whole number."],
    [{ date: "2030-01-07", accountTestId: -1 }, "The test id must be a positive whole number."],
    [{ date: "2030-01-07", startTime: "25:00" }, "The start time must be a time such as 09:30."],
    [{ date: "2030-01-07", startTime: undefined }, "The start time must be a time such as 09:30."],
  ])("%j answers 400 with its message and changes nothing", async (over, message) => {
    const body = { startTime: "09:00", ...timesBody(over) };
    const res = await post(SCHEDULE, body, owner.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    if (!("startTime" in over)) {
      const times = await post(TIMES, timesBody(over), owner.cookie);
      expect(times.statusCode).toBe(400);
      expect(times.json().message).toBe(message);
    }
    expect((await stored(ids.selfSchedule)).scheduledAt).toBeNull();
  });

  it("offers no slots outside the window and refuses to book there (409)", async () => {
    const times = await post(TIMES, timesBody({ date: "2030-01-07" }), owner.cookie);
    expect(times.json().availableTimes).toEqual([]);
    const res = await post(SCHEDULE, { ...timesBody({ date: "2030-01-07" }), startTime: "09:00" }, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("That time is no longer available. Please choose another time.");
    expect((await stored(ids.selfSchedule)).scheduledAt).toBeNull();
  });
});

describe("scheduling", () => {
  it("offers the date's 15-minute slots in the chosen zone, each as long as the test", async () => {
    const { date } = await firstFree(owner.cookie);
    const slots = (await post(TIMES, timesBody({ date }), owner.cookie)).json().availableTimes as AvailableTime[];
    // Business hours 9:00–18:00 Eastern are 6:00–15:00 Pacific, the last 30-minute slot starting 14:30.
    expect(slots[0].start_time).toBe("06:00");
    expect(slots.at(-1)!.end_time).toBe("15:00");
    for (const s of slots) {
      const [h, m] = s.start_time.split(":").map(Number);
      expect(m % 15).toBe(0);
      expect(new Date(s.starts_at).getUTCMinutes() % 15).toBe(0);
      const end = new Date(new Date(s.starts_at).getTime() + 30 * 60_000);
      expect(s.end_time).toBe(`${String((h + Math.floor((m + 30) / 60)) % 24).padStart(2, "0")}:${String((m + 30) % 60).padStart(2, "0")}`);
      expect(end.getTime() - new Date(s.starts_at).getTime()).toBe(30 * 60_000);
    }
  });

  it("books the candidate's test in UTC with the zone and the evaluator; it leaves the scheduling list for the upcoming one", async () => {
    const before = (await get("/api/tests/list", owner.cookie)).json() as TestListView;
    const entry = before.schedulableTests.find((e) => e.assignedTestIds.includes(ids.selfSchedule));
    expect(entry?.href).toBe(`/testing/candidates/${owner.candidateId}/scheduledtest/${ids.selfSchedule}`);
    const { date, slot } = await firstFree(owner.cookie);
    const res = await post(SCHEDULE, { ...timesBody({ date }), startTime: slot.start_time, candidateTrackTestId: null, useMedicalTestRecommendations: false }, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "Your scheduled test time request has been sent", scheduledAt: slot.starts_at, timeZoneId: PACIFIC });
    const row = await stored(ids.selfSchedule);
    expect(row.scheduledAt?.toISOString()).toBe(slot.starts_at);
    expect(row).toMatchObject({ scheduledTimeZoneId: PACIFIC, scheduledEvaluatorUserId: spanishEvaluator, state: "takeable" });
    const after = (await get("/api/tests/list", owner.cookie)).json() as TestListView;
    expect(after.schedulableTests.some((e) => e.assignedTestIds.includes(ids.selfSchedule))).toBe(false);
    expect(after.upcomingTests.find((e) => e.assignedTestIds.includes(ids.selfSchedule))?.testAt).toBe(slot.starts_at);
    // Booked once: the page and the routes no longer find it.
    expect((await get(`${PAGE}/${owner.candidateId}/${ids.selfSchedule}`, owner.cookie)).statusCode).toBe(404);
    // The only Spanish evaluator is now busy then: the same slot is offered as not available.
    const again = (await post(TIMES, timesBody({ date, accountTestId }), cookies["admin@northwind.example"])).json().availableTimes as AvailableTime[];
    expect(again.find((s) => s.starts_at === slot.starts_at)?.is_available).toBe(false);
  });

  it("gives the last free evaluator to one of two simultaneous bookings of the same time", async () => {
    const second = await candidateWithLogin(t);
    const secondTest = await assign(t, second.candidateId, { test: "es-ls-live" });
    const { date, slot } = await firstFree(owner.cookie, ids.third);
    const body = (candidateProfileId: number) => ({ ...timesBody({ date, candidateProfileId }), startTime: slot.start_time });
    const [a, b] = await Promise.all([post(SCHEDULE, body(owner.candidateId), owner.cookie), post(SCHEDULE, body(second.candidateId), cookies["admin@northwind.example"])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await Promise.all([stored(ids.third), stored(secondTest)]);
    expect(rows.filter((r) => r.scheduledAt?.toISOString() === slot.starts_at)).toHaveLength(1);
    expect(rows.filter((r) => r.scheduledAt === null)).toHaveLength(1);
  });

  it("lets the administrator leave a test to the candidate (Allow candidate to schedule)", async () => {
    ids.later = await assign(t, owner.candidateId, { test: "es-ls-live" });
    expect((await get(`${PAGE}/${owner.candidateId}/${ids.later}`, owner.cookie)).statusCode).toBe(403);
    const res = await post(ALLOW, { id: ids.later }, cookies["admin@northwind.example"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("The candidate may now schedule this test.");
    expect(await stored(ids.later)).toMatchObject({ allowCandidateToSchedule: true, state: "needs_scheduling", scheduledAt: null });
    expect((await get(`${PAGE}/${owner.candidateId}/${ids.later}`, owner.cookie)).statusCode).toBe(200);
    expect((await post(ALLOW, { id: "zero" }, cookies["admin@northwind.example"])).json().message).toBe("The test id must be a positive whole number.");
  });
});
