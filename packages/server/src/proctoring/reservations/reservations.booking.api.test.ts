import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { accounts, assignedTests, auditLog, candidates, users } from "../../db/schema.js";
import { proctoringReservations, proctoringReservationTests } from "../../db/schema/proctoring.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign } from "../../taking/test-fixtures.js";
import { feeSource } from "../../payments/fees.js";
import { scopeOf } from "../../auth/scope.js";
import { ACCEPT, CANCEL, CONFIRM, PAGE, TIMES, firstTime, proctoredCandidate } from "./test-support.js";
import "./fee-source.js";

/**
 * Reserving proctoring: terms and contact details first, the cost as offered, stored as the UTC
 * instant with the zone and the proctor; the last free proctor taken once by simultaneous
 * bookings (one 200, one 409); assign only; cancelling before and after the cut-off; the
 * "proctoring" fee source listing and settling unpaid fees.
 */
let t: TestApp;
let admin: string;
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const reservation = async (id: number) => (await t.ctx.db.select().from(proctoringReservations).where(eq(proctoringReservations.id, id)))[0];
const test = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

describe("confirm", () => {
  it("needs the terms and the contact details, then books the offered time at its cost", async () => {
    const c = await proctoredCandidate(t, { contact: false });
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    const { date, slot, page } = await firstTime(t, admin, c.candidateId, [a]);
    expect(page.contactComplete).toBe(false);
    expect(slot.cost).toBe(slot.shortNotice ? 2800 : 2300);
    const body = { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a], testIds: page.testIds, trackIds: [], timeZone: 23 };

    const noTerms = await post(CONFIRM, body, admin);
    expect(noTerms.statusCode).toBe(422);
    expect(noTerms.json().message).toBe("Please accept the proctoring terms of service before reserving proctoring.");
    await post(ACCEPT, { accept: true }, admin);
    const noContact = await post(CONFIRM, body, admin);
    expect(noContact.json().message).toBe("Please complete the candidate's contact details before reserving proctoring.");
    expect(await t.ctx.db.select().from(proctoringReservations).where(eq(proctoringReservations.candidateId, c.candidateId))).toEqual([]);

    await post("/api/proctorservice/edit_contact_details", { id: c.candidateId, phoneNumber: "617 555 0101", streetAddress: "2 Main St", city: "Boston", state: "MA", postalCode: "02110", timeZone: 23 }, admin);
    const wrongCost = await post(CONFIRM, { ...body, cost: slot.cost + 100 }, admin);
    expect(wrongCost.statusCode).toBe(409);
    expect(wrongCost.json().message).toBe("The cost of that time has changed. Please check the new cost and confirm again.");

    const ok = await post(CONFIRM, body, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: "Your reservation has been created", messageKey: "proctorReservation.messages.created" });
    const view = ok.json().reservation;
    expect(view).toMatchObject({ state: "reserved", scheduledAt: slot.startsAt, timeZoneId: 23, durationMinutes: 60, costCents: slot.cost, feeStatus: "unpaid", cancellationCutoff: slot.cancellationCutoff, assignedTestIds: [a] });
    const row = await reservation(view.id);
    const [proctor] = await t.ctx.db.select().from(users).where(eq(users.id, row.proctorUserId));
    expect(proctor.roles).toContain(Role.ServiceProvider);
    expect(row).toMatchObject({ scheduledAt: new Date(slot.startsAt), timeZoneId: 23, bookedAs: "staff" });
    expect(await test(a)).toMatchObject({ scheduledAt: new Date(slot.startsAt), scheduledTimeZoneId: 23 });

    // The page now shows the reservation; booking the same test again is refused.
    const again = await post(CONFIRM, body, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Proctoring is already reserved for one of these tests.");
    const shown = (await t.request({ method: "GET", url: `${PAGE}/${c.candidateId}?assigned_tests=${a}`, cookie: admin })).json();
    expect(shown.reservation).toMatchObject({ id: view.id, costCents: slot.cost });
    const logged = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "proctoring.reserve"), eq(auditLog.targetId, String(view.id))));
    expect(logged).toHaveLength(1);
  });

  it("gives the last free proctor to one of two simultaneous bookings; the other answers 409", async () => {
    const proctors = await t.ctx.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ["proctor@parlance.example", "proctor2@parlance.example"]));
    expect(proctors).toHaveLength(2);
    // One proctor left in the pool.
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.email, "proctor2@parlance.example"));
    try {
      const one = await proctoredCandidate(t);
      const two = await proctoredCandidate(t);
      const a1 = await assign(t, one.candidateId, { test: "en-reading-proctored", useProctorService: true });
      const a2 = await assign(t, two.candidateId, { test: "en-reading-proctored", useProctorService: true });
      await post(ACCEPT, { accept: true }, admin);
      const { date, slot } = await firstTime(t, admin, one.candidateId, [a1]);
      const book = (candidateProfileId: number, id: number) => post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId, assignedTestIds: [id], timeZone: 23 }, admin);
      const results = await Promise.all([book(one.candidateId, a1), book(two.candidateId, a2)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe("That time is no longer available. Please choose another time.");
      const rows = await t.ctx.db.select().from(proctoringReservations).where(inArray(proctoringReservations.candidateId, [one.candidateId, two.candidateId]));
      expect(rows).toHaveLength(1);
      // That time is no longer offered to anyone.
      const times = await post(TIMES, { date, duration: 60, timeZone: 23, candidateProfileId: two.candidateId, assignedTestIds: [a2] }, admin);
      expect(times.json().availableTimes.some((s: { startsAt: string }) => s.startsAt === slot.startsAt)).toBe(false);
    } finally {
      await t.ctx.db.update(users).set({ isActive: true }).where(eq(users.email, "proctor2@parlance.example"));
    }
  });

  it("lets the candidate book their own sitting when the account allows it; a candidate cannot assign only", async () => {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    expect((await post(CONFIRM, { assignOnly: true, candidateProfileId: c.candidateId, assignedTestIds: [a] }, c.cookie)).statusCode).toBe(403);
    await post(ACCEPT, { accept: true }, c.cookie);
    const { date, slot } = await firstTime(t, c.cookie, c.candidateId, [a]);
    const ok = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, c.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await reservation(ok.json().reservation.id)).bookedAs).toBe("candidate");
  });
});

describe("a prepay account", () => {
  it("reserves only once its prepay terms are accepted", async () => {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    await post(ACCEPT, { accept: true }, admin);
    const { date, slot } = await firstTime(t, admin, c.candidateId, [a]);
    const northwind = t.ids.accounts.northwind;
    await t.ctx.db.update(accounts).set({ prepay: true }).where(eq(accounts.id, northwind));
    try {
      const page = (await t.request({ method: "GET", url: `${PAGE}/${c.candidateId}?assigned_tests=${a}`, cookie: admin })).json();
      expect(page.prepayTermsAccepted).toBe(false);
      const res = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, admin);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("This prepay account must accept the prepay terms of service before proctoring is reserved.");
      expect(await t.ctx.db.select().from(proctoringReservations).where(eq(proctoringReservations.candidateId, c.candidateId))).toEqual([]);
    } finally {
      await t.ctx.db.update(accounts).set({ prepay: false }).where(eq(accounts.id, northwind));
    }
    const after = (await t.request({ method: "GET", url: `${PAGE}/${c.candidateId}?assigned_tests=${a}`, cookie: admin })).json();
    expect(after.prepayTermsAccepted).toBe(true);
  });
});

describe("a sitting of several tests", () => {
  it("adds the durations, doubles them with test adjustments, prices by the rates, and refuses more than a business day", async () => {
    const c = await proctoredCandidate(t);
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true }));
    const two = ids.slice(0, 2);
    const { slot, page } = await firstTime(t, admin, c.candidateId, two);
    expect(page).toMatchObject({ duration: 120, assignedTestIds: two, testDescriptions: ["English Reading Proficiency (Proctored)", "English Reading Proficiency (Proctored)"] });
    expect(slot.cost - (slot.shortNotice ? 500 : 0)).toBe(2900);
    await t.ctx.db.update(candidates).set({ adjustments: true }).where(eq(candidates.id, c.candidateId));
    const doubled = await firstTime(t, admin, c.candidateId, two);
    expect(doubled.page.duration).toBe(240);
    expect(doubled.slot.cost - (doubled.slot.shortNotice ? 500 : 0)).toBe(5800);
    const tooLong = await t.request({ method: "GET", url: `${PAGE}/${c.candidateId}?assigned_tests=${ids.join(",")}`, cookie: admin });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe("These tests are too long for one sitting. Please reserve them separately.");
  });
});

describe("assign only", () => {
  it("leaves the tests for the candidate to schedule", async () => {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    const res = await post(CONFIRM, { assignOnly: true, candidateProfileId: c.candidateId, assignedTestIds: [a] }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reservation: null, message: "The candidate may now schedule their proctoring session from their list of tests." });
    expect(await test(a)).toMatchObject({ state: "needs_scheduling", allowCandidateToSchedule: true, scheduledAt: null });
    // The candidate finds it under Tests Requiring Scheduling, opening the proctoring reservation screen.
    const list = (await t.request({ method: "GET", url: "/api/tests/list", cookie: c.cookie })).json();
    expect(list.schedulableTests.find((e: { assignedTestId: number }) => e.assignedTestId === a)?.href).toBe(`/testing/proctor/schedule/${c.candidateId}?assigned_tests=${a}`);
    // Once the candidate reserves it, it is upcoming at the reserved time.
    await post(ACCEPT, { accept: true }, c.cookie);
    const { date, slot } = await firstTime(t, c.cookie, c.candidateId, [a]);
    expect((await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, c.cookie)).statusCode).toBe(200);
    expect(await test(a)).toMatchObject({ state: "takeable", scheduledAt: new Date(slot.startsAt) });
    const after = (await t.request({ method: "GET", url: "/api/tests/list", cookie: c.cookie })).json();
    expect(after.upcomingTests.find((e: { assignedTestId: number }) => e.assignedTestId === a)?.testAt).toBe(slot.startsAt);
  });
});

describe("cancel", () => {
  async function booked() {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    await post(ACCEPT, { accept: true }, admin);
    const { date, slot } = await firstTime(t, admin, c.candidateId, [a]);
    const res = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, admin);
    return { c, a, id: res.json().reservation.id as number };
  }

  it("waives the fee before the cut-off and frees the test", async () => {
    const { c, a, id } = await booked();
    // Far enough ahead that the cut-off (5 pm ET the day before) has not passed.
    const later = new Date(Date.now() + 7 * 86_400_000);
    await t.ctx.db.update(proctoringReservations).set({ scheduledAt: later }).where(eq(proctoringReservations.id, id));
    await t.ctx.db.update(assignedTests).set({ scheduledAt: later }).where(eq(assignedTests.id, a));
    for (const cookie of [await t.signIn("admin@contoso.example"), await t.signIn("candidate@northwind.example"), await t.signIn("admin@parlance.example")])
      expect((await post(CANCEL, { id }, cookie)).statusCode).toBe(404);
    expect((await reservation(id)).state).toBe("reserved");
    const res = await post(CANCEL, { id }, c.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "The reservation has been cancelled. No fee is charged.", reservation: { state: "cancelled", feeStatus: "waived" } });
    expect(await test(a)).toMatchObject({ scheduledAt: null });
    const [link] = await t.ctx.db.select().from(proctoringReservationTests).where(eq(proctoringReservationTests.reservationId, id));
    expect(link.releasedAt).not.toBeNull();
    expect((await post(CANCEL, { id }, admin)).json().message).toBe("This reservation has already been cancelled.");
    const [entry] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "proctoring.cancel"), eq(auditLog.targetId, String(id))));
    expect(entry.details).toMatchObject({ cancellation: "early", feeWaived: true });
  });

  it("keeps the fee due after the cut-off", async () => {
    const { id } = await booked();
    // Within the day before (after 5 pm ET the day before, whatever the hour now).
    await t.ctx.db.update(proctoringReservations).set({ scheduledAt: new Date(Date.now() + 60_000) }).where(eq(proctoringReservations.id, id));
    const res = await post(CANCEL, { id }, admin);
    expect(res.json()).toMatchObject({ message: "The reservation has been cancelled. The proctoring fee is still due.", reservation: { state: "cancelled", feeStatus: "unpaid" } });
    expect((await post(CANCEL, { id: "x" }, admin)).json().message).toBe("The reservation id must be a positive whole number.");
  });
});

describe("the proctoring fee source", () => {
  it("shows a candidate's access code only the fee of a sitting that holds the code's test", async () => {
    const c = await proctoredCandidate(t);
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    const other = await assign(t, c.candidateId, { test: "en-writing" });
    await post(ACCEPT, { accept: true }, c.cookie);
    const { date, slot } = await firstTime(t, c.cookie, c.candidateId, [a]);
    const booked = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, c.cookie);
    expect(booked.statusCode, booked.body).toBe(200);
    const item = `proctoring:${booked.json().reservation.id}`;
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, c.userId));
    const byCode = (testId: number) =>
      scopeOf({ userId: user.id, accountId: t.ids.accounts.northwind, officeId: null, roles: [Role.Candidate], permissions: new Set(["tests"]), codeCandidateId: c.candidateId, codeAssignedTestId: testId, impersonatorUserId: null } as never);
    const source = feeSource("proctoring")!;
    expect((await source.list(t.ctx.db, byCode(a))).map((i) => i.id)).toContain(item);
    expect((await source.list(t.ctx.db, byCode(other))).map((i) => i.id)).not.toContain(item);
  });

  it("lists the account's unpaid reservations and settles them once", async () => {
    const source = feeSource("proctoring")!;
    expect(source).toBeDefined();
    const [adminUser] = await t.ctx.db.select().from(users).where(eq(users.email, "admin@northwind.example"));
    const scope = scopeOf({ userId: adminUser.id, accountId: t.ids.accounts.northwind, officeId: null, roles: adminUser.roles, permissions: new Set(["candidates"]), codeCandidateId: null, impersonatorUserId: null } as never);
    const items = await source.list(t.ctx.db, scope);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.id).toMatch(/^proctoring:\d+$/);
      expect(item.amountCents).toBeGreaterThan(0);
    }
    const first = items[0];
    const id = Number(first.id.split(":")[1]);
    expect((await reservation(id)).costCents).toBe(first.amountCents);
    await source.settle(t.ctx.db, [first.id], { id: 4242, amountCents: first.amountCents });
    await source.settle(t.ctx.db, [first.id], { id: 9999, amountCents: first.amountCents });
    expect(await reservation(id)).toMatchObject({ feeStatus: "paid", paymentId: 4242 });
    expect((await source.list(t.ctx.db, scope)).some((i) => i.id === first.id)).toBe(false);
    // Contoso's administrator sees none of Northwind's.
    const [contosoUser] = await t.ctx.db.select().from(users).where(eq(users.email, "admin@contoso.example"));
    const contosoScope = scopeOf({ userId: contosoUser.id, accountId: t.ids.accounts.contoso, officeId: null, roles: contosoUser.roles, permissions: new Set(["candidates"]), codeCandidateId: null, impersonatorUserId: null } as never);
    expect(await source.list(t.ctx.db, contosoScope)).toEqual([]);
  });
});
