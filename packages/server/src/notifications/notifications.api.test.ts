import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gt } from "drizzle-orm";
import { DateTime } from "luxon";
import type { AvailableTime, SchedulePage } from "@parlance/contract";
import { assignedTests, candidates, mailOutbox, tests, users } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { ACCEPT, CANCEL, CONFIRM, firstTime, proctoredCandidate } from "../proctoring/reservations/test-support.js";

/**
 * Issue 23 §3: each change one person makes to another's test or appointment mails the others,
 * read here from the outbox: the candidate in their language and zone, the evaluator or proctor
 * booked, with the appointment's .ics (REQUEST, SEQUENCE raised by a move; CANCEL); never the
 * person who made the change.
 */
let t: TestApp;
const EVALUATOR = "evaluator@parlance.example";
const ADMIN = "admin@northwind.example";
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of [EVALUATOR, ADMIN]) cookies[email] = await t.signIn(email);
});
afterAll(() => t?.close());

const post = (email: string, url: string, body: unknown) => t.request({ method: "POST", url, cookie: cookies[email], body });
const lastMailId = async () => (await t.ctx.db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(mailOutbox.id)).at(-1)?.id ?? 0;
const mailsSince = (id: number) => t.ctx.db.select().from(mailOutbox).where(gt(mailOutbox.id, id)).orderBy(mailOutbox.id);
const emailOf = async (candidateId: number) => (await t.ctx.db.select({ email: candidates.email }).from(candidates).where(eq(candidates.id, candidateId)))[0].email;
const stored = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];
const icsTime = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** A Thursday `weeks` weeks ahead at an Eastern wall-clock time. */
const thursday = (weeks: number, time: string) => {
  const [hour, minute] = time.split(":").map(Number);
  const now = DateTime.now().setZone("America/New_York");
  return now.plus({ days: (4 - now.weekday + 7) % 7, weeks }).set({ hour, minute, second: 0, millisecond: 0 });
};

/** A candidate of Northwind (their language `languageId`) with a Spanish live test booked with the evaluator at `at`. */
async function bookedLiveTest(at: DateTime, languageId = 140) {
  const c = await candidateWithLogin(t);
  await t.ctx.db.update(candidates).set({ languageId }).where(eq(candidates.id, c.candidateId));
  const id = await assign(t, c.candidateId, { test: "es-ls-live" });
  const [evaluator] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, EVALUATOR));
  await t.ctx.db
    .update(assignedTests)
    .set({ scheduledAt: at.toJSDate(), scheduledTimeZoneId: 23, scheduledEvaluatorUserId: evaluator.id, state: "takeable", evaluatorConfirmation: "unconfirmed" })
    .where(eq(assignedTests.id, id));
  return { ...c, id, email: await emailOf(c.candidateId) };
}

describe("an evaluator declining to a new time", () => {
  it("mails the candidate the new time in their language and zone, with an .ics REQUEST of a higher SEQUENCE; not the evaluator", async () => {
    const at = thursday(7, "09:30");
    const c = await bookedLiveTest(at, 104); // Simplified Chinese
    const since = await lastMailId();
    const newTime = thursday(8, "10:00");
    const res = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: c.id, date: newTime.toISODate(), startTime: "10:00" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(c.id)).appointmentSequence).toBe(1);

    const mails = await mailsSince(since);
    expect(mails.map((m) => m.toAddress)).toEqual([c.email]);
    const [mail] = mails;
    expect(mail.template).toBe("change.moved");
    expect(mail.subject).toContain("的新时间");
    expect(mail.textBody).toContain("东部时间");
    expect(mail.textBody).toContain("无法在");
    const [ics] = mail.attachments!;
    expect(ics.filename).toBe("invite.ics");
    expect(ics.contentType).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(ics.content).toContain("METHOD:REQUEST\r\n");
    expect(ics.content).toContain(`UID:assigned-test-${c.id}@`);
    expect(ics.content).toContain("SEQUENCE:1\r\n");
    expect(ics.content).toContain(`DTSTART:${icsTime(newTime.toJSDate())}\r\n`);
    expect(ics.content).toContain(`ATTENDEE;CN="Taker `);
  });

  it("refuses a time that is no slot with a 400 saying what is wrong (not 409), and nothing changes or is mailed", async () => {
    const at = thursday(7, "11:00");
    const c = await bookedLiveTest(at);
    const [{ minutes }] = await t.ctx.db.select({ minutes: tests.durationMinutes }).from(tests).innerJoin(assignedTests, eq(assignedTests.testId, tests.id)).where(eq(assignedTests.id, c.id));
    const lastStart = DateTime.fromObject({ hour: 18 }, { zone: "America/New_York" }).minus({ minutes }).toFormat("HH:mm");
    const since = await lastMailId();
    const saturday = thursday(8, "10:00").plus({ days: 2 });
    const cases: [string, string, string | RegExp][] = [
      [thursday(20, "10:00").toISODate()!, "10:00", /^Choose a date from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: a test can move only within those dates\.$/],
      [DateTime.now().setZone("America/New_York").toISODate()!, "10:00", /^Choose a date from /],
      [saturday.toISODate()!, "10:00", "Tests are given Monday to Friday: choose a weekday."],
      [thursday(8, "10:00").toISODate()!, "20:00", `Tests start between 09:00 and ${lastStart} Eastern Time, every 15 minutes: choose one of those times.`],
      [thursday(8, "10:00").toISODate()!, "10:07", `Tests start between 09:00 and ${lastStart} Eastern Time, every 15 minutes: choose one of those times.`],
    ];
    for (const [date, startTime, message] of cases) {
      const res = await post(EVALUATOR, "/api/evaluators/decline", { candidateTestId: c.id, date, startTime });
      expect(res.statusCode, `${date} ${startTime}: ${res.body}`).toBe(400);
      if (typeof message === "string") expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(message);
      expect(res.json().messageKey).toMatch(/^evaluatorActions\.messages\.(outOfRange|notBusinessDay|outsideHours)$/);
    }
    expect((await stored(c.id)).scheduledAt!.getTime()).toBe(at.toMillis());
    expect(await mailsSince(since)).toEqual([]);
  });
});

describe("a client cancelling or removing a test", () => {
  it("delete_live_test mails the candidate and the evaluator a CANCEL of the appointment (SEQUENCE raised), not the client", async () => {
    const at = thursday(6, "13:00");
    const c = await bookedLiveTest(at);
    const since = await lastMailId();
    const res = await post(ADMIN, "/api/test_assignment/delete_live_test", { id: c.id });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsSince(since);
    expect(mails.map((m) => [m.toAddress, m.template]).sort()).toEqual(
      [
        [c.email, "change.cancelled"],
        [EVALUATOR, "change.bookingCancelled"],
      ].sort(),
    );
    for (const m of mails) {
      const [ics] = m.attachments!;
      expect(ics.filename).toBe("cancel.ics");
      expect(ics.content).toContain("METHOD:CANCEL\r\n");
      expect(ics.content).toContain("STATUS:CANCELLED\r\n");
      expect(ics.content).toContain("SEQUENCE:1\r\n");
      expect(ics.content).toContain(`UID:assigned-test-${c.id}@`);
      expect(ics.content).toContain(`DTSTART:${icsTime(at.toJSDate())}\r\n`);
    }
    expect(mails.find((m) => m.toAddress === c.email)!.textBody).toContain("(Eastern Time)");
    expect(mails.find((m) => m.toAddress === EVALUATOR)!.textBody).toContain(`Taker`);
  });

  it("delete_test mails the candidate that the test is withdrawn (no appointment: no calendar file)", async () => {
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    const since = await lastMailId();
    const res = await post(ADMIN, "/api/test_assignment/delete_test", { id });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsSince(since);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: await emailOf(c.candidateId), template: "change.removed", attachments: null });
    expect(mails[0].subject).toMatch(/has been withdrawn$/);
  });
});

describe("a client booking a candidate's live test", () => {
  async function firstFree(cookie: string, candidateId: number, id: number) {
    const page = (await t.request({ method: "GET", url: `/api/test_assignment/schedule_page/${candidateId}/${id}`, cookie })).json() as SchedulePage;
    for (const date of page.availableDates) {
      const body = { date, duration: page.duration, timeZone: 23, accountTestId: page.testIds[0], candidateProfileId: candidateId };
      const res = await t.request({ method: "POST", url: "/api/test_assignment/available_scheduled_times", cookie, body });
      const free = (res.json().availableTimes as AvailableTime[]).find((s) => s.is_available);
      if (free) return { ...body, startTime: free.start_time, startsAt: free.starts_at };
    }
    throw new Error("no free time");
  }

  it("mails the candidate and the evaluator booked an .ics REQUEST; the candidate booking it themselves is not mailed", async () => {
    const c = await candidateWithLogin(t);
    const email = await emailOf(c.candidateId);
    const byClient = await assign(t, c.candidateId, { test: "es-ls-live", state: "needs_scheduling" });
    const { startsAt, ...body } = await firstFree(cookies[ADMIN], c.candidateId, byClient);
    let since = await lastMailId();
    const res = await post(ADMIN, "/api/test_assignment/schedule", body);
    expect(res.statusCode, res.body).toBe(200);
    const booked = await stored(byClient);
    const [evaluator] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, booked.scheduledEvaluatorUserId!));
    const mails = await mailsSince(since);
    expect(mails.map((m) => [m.toAddress, m.template]).sort()).toEqual(
      [
        [email, "change.scheduled"],
        [evaluator.email, "change.booked"],
      ].sort(),
    );
    for (const m of mails) {
      expect(m.attachments![0].content).toContain("METHOD:REQUEST\r\n");
      expect(m.attachments![0].content).toContain("SEQUENCE:0\r\n");
      expect(m.attachments![0].content).toContain(`DTSTART:${icsTime(new Date(startsAt))}\r\n`);
    }

    const bySelf = await assign(t, c.candidateId, { test: "es-ls-live", state: "needs_scheduling" });
    await t.ctx.db.update(assignedTests).set({ allowCandidateToSchedule: true }).where(eq(assignedTests.id, bySelf));
    const own = await firstFree(c.cookie, c.candidateId, bySelf);
    since = await lastMailId();
    const mine = await t.request({ method: "POST", url: "/api/test_assignment/schedule", cookie: c.cookie, body: { ...own, startsAt: undefined } });
    expect(mine.statusCode, mine.body).toBe(200);
    const after = await mailsSince(since);
    expect(after.map((m) => m.template)).toEqual(["change.booked"]);
    expect(after.some((m) => m.toAddress === email)).toBe(false);
  });
});

describe("proctoring reservations changed by staff", () => {
  it("a reservation mails the candidate and the proctor a REQUEST; its cancel a CANCEL of the same event, SEQUENCE 1", async () => {
    const c = await proctoredCandidate(t);
    const email = await emailOf(c.candidateId);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    await post(ADMIN, ACCEPT, { accept: true });
    const { date, slot, page } = await firstTime(t, cookies[ADMIN], c.candidateId, [a]);
    let since = await lastMailId();
    const ok = await post(ADMIN, CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a], testIds: page.testIds, trackIds: [], timeZone: 23 });
    expect(ok.statusCode, ok.body).toBe(200);
    const reservationId = ok.json().reservation.id as number;
    const made = await mailsSince(since);
    expect(made.map((m) => m.template).sort()).toEqual(["change.booked", "change.reserved"]);
    const toCandidate = made.find((m) => m.template === "change.reserved")!;
    expect(toCandidate.toAddress).toBe(email);
    expect(toCandidate.attachments![0].content).toContain(`UID:proctoring-reservation-${reservationId}@`);
    expect(toCandidate.attachments![0].content).toContain("SEQUENCE:0\r\n");
    expect(toCandidate.attachments![0].content).toContain(`DTSTART:${icsTime(new Date(slot.startsAt))}\r\n`);

    since = await lastMailId();
    const cancelled = await post(ADMIN, CANCEL, { id: reservationId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const gone = await mailsSince(since);
    expect(gone.map((m) => m.template).sort()).toEqual(["change.bookingCancelled", "change.reservationCancelled"]);
    for (const m of gone) {
      expect(m.attachments![0].content).toContain("METHOD:CANCEL\r\n");
      expect(m.attachments![0].content).toContain("SEQUENCE:1\r\n");
      expect(m.attachments![0].content).toContain(`UID:proctoring-reservation-${reservationId}@`);
    }
  });

  it("the candidate cancelling their own reservation mails only the proctor", async () => {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    await post(ADMIN, ACCEPT, { accept: true });
    const { date, slot, page } = await firstTime(t, cookies[ADMIN], c.candidateId, [a]);
    const ok = await post(ADMIN, CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a], testIds: page.testIds, trackIds: [], timeZone: 23 });
    expect(ok.statusCode, ok.body).toBe(200);
    const since = await lastMailId();
    const res = await t.request({ method: "POST", url: CANCEL, cookie: c.cookie, body: { id: ok.json().reservation.id } });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await t.ctx.db.select().from(mailOutbox).where(and(gt(mailOutbox.id, since)));
    expect(mails.map((m) => m.template)).toEqual(["change.bookingCancelled"]);
    expect(mails[0].toAddress).not.toBe(await emailOf(c.candidateId));
  });
});


