import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { AvailableTime, CandidateTestRecord, SchedulePage, TestListView } from "@parlance/contract";
import { assignedTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { candidateWithLogin } from "../taking/test-fixtures.js";

/**
 * Issue 23: every way a test reaches the candidate's Tests Requiring Scheduling leads somewhere.
 * Assigned through create_tests as the client administrator, then followed as the candidate: a
 * live test left to them opens the schedule-test screen and books; an online test with the
 * proctoring service opens the proctoring reservation; an online test without it has nothing to
 * book and is refused; a live test the administrator keeps has no link and reads Requires scheduling.
 */
let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
const at: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  Object.assign(at, t.ids.catalogue.accountTests[t.ids.accounts.northwind]);
  owner = await candidateWithLogin(t);
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

const assign = async (body: object) => {
  const res = await t.request({ method: "POST", url: `/api/test_assignment/create_tests/${owner.candidateId}`, cookie: admin, body });
  return res;
};
const assignedId = async (body: object) => {
  const res = await assign(body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { assigned: { id: number }[] }).assigned[0].id;
};
const list = async () => {
  const res = await t.request({ method: "GET", url: "/api/tests/list", cookie: owner.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TestListView;
};
const testsOf = async () => (await t.ctx.db.select({ n: count() }).from(assignedTests).where(eq(assignedTests.candidateId, owner.candidateId)))[0].n;

describe("self-scheduling, end to end", () => {
  it("a live test left to the candidate: its entry opens the schedule-test screen, which books it into Scheduled Tests", async () => {
    const id = await assignedId({ test_objects: [`test:${at["es-ls-live"]}`], allow_candidate_to_schedule: true, notify_candidate: true });
    const entry = (await list()).schedulableTests.find((e) => e.assignedTestId === id)!;
    expect(entry.href).toBe(`/testing/candidates/${owner.candidateId}/scheduledtest/${id}`);

    const page = await t.request({ method: "GET", url: `/api/test_assignment/schedule_page/${owner.candidateId}/${id}`, cookie: owner.cookie });
    expect(page.statusCode, page.body).toBe(200);
    const view = page.json() as SchedulePage;
    expect(view).toMatchObject({ isCandidate: true, allowCandidateScheduling: true, method: "live" });
    let booked = false;
    for (const date of view.availableDates) {
      const body = { date, duration: view.duration, timeZone: 23, accountTestId: view.testIds[0], candidateProfileId: owner.candidateId };
      const times = await t.request({ method: "POST", url: "/api/test_assignment/available_scheduled_times", cookie: owner.cookie, body });
      const free = (times.json().availableTimes as AvailableTime[]).find((s) => s.is_available);
      if (!free) continue;
      const res = await t.request({ method: "POST", url: "/api/test_assignment/schedule", cookie: owner.cookie, body: { ...body, startTime: free.start_time } });
      expect(res.statusCode, res.body).toBe(200);
      booked = true;
      break;
    }
    expect(booked).toBe(true);
    const after = await list();
    expect(after.schedulableTests.map((e) => e.assignedTestId)).not.toContain(id);
    expect(after.upcomingTests.find((e) => e.assignedTestId === id)!.href).toBe(`/testing/tests/s${id}/live`);
  });

  it("an online test with the proctoring service: its entry opens the proctoring reservation, which the candidate may use", async () => {
    const id = await assignedId({ test_objects: [`test:${at["en-reading-proctored"]}`], use_proctor_service: true, allow_candidate_to_schedule: true, notify_candidate: true });
    const entry = (await list()).schedulableTests.find((e) => e.assignedTestId === id)!;
    expect(entry.href).toBe(`/testing/proctor/schedule/${owner.candidateId}?assigned_tests=${id}`);
    const page = await t.request({ method: "GET", url: `/api/proctorservice/schedule_page/${owner.candidateId}?assigned_tests=${id}`, cookie: owner.cookie });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ isCandidate: true, assignedTestIds: [id] });
  });

  it("an online or phone test without the proctoring service has nothing to book: refused, nothing assigned", async () => {
    for (const key of ["en-reading", "es-ls-ivr"]) {
      const before = await testsOf();
      const res = await assign({ test_objects: [`test:${at[key]}`], allow_candidate_to_schedule: true, notify_candidate: true });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe("Candidate self-scheduling is not available for this account or for the selected tests.");
      expect(await testsOf()).toBe(before);
    }
    // Assigned plainly, the same test is takeable from the list at once.
    const id = await assignedId({ test_objects: [`test:${at["en-reading"]}`], notify_candidate: false });
    expect((await list()).takableTests.find((e) => e.assignedTestId === id)!.href).toBe(`/testing/tests/${id}`);
  });

  it("a live test the administrator keeps: no link for the candidate (their organisation schedules it), Requires scheduling in the tests table", async () => {
    const id = await assignedId({ test_objects: [`test:${at["vi-ls-live"]}`], notify_candidate: false });
    const entry = (await list()).schedulableTests.find((e) => e.assignedTestId === id)!;
    expect(entry.href).toBeNull();
    const page = await t.request({ method: "GET", url: `/api/test_assignment/schedule_page/${owner.candidateId}/${id}`, cookie: owner.cookie });
    expect(page.statusCode).toBe(403);
    const history = await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${owner.candidateId}`, cookie: admin });
    expect(history.statusCode, history.body).toBe(200);
    const row = (history.json() as CandidateTestRecord[]).find((r) => r.assigned_test_id === id)!;
    expect(row.view.status).toBe("requires_scheduling");
  });

  it("a legacy online test waiting for candidate scheduling without the proctoring service links nowhere it would fail", async () => {
    const id = await assignedId({ test_objects: [`test:${at["en-writing"]}`], notify_candidate: false });
    await t.ctx.db.update(assignedTests).set({ state: "needs_scheduling", allowCandidateToSchedule: true }).where(eq(assignedTests.id, id));
    const view = await list();
    const entry = [...view.takableTests, ...view.schedulableTests].find((e) => e.assignedTestId === id)!;
    expect(entry.href === null || !entry.href.includes("/scheduledtest/")).toBe(true);
  });
});
