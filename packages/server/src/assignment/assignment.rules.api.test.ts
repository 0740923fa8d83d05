import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq, inArray } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import {
  accessCodes,
  accounts,
  assignedTests,
  candidates,
  candidateTrackTests,
  candidateTracks,
  mailOutbox,
  offices,
  testGroups,
  testGroupTests,
  users,
} from "../db/schema.js";
import { makeCandidate } from "../history/test-fixtures.js";

/** The option rules of both specs, closed offices, prepay accounts, and what an assignment creates. */
let t: TestApp;
let admin: string;
let contosoAdmin: string;
let northwind: number;
let boston: number;
let candidate: number;
let contosoCandidate: number;
const at: Record<string, number> = {};
const contosoAt: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  northwind = t.ids.accounts.northwind;
  [boston] = t.ids.offices.northwind;
  Object.assign(at, t.ids.catalogue.accountTests[northwind]);
  Object.assign(contosoAt, t.ids.catalogue.accountTests[t.ids.accounts.contoso]);
  candidate = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: boston, firstName: "Rosa", lastName: "Rules", email: "rosa.rules@example.test" });
  contosoCandidate = await makeCandidate(t.ctx.db, { accountId: t.ids.accounts.contoso, officeId: t.ids.offices.contoso[0], firstName: "Cal", lastName: "Contoso", email: "cal@example.test" });
  admin = await t.signIn("admin@northwind.example");
  contosoAdmin = await t.signIn("admin@contoso.example");
});
afterAll(() => t?.close());

const create = (candidateId: number, body: object, cookie = admin) =>
  t.request({ method: "POST", url: `/api/test_assignment/create_tests/${candidateId}`, cookie, body });
const testsOf = async (candidateId: number) => (await t.ctx.db.select({ n: count() }).from(assignedTests).where(eq(assignedTests.candidateId, candidateId)))[0].n;
const mailCount = async () => (await t.ctx.db.select({ n: count() }).from(mailOutbox))[0].n;

async function expectRefused(candidateId: number, body: object, message: string, cookie = admin, status = 422) {
  const before = await testsOf(candidateId);
  const mails = await mailCount();
  const res = await create(candidateId, body, cookie);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await testsOf(candidateId)).toBe(before);
  expect(await mailCount()).toBe(mails);
}

describe("what an assignment creates", () => {
  it("two tests: each its own unique access code, expiry in 30 days, the account test's fee, a candidate user, one mail job", async () => {
    const mailsBefore = await mailCount();
    const jobsBefore = await t.ctx.database.sql.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'mail.deliver'");
    const res = await create(candidate, { test_objects: [`test:${at["en-reading"]}`, `test:${at["es-en-translation"]}`] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: "The test has been assigned.", messageKey: "assignment.messages.assigned", notified: true });
    expect(body.assigned).toHaveLength(2);
    const codes = body.assigned.map((a: { accessCode: string }) => a.accessCode);
    expect(new Set(codes).size).toBe(2);

    const rows = await t.ctx.db.select().from(assignedTests).where(inArray(assignedTests.id, body.assigned.map((a: { id: number }) => a.id)));
    expect(rows.map((r) => r.state)).toEqual(["takeable", "takeable"]);
    expect(rows.map((r) => r.feeCents).sort()).toEqual([2300, 2900]);
    for (const r of rows) {
      expect(r.officeId).toBe(boston);
      expect(r.notifyCandidate).toBe(true);
      const days = (r.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    }
    // The candidate's user exists now, and each code signs them in until the test expires.
    const [c] = await t.ctx.db.select().from(candidates).where(eq(candidates.id, candidate));
    expect(c.userId).not.toBeNull();
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, c.userId!));
    expect(user.email).toBe("rosa.rules@example.test");
    const codeRows = await t.ctx.db.select().from(accessCodes).where(inArray(accessCodes.code, codes));
    expect(codeRows).toHaveLength(2);
    for (const row of codeRows) expect(row.userId).toBe(c.userId);

    // One mail with both codes and the sign-in link, queued as a delivery job.
    expect(await mailCount()).toBe(mailsBefore + 1);
    const [mail] = await t.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id).limit(1).offset(mailsBefore);
    expect(mail.toAddress).toBe("rosa.rules@example.test");
    expect(mail.template).toBe("assignment.notify");
    expect(mail.subject).toBe("Your tests from Northwind Health");
    for (const code of codes) expect(mail.textBody).toContain(code);
    expect(mail.textBody).toContain("http://localhost:3000/login?use_code=1");
    expect(mail.textBody).toContain("English Reading Proficiency (Online)");
    const jobsAfter = await t.ctx.database.sql.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'mail.deliver'");
    expect(jobsAfter.rows[0].n).toBe(jobsBefore.rows[0].n + 1);

    // A code signs the candidate in.
    const login = await t.request({ method: "POST", url: "/login", body: { access_code: codes[0] } });
    expect(login.statusCode).toBe(200);
  });

  it("access codes are unique across many assignments", async () => {
    const values = ["en-reading", "en-writing", "en-listening", "ar-reading", "zh-writing"].map((k) => `test:${at[k]}`);
    const res = await create(candidate, { test_objects: values, notify_candidate: false });
    expect(res.statusCode).toBe(200);
    const all = await t.ctx.db.select({ code: assignedTests.accessCode }).from(assignedTests);
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
  });

  it("without notify no mail is queued", async () => {
    const before = await mailCount();
    const res = await create(candidate, { test_objects: [`test:${at["en-writing"]}`], notify_candidate: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().notified).toBe(false);
    expect(await mailCount()).toBe(before);
  });

  it("the mail is in the candidate's language", async () => {
    const zh = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: boston, firstName: "Li", lastName: "Wei", email: "li.wei@example.test", languageId: 104 });
    const before = await mailCount();
    expect((await create(zh, { test_objects: [`test:${at["zh-writing"]}`] })).statusCode).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id).limit(1).offset(before);
    expect(mail.subject).toBe("Northwind Health 为您分配的测试");
  });

  it("a test group becomes a battery: a candidate track with one track test and one assigned test per test", async () => {
    const [g] = await t.ctx.db.insert(testGroups).values({ accountId: northwind, officeId: boston, description: "Bilingual screening" }).returning({ id: testGroups.id });
    await t.ctx.db.insert(testGroupTests).values([
      { groupId: g.id, accountTestId: at["en-listening"], position: 0 },
      { groupId: g.id, accountTestId: at["es-ls-ivr"], position: 1 },
    ]);
    const res = await create(candidate, { test_objects: [`group:${g.id}`, `test:${at["en-reading"]}`], notify_candidate: false });
    expect(res.statusCode, res.body).toBe(200);
    const assigned = res.json().assigned as { id: number; candidateTrackId: number | null; description: string }[];
    expect(assigned).toHaveLength(3);
    const trackId = assigned[0].candidateTrackId!;
    expect(assigned.map((a) => a.candidateTrackId)).toEqual([trackId, trackId, null]);
    const [track] = await t.ctx.db.select().from(candidateTracks).where(eq(candidateTracks.id, trackId));
    expect(track).toMatchObject({ candidateId: candidate, testGroupId: g.id, description: "Bilingual screening", isCompleted: false });
    const trackTests = await t.ctx.db.select().from(candidateTrackTests).where(eq(candidateTrackTests.trackId, trackId));
    expect(trackTests.map((tt) => tt.accountTestId)).toEqual([at["en-listening"], at["es-ls-ivr"]]);
    const rows = await t.ctx.db.select().from(assignedTests).where(inArray(assignedTests.id, [assigned[0].id, assigned[1].id]));
    expect(rows.map((r) => r.candidateTrackTestId).sort()).toEqual(trackTests.map((tt) => tt.id).sort());
  });
});

describe("option rules", () => {
  it("self-scheduling needs notify", async () => {
    await expectRefused(
      candidate,
      { test_objects: [`test:${at["es-ls-live"]}`], allow_candidate_to_schedule: true, notify_candidate: false },
      "Candidate self-scheduling needs the candidate to be notified.",
    );
  });

  it("self-scheduling: needs_scheduling state, the spec's message, the mail", async () => {
    const before = await mailCount();
    const res = await create(candidate, { test_objects: [`test:${at["es-ls-live"]}`, `test:${at["cmn-ls-video"]}`], allow_candidate_to_schedule: true, notify_candidate: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "The candidate will receive instructions on scheduling their test.", messageKey: "assignment.messages.selfScheduling" });
    expect(res.json().assigned.map((a: { state: string }) => a.state)).toEqual(["needs_scheduling", "needs_scheduling"]);
    expect(await mailCount()).toBe(before + 1);
    const [mail] = await t.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id).limit(1).offset(before);
    expect(mail.textBody).toContain("schedule your test");
  });

  it("self-scheduling only for SELF_SCHEDULABLE tests", async () => {
    await expectRefused(
      candidate,
      { test_objects: [`test:${at["es-reading-paper"]}`], allow_candidate_to_schedule: true },
      "Candidate self-scheduling is not available for this account or for the selected tests.",
    );
  });

  it("self-scheduling only when the account allows candidate scheduling", async () => {
    await expectRefused(
      contosoCandidate,
      { test_objects: [`test:${contosoAt["es-ls-live"]}`], allow_candidate_to_schedule: true },
      "Candidate self-scheduling is not available for this account or for the selected tests.",
      contosoAdmin,
    );
  });

  it("administer now is refused for live and video tests, allowed for others", async () => {
    for (const key of ["es-ls-live", "cmn-ls-video"]) {
      await expectRefused(candidate, { test_objects: [`test:${at[key]}`], administer_now: true, notify_candidate: false }, "Live and video tests cannot be administered now.");
    }
    const res = await create(candidate, { test_objects: [`test:${at["es-ls-ivr"]}`], administer_now: true, notify_candidate: false });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, res.json().assigned[0].id));
    expect(row.administerNow).toBe(true);
  });

  it("administer now cannot go with self-scheduling", async () => {
    await expectRefused(
      candidate,
      { test_objects: [`test:${at["es-ls-ivr"]}`], administer_now: true, allow_candidate_to_schedule: true },
      "A test administered now cannot also be scheduled by the candidate.",
    );
  });

  it("proctor service only for accounts that use it and tests it supports", async () => {
    await expectRefused(
      candidate,
      { test_objects: [`test:${at["en-reading-proctored"]}`, `test:${at["es-ls-live"]}`], use_proctor_service: true, notify_candidate: false },
      "The proctoring service is not available for this account or for the selected tests.",
    );
    await expectRefused(
      contosoCandidate,
      { test_objects: [`test:${contosoAt["en-reading-proctored"]}`], use_proctor_service: true, notify_candidate: false },
      "The proctoring service is not available for this account or for the selected tests.",
      contosoAdmin,
    );
    const res = await create(candidate, { test_objects: [`test:${at["en-reading-proctored"]}`], use_proctor_service: true, notify_candidate: false });
    expect(res.statusCode).toBe(200);
  });

  it("live proctor only with the account flag", async () => {
    await expectRefused(
      contosoCandidate,
      { test_objects: [`test:${contosoAt["en-reading"]}`], requires_live_proctor: true, notify_candidate: false },
      "A live proctor is not available for this account.",
      contosoAdmin,
    );
    const res = await create(candidate, { test_objects: [`test:${at["en-reading"]}`], requires_live_proctor: true, notify_candidate: false });
    expect(res.statusCode).toBe(200);
  });

  it("recommended medical tests only with the medical option, and only tests of the sets", async () => {
    await expectRefused(
      contosoCandidate,
      { test_objects: [`test:${contosoAt["en-reading"]}`], use_medical_test_recommendations: true, notify_candidate: false },
      "Recommended medical tests are not available for this account.",
      contosoAdmin,
    );
    await expectRefused(
      candidate,
      { test_objects: [`test:${at["en-reading"]}`], use_medical_test_recommendations: true, notify_candidate: false },
      "With recommended medical tests, each selected test must come from a recommended test set.",
    );
    const res = await create(candidate, {
      test_objects: [`test:${at["med-es-ls-live"]}`, `test:${at["med-es-reading"]}`],
      use_medical_test_recommendations: true,
      notify_candidate: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, res.json().assigned[0].id));
    expect(row.useMedicalTestRecommendations).toBe(true);
  });

  it("notify needs an email address", async () => {
    const noEmail = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: boston, email: "" });
    await expectRefused(noEmail, { test_objects: [`test:${at["en-reading"]}`] }, "The candidate has no email address, so they cannot be notified.");
    // Without notify such a candidate gets a user with a placeholder address and the code.
    const res = await create(noEmail, { test_objects: [`test:${at["en-reading"]}`], notify_candidate: false });
    expect(res.statusCode).toBe(200);
  });
});

describe("closed offices and prepay accounts", () => {
  it("a candidate of a closed office cannot be assigned tests (422), nor can tests go to a closed office", async () => {
    const [closed] = await t.ctx.db.insert(offices).values({ accountId: northwind, name: "Closed Branch", isClosed: true }).returning({ id: offices.id });
    const inClosed = await makeCandidate(t.ctx.db, { accountId: northwind, officeId: closed.id });
    await expectRefused(inClosed, { test_objects: [`test:${at["en-reading"]}`], notify_candidate: false }, "Tests cannot be assigned to candidates of a closed office.");
    await expectRefused(candidate, { test_objects: [`test:${at["en-reading"]}`], office_id: closed.id, notify_candidate: false }, "The chosen office is closed: tests cannot be assigned to it.");
    const options = await t.request({ method: "GET", url: `/api/test_assignment/options/${inClosed}`, cookie: admin });
    expect(options.json()).toMatchObject({ officeClosed: true });
    expect(options.json().offices.map((o: { name: string }) => o.name)).not.toContain("Closed Branch");
  });

  it("a prepay account cannot assign tests (422)", async () => {
    const contoso = t.ids.accounts.contoso;
    await t.ctx.db.update(accounts).set({ prepay: true }).where(eq(accounts.id, contoso));
    try {
      await expectRefused(
        contosoCandidate,
        { test_objects: [`test:${contosoAt["en-reading"]}`], notify_candidate: false },
        "Prepay accounts cannot assign tests here. Please contact us to purchase tests.",
        contosoAdmin,
      );
      const options = await t.request({ method: "GET", url: `/api/test_assignment/options/${contosoCandidate}`, cookie: contosoAdmin });
      expect(options.json().account.prepay).toBe(true);
    } finally {
      await t.ctx.db.update(accounts).set({ prepay: false }).where(eq(accounts.id, contoso));
    }
    expect((await create(contosoCandidate, { test_objects: [`test:${contosoAt["en-reading"]}`], notify_candidate: false }, contosoAdmin)).statusCode).toBe(200);
  });
});
