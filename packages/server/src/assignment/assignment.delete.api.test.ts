import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { accessCodes, assignedTests, auditLog } from "../db/schema.js";
import { makeAssignedTest, makeCandidate } from "../history/test-fixtures.js";
import { cancellationCutoff } from "../history/records.js";

/** delete_test (not started only, soft) and delete_live_test (client cancellation, early or late). */
let t: TestApp;
const cookies: Record<string, string> = {};
let northwind: number;
let boston: number;
let chicago: number;
let bostonCandidate: number;
let chicagoCandidate: number;
const at: Record<string, number> = {};
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  northwind = t.ids.accounts.northwind;
  [boston, chicago] = t.ids.offices.northwind;
  Object.assign(at, t.ids.catalogue.accountTests[northwind]);
  bostonCandidate = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: boston });
  chicagoCandidate = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: chicago });
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) {
    cookies[email] = await t.signIn(email);
  }
});
afterAll(() => t?.close());

const del = (id: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/test_assignment/delete_test", cookie, body: { id } });
const cancel = (id: unknown, cookie?: string) => t.request({ method: "POST", url: "/api/test_assignment/delete_live_test", cookie, body: { id } });
const row = async (id: number) => (await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, id)))[0];

describe("delete_test", () => {
  it("each client role deletes a not-started test of a candidate it reaches: soft delete, code retired, audited", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
      const assign = await t.request({
        method: "POST",
        url: `/api/test_assignment/create_tests/${bostonCandidate}`,
        cookie: cookies[email],
        body: { test_objects: [`test:${at["en-reading"]}`], notify_candidate: false },
      });
      const id = assign.json().assigned[0].id as number;
      const code = assign.json().assigned[0].accessCode as string;
      const res = await del(id, cookies[email]);
      expect(res.statusCode, email).toBe(200);
      expect(res.json()).toEqual({ success: true, message: "The test has been deleted.", messageKey: "assignment.messages.deleted" });
      expect((await row(id)).deletedAt).not.toBeNull();
      const [c] = await t.ctx.db.select().from(accessCodes).where(eq(accessCodes.code, code));
      expect(c.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
      const entries = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "assignment.delete_test"), eq(auditLog.targetId, String(id))));
      expect(entries).toHaveLength(1);
      // Gone from the candidate's history; a second delete finds nothing.
      const history = await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${bostonCandidate}`, cookie: cookies[email] });
      expect(history.json().some((r: { assigned_test_id: number }) => r.assigned_test_id === id)).toBe(false);
      expect((await del(id, cookies[email])).statusCode).toBe(404);
    }
  });

  it("refuses a started test (422) and leaves it", async () => {
    const id = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["en-reading"], attempt: { state: "in_progress", startedAt: new Date() } });
    const res = await del(id, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("Only a test that has not been started can be deleted.");
    expect((await row(id)).deletedAt).toBeNull();
  });

  it("refuses a scheduled or cancelled test: those are cancelled, not deleted", async () => {
    const scheduled = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"], scheduledAt: new Date(Date.now() + 72 * HOUR) });
    const cancelled = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"], state: "cancelled", cancellation: "candidate_early" });
    for (const id of [scheduled, cancelled]) {
      expect((await del(id, cookies["admin@northwind.example"])).statusCode).toBe(422);
      expect((await row(id)).deletedAt).toBeNull();
    }
  });

  it("another office's or another account's test answers 404 and stays", async () => {
    const id = await makeAssignedTest(t.ctx.db, { candidateId: chicagoCandidate, accountTestId: at["en-reading"] });
    for (const email of ["office.user@northwind.example", "office.admin@northwind.example", "admin@contoso.example"]) {
      const res = await del(id, cookies[email]);
      expect(res.statusCode, email).toBe(404);
      expect(res.json().message).toBe("That test was not found.");
    }
    expect((await row(id)).deletedAt).toBeNull();
  });

  it("401 signed out, 403 for a candidate", async () => {
    const id = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["en-reading"] });
    expect((await del(id)).statusCode).toBe(401);
    expect((await del(id, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await row(id)).deletedAt).toBeNull();
  });
});

describe("delete_live_test", () => {
  it("cancels before the cut-off as an early client cancellation with fees waived", async () => {
    const scheduledAt = new Date(Date.now() + 72 * HOUR);
    const id = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"], scheduledAt });
    const history = await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${bostonCandidate}`, cookie: cookies["office.user@northwind.example"] });
    expect(history.json().find((r: { assigned_test_id: number }) => r.assigned_test_id === id)).toMatchObject({ cancelable: true, late_cancelable: false, is_scheduled: true, deletable: false });
    const res = await cancel(id, cookies["office.user@northwind.example"]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("The test has been cancelled. It was cancelled before 5 pm Eastern the day before, so its fees are waived.");
    expect(await row(id)).toMatchObject({ state: "cancelled", cancellation: "client_early", feesWaived: true, deletedAt: null });
    const entries = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "assignment.delete_live_test"), eq(auditLog.targetId, String(id))));
    expect(entries).toHaveLength(1);
    const after = await t.request({ method: "GET", url: `/api/test_history/get_history?candidate_profile_id=${bostonCandidate}`, cookie: cookies["office.user@northwind.example"] });
    const record = after.json().find((r: { assigned_test_id: number }) => r.assigned_test_id === id);
    expect(record.view).toMatchObject({ status: "cancelled_client_early", score: { kind: "text", text: "client_early_cancellation" } });
    // Once cancelled, it cannot be cancelled again.
    expect((await cancel(id, cookies["admin@northwind.example"])).statusCode).toBe(422);
  });

  it("cancels after the cut-off as a late client cancellation; the fees stand", async () => {
    const scheduledAt = new Date(Date.now() + 1 * HOUR);
    expect(cancellationCutoff(scheduledAt).getTime()).toBeLessThan(Date.now());
    const id = await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["cmn-ls-video"], scheduledAt });
    const res = await cancel(id, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.json().messageKey).toBe("assignment.messages.cancelledLate");
    expect(await row(id)).toMatchObject({ state: "cancelled", cancellation: "client_late", feesWaived: false });
  });

  it("the cut-off is 5 pm Eastern the day before, across daylight saving", () => {
    expect(cancellationCutoff(new Date("2026-07-15T14:00:00Z")).toISOString()).toBe("2026-07-14T21:00:00.000Z");
    expect(cancellationCutoff(new Date("2026-01-15T14:00:00Z")).toISOString()).toBe("2026-01-14T22:00:00.000Z");
    // 1 am Eastern on the 16th is still the 16th in New York.
    expect(cancellationCutoff(new Date("2026-01-16T06:00:00Z")).toISOString()).toBe("2026-01-15T22:00:00.000Z");
  });

  it("refuses what is not a future scheduled live or video test (422)", async () => {
    const cases = [
      await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"] }),
      await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["es-ls-live"], scheduledAt: new Date(Date.now() - HOUR) }),
      await makeAssignedTest(t.ctx.db, { candidateId: bostonCandidate, accountTestId: at["en-reading"], scheduledAt: new Date(Date.now() + 72 * HOUR) }),
      await makeAssignedTest(t.ctx.db, {
        candidateId: bostonCandidate,
        accountTestId: at["es-ls-live"],
        scheduledAt: new Date(Date.now() + 72 * HOUR),
        attempt: { state: "in_progress", startedAt: new Date() },
      }),
    ];
    for (const id of cases) {
      const res = await cancel(id, cookies["admin@northwind.example"]);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe("Only a scheduled live or video test that has not yet taken place can be cancelled.");
      expect((await row(id)).cancellation).toBeNull();
    }
  });

  it("another office's or account's test answers 404; 401 signed out; 403 for a candidate", async () => {
    const id = await makeAssignedTest(t.ctx.db, { candidateId: chicagoCandidate, accountTestId: at["es-ls-live"], scheduledAt: new Date(Date.now() + 72 * HOUR) });
    expect((await cancel(id, cookies["office.admin@northwind.example"])).statusCode).toBe(404);
    expect((await cancel(id, cookies["admin@contoso.example"])).statusCode).toBe(404);
    expect((await cancel(id)).statusCode).toBe(401);
    expect((await cancel(id, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await row(id)).cancellation).toBeNull();
  });
});
