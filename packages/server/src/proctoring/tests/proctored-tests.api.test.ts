import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { Role, type ProctoredTestPage, type ProctoredTestsOutput } from "@parlance/contract";
import { auditLog, candidateTests, proctoringReservations, proctoringReservationTests, users } from "../../db/schema.js";
import { hashPassword } from "../../auth/passwords.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, PASSWORD, takingApi } from "../../taking/test-fixtures.js";
import { chainOf, sealFile, type Setup } from "../../attempts/independent-sealer.js";

/**
 * A proctor's proctored online tests (issue 27 point 3): the list and the test's page show a
 * proctor the tests of their own live reservations only; the proctor uploads the candidate's
 * sealed answers file there, and a proctor of another reservation is refused.
 */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
const LIST = "/api/proctorservice/proctored_tests";
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  api = takingApi(t);
});
afterAll(() => t?.close());

let proctors = 0;
/** A proctor of the proctor service (a Service Provider) of this file's own, signed in. */
async function newProctor() {
  const email = `proctor.${++proctors}.${Date.now()}@parlance.example`;
  const [u] = await t.ctx.db
    .insert(users)
    .values({ email, firstName: "Pat", lastName: `Proctor${proctors}`, roles: [Role.ServiceProvider, Role.User], passwordHash: await hashPassword(PASSWORD) })
    .returning({ id: users.id });
  return { userId: u.id, cookie: await t.signIn(email, PASSWORD) };
}

/** A reservation booked with `proctorUserId` for the candidate's tests (as confirm stores one). */
async function reserve(proctorUserId: number, candidateId: number, assignedTestIds: number[], at: Date) {
  const admin = t.ids.users["admin@northwind.example"];
  const [r] = await t.ctx.db
    .insert(proctoringReservations)
    .values({ accountId: t.ids.accounts.northwind, candidateId, proctorUserId, scheduledAt: at, timeZoneId: 23, durationMinutes: 60, costCents: 2300, bookedByUserId: admin, bookedAs: "staff" })
    .returning({ id: proctoringReservations.id });
  await t.ctx.db.insert(proctoringReservationTests).values(assignedTestIds.map((assignedTestId) => ({ reservationId: r.id, assignedTestId })));
  return r.id;
}

/** A candidate with the proctored reading test, its agreement signed, started: the journal setup. */
async function startedProctored() {
  const c = await candidateWithLogin(t);
  const id = await assign(t, c.candidateId, { test: "en-reading-proctored" });
  const agreed = await t.request({ method: "POST", url: "/api/test_content/submit_proctor_agreement", cookie: c.cookie, body: { group_key: `test-${id}`, assigned_test_id: id, proctor_name: "Dana Proctor", agree: true } });
  expect(agreed.statusCode, agreed.body).toBe(200);
  const res = await api.start(id, c.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { c, id, setup: res.json().journal as Setup };
}

const list = async (cookie: string, query = "") => t.request({ method: "GET", url: `${LIST}${query}`, cookie });
const page = async (id: number | string, cookie: string) => t.request({ method: "GET", url: `${LIST}/${id}`, cookie });

describe("the proctor's proctored tests", () => {
  it("lists only the online tests of the proctor's own live reservations, newest sitting first; another's answers 404", async () => {
    const mine = await newProctor();
    const theirs = await newProctor();
    const a = await candidateWithLogin(t);
    const b = await candidateWithLogin(t);
    const early = await assign(t, a.candidateId, { test: "en-reading-proctored" });
    const late = await assign(t, a.candidateId, { test: "en-reading-proctored" });
    const paper = await assign(t, a.candidateId, { test: "es-reading-paper" });
    const other = await assign(t, b.candidateId, { test: "en-reading-proctored" });
    const cancelled = await assign(t, b.candidateId, { test: "en-reading-proctored" });
    await reserve(mine.userId, a.candidateId, [early, paper], new Date(Date.now() + 24 * HOUR));
    await reserve(mine.userId, a.candidateId, [late], new Date(Date.now() + 48 * HOUR));
    await reserve(theirs.userId, b.candidateId, [other], new Date(Date.now() + 24 * HOUR));
    const gone = await reserve(mine.userId, b.candidateId, [cancelled], new Date(Date.now() + 72 * HOUR));
    await t.ctx.db.update(proctoringReservationTests).set({ releasedAt: new Date() }).where(eq(proctoringReservationTests.reservationId, gone));

    const res = await list(mine.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json() as ProctoredTestsOutput;
    expect(out.tests.map((x) => x.id)).toEqual([late, early]);
    expect(out).toMatchObject({ page: 1, itemCount: 2, pageCount: 1 });
    expect(out.tests[1]).toMatchObject({ description: "English Reading Proficiency (Proctored)", candidate_name: expect.stringMatching(/^Taker Number\d+$/), time_zone: "America/New_York", duration_minutes: 60, uploadable: false });
    expect(out.tests[1].status.status).toBe("assigned");
    expect(((await list(theirs.cookie)).json() as ProctoredTestsOutput).tests.map((x) => x.id)).toEqual([other]);

    const shown = await page(early, mine.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: early, account_name: "Northwind Health", answered: null, receipt: null, uploadable: false });
    for (const id of [other, cancelled, paper, 999_999]) {
      const refused = await page(id, mine.cookie);
      expect(refused.statusCode, `test ${id}`).toBe(404);
      expect(refused.json()).toMatchObject({ message: "That proctored test was not found. It may have been withdrawn from your reservations.", messageKey: "proctoredTests.messages.notFound" });
    }
  });

  it("pages 20 at a time; a page past the end is empty with the count", async () => {
    const mine = await newProctor();
    const c = await candidateWithLogin(t);
    const ids: number[] = [];
    for (let i = 0; i < 21; i++) ids.push(await assign(t, c.candidateId, { test: "en-reading-proctored" }));
    for (const [i, id] of ids.entries()) await reserve(mine.userId, c.candidateId, [id], new Date(Date.now() + (i + 1) * HOUR));
    const first = (await list(mine.cookie)).json() as ProctoredTestsOutput;
    expect(first).toMatchObject({ page: 1, itemCount: 21, pageCount: 2 });
    expect(first.tests).toHaveLength(20);
    expect(first.tests[0].id).toBe(ids[20]);
    const second = (await list(mine.cookie, "?page=2")).json() as ProctoredTestsOutput;
    expect(second.tests.map((x) => x.id)).toEqual([ids[0]]);
    expect((await list(mine.cookie, "?page=9")).json()).toMatchObject({ tests: [], page: 9, itemCount: 21, pageCount: 2 });
  });

  it("answers 400 for a bad page or id, 403 to whoever is not a proctor, 401 signed out", async () => {
    const mine = await newProctor();
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      const res = await list(mine.cookie, `?page=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe("The page must be a whole number from 1.");
    }
    for (const bad of ["abc", "0", "1.5"]) {
      const res = await page(bad, mine.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe("The test id must be a positive whole number.");
    }
    for (const email of ["admin@northwind.example", "evaluator@parlance.example", "admin@parlance.example"]) {
      expect((await list(await t.signIn(email))).statusCode, email).toBe(403);
    }
    expect((await t.request({ method: "GET", url: LIST })).statusCode).toBe(401);
  });
});

describe("the answers file uploaded by a proctor", () => {
  it("is accepted from the test's proctor, who then sees the answers and the receipt; a proctor of another reservation is refused", async () => {
    const mine = await newProctor();
    const theirs = await newProctor();
    const { c, id, setup } = await startedProctored();
    await reserve(mine.userId, c.candidateId, [id], new Date(Date.now() - HOUR));
    const elsewhere = await startedProctored();
    await reserve(theirs.userId, elsewhere.c.candidateId, [elsewhere.id], new Date(Date.now() - HOUR));
    expect(((await page(id, mine.cookie)).json() as ProctoredTestPage)).toMatchObject({ uploadable: true, answered: 0, receipt: null, status: { status: "in_progress" } });

    const { events, head } = await chainOf(setup.attempt_id, [
      { item: "q1", response: "b", seq: 1_000, t: Date.now() },
      { item: "q8", response: "Tools would distract from reading.", seq: 2_000, t: Date.now() + 1000 },
    ]);
    const file = await sealFile(setup, events, head, { submitted: true });
    const deliver = (cookie: string) => t.request({ method: "POST", url: `/api/test_content/deliver_file/${id}`, cookie, body: { file } });

    const refused = await deliver(theirs.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: "Only the candidate, the test's proctor or the account administrator can upload this test's answers file.",
      messageKey: "taking.delivery.messages.notAllowed",
    });
    const res = await deliver(mine.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ merged: 2, submitted: true, receipt: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    const [audited] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "taking.deliver_file"), eq(auditLog.targetId, String(attempt.id))));
    expect(audited.details).toMatchObject({ by: "proctor", merged: 2 });

    const after = (await page(id, mine.cookie)).json() as ProctoredTestPage;
    expect(after).toMatchObject({ answered: 2, receipt: res.json().receipt, status: { status: "received" } });
    // The other proctor's upload of their own test's file still needs their own file: this one is another attempt's.
    expect((await t.request({ method: "POST", url: `/api/test_content/deliver_file/${elsewhere.id}`, cookie: mine.cookie, body: { file } })).statusCode).toBe(403);
  });
});

describe("the demo world", () => {
  it("has the demo candidate's proctored online test reserved with proctor@parlance.example", async () => {
    const out = (await list(await t.signIn("proctor@parlance.example"))).json() as ProctoredTestsOutput;
    expect(out.tests.map((x) => x.description)).toContain("English Reading Proficiency (Proctored)");
  });
});
