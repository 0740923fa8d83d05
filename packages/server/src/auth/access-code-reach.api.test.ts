import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ProctorSchedulePage } from "@parlance/contract";
import { assignedTests, candidates } from "../db/schema.js";
import { proctoringReservations } from "../db/schema/proctoring.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { insertAssignedTest } from "../candidates/test-fixtures.js";
import { ACCEPT, CANCEL, CONFIRM, CONTACT, CONTACT_FIELDS, EDIT_CONTACT, PAGE as PROCTOR_PAGE, TIMES as PROCTOR_TIMES, firstTime, proctoredCandidate } from "../proctoring/reservations/test-support.js";
import { jsonPost, sessionCookieOf } from "./test-support.js";

/**
 * An access code opens the one test it names on every route (issue 24, points 4–6): scheduling,
 * proctoring reservations and cancelling reach no other test of the profile, and the profile's
 * contact details (home address, phone) belong to the password session.
 */
let t: TestApp;
let c: Awaited<ReturnType<typeof proctoredCandidate>>;
const ids: Record<string, number> = {};
const codes: Record<string, string> = {};

const SCHEDULE_PAGE = "/api/test_assignment/schedule_page";
const SCHEDULE_TIMES = "/api/test_assignment/available_scheduled_times";
const SCHEDULE = "/api/test_assignment/schedule";
const PACIFIC = 20;

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const stored = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];

async function codeSignIn(code: string): Promise<string> {
  const res = await jsonPost(t, "/login", { access_code: code });
  expect(res.statusCode, res.body).toBe(200);
  return sessionCookieOf(res)!;
}

async function give(name: string, x: Parameters<typeof insertAssignedTest>[2]) {
  const { id, accessCode } = await insertAssignedTest(t, c.candidateId, x);
  ids[name] = id;
  codes[name] = accessCode;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  c = await proctoredCandidate(t);
  await give("online", { test: "en-reading" });
  await give("live", { test: "es-ls-live", state: "needs_scheduling" });
  await give("otherLive", { test: "es-ls-live", state: "needs_scheduling" });
  await give("proctored", { test: "en-reading-proctored", useProctorService: true });
  await give("otherProctored", { test: "en-reading-proctored", useProctorService: true });
  await t.ctx.db.update(assignedTests).set({ allowCandidateToSchedule: true }).where(eq(assignedTests.candidateId, c.candidateId));
});
afterAll(() => t?.close());

describe("scheduling a live test", () => {
  const timesBody = (over: object = {}) => ({ date: "2030-01-07", duration: 30, timeZone: PACIFIC, candidateProfileId: c.candidateId, accountTestId: 0, ...over });

  it("a code of another test reaches none of the profile's live tests: page, times and booking answer 404 and nothing is booked", async () => {
    const cookie = await codeSignIn(codes.online);
    const { accountTestId } = await stored(ids.live);
    expect((await get(`${SCHEDULE_PAGE}/${c.candidateId}/${ids.live}`, cookie)).statusCode).toBe(404);
    for (const res of [await post(SCHEDULE_TIMES, timesBody({ accountTestId }), cookie), await post(SCHEDULE, { ...timesBody({ accountTestId }), startTime: "09:00" }, cookie)]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe("That test was not found, or it does not need scheduling.");
    }
    expect((await stored(ids.live)).scheduledAt).toBeNull();
    expect((await stored(ids.otherLive)).scheduledAt).toBeNull();
    // The password session of the same person reaches it.
    expect((await get(`${SCHEDULE_PAGE}/${c.candidateId}/${ids.live}`, c.cookie)).statusCode).toBe(200);
  });

  it("a code of a live test schedules that test, never the profile's other live test", async () => {
    const cookie = await codeSignIn(codes.live);
    expect((await get(`${SCHEDULE_PAGE}/${c.candidateId}/${ids.live}`, cookie)).statusCode).toBe(200);
    expect((await get(`${SCHEDULE_PAGE}/${c.candidateId}/${ids.otherLive}`, cookie)).statusCode).toBe(404);
  });
});

describe("proctoring reservations", () => {
  const timesBody = (assigned: number[]) => ({ date: "2030-01-07", duration: 60, timeZone: 23, candidateProfileId: c.candidateId, assignedTestIds: assigned });

  it("a code reaches its own proctored test only: another test's page and times answer 404", async () => {
    const cookie = await codeSignIn(codes.proctored);
    const own = await get(`${PROCTOR_PAGE}/${c.candidateId}?assigned_tests=${ids.proctored}`, cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ assignedTestIds: [ids.proctored], contactComplete: true, contactEditable: false });
    for (const assigned of [[ids.otherProctored], [ids.proctored, ids.otherProctored]]) {
      expect((await get(`${PROCTOR_PAGE}/${c.candidateId}?assigned_tests=${assigned.join(",")}`, cookie)).statusCode, String(assigned)).toBe(404);
      const times = await post(PROCTOR_TIMES, timesBody(assigned), cookie);
      expect(times.statusCode, String(assigned)).toBe(404);
      expect(times.json().message).toBe("Those tests were not found, or they do not use the proctor service.");
    }
    const page = (await get(`${PROCTOR_PAGE}/${c.candidateId}?assigned_tests=${ids.otherProctored}`, c.cookie)).json() as ProctorSchedulePage;
    expect(page.contactEditable).toBe(true);
  });

  it("a code cannot cancel the reservation of another test the candidate made with her password; it can cancel its own test's", async () => {
    await post(ACCEPT, { accept: true }, c.cookie);
    const book = async (assigned: number) => {
      const { date, slot, page } = await firstTime(t, c.cookie, c.candidateId, [assigned]);
      const res = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [assigned], testIds: page.testIds, trackIds: [], timeZone: 23 }, c.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().reservation.id as number;
    };
    const others = await book(ids.otherProctored);
    const own = await book(ids.proctored);
    const cookie = await codeSignIn(codes.proctored);

    const refused = await post(CANCEL, { id: others }, cookie);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(refused.json().message).toBe("That reservation was not found.");
    const [kept] = await t.ctx.db.select().from(proctoringReservations).where(eq(proctoringReservations.id, others));
    expect(kept).toMatchObject({ state: "reserved", cancelledAt: null });

    const cancelled = await post(CANCEL, { id: own }, cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().reservation).toMatchObject({ id: own, state: "cancelled" });
  });
});

describe("contact details are the profile's: the password session's only", () => {
  const message = "Your contact details can be entered only when you sign in with your email address and password. Sign in that way, or ask your administrator to enter them.";

  it("a code session neither reads nor edits the home address and phone (403 with what to do), and nothing changes", async () => {
    const cookie = await codeSignIn(codes.proctored);
    const [before] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, c.candidateId));
    const read = await get(`${CONTACT}/${c.candidateId}?assigned_tests=${ids.proctored}`, cookie);
    expect(read.statusCode).toBe(403);
    expect(read.json()).toMatchObject({ message, messageKey: "proctorReservation.messages.contactNeedsPassword" });
    expect(read.body).not.toContain(CONTACT_FIELDS.streetAddress);
    const edit = await post(EDIT_CONTACT, { id: c.candidateId, ...CONTACT_FIELDS, streetAddress: "9 Elsewhere Road" }, cookie);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(message);
    const [after] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, c.candidateId));
    expect(after).toEqual(before);
  });

  it("the password session of the same person reads and edits them", async () => {
    const read = await get(`${CONTACT}/${c.candidateId}`, c.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ streetAddress: CONTACT_FIELDS.streetAddress, editingSelf: true });
    expect((await post(EDIT_CONTACT, { id: c.candidateId, ...CONTACT_FIELDS, city: "Cambridge" }, c.cookie)).statusCode).toBe(200);
  });
});
