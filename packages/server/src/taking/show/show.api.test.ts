import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { assignedTests, candidateTracks, candidateTrackTests, mailOutbox, proctorPasswords } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../test-fixtures.js";

/** GET /api/tests/show/{id}: every field for each method, proctored tests, and scope. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let slow: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;

const show = (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/tests/show/${id}`, cookie });
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  slow = await candidateWithLogin(t, { adjustments: true });
  other = await candidateWithLogin(t);
});
afterAll(() => t?.close());

describe("Tests Show", () => {
  it("an online test: every field", async () => {
    const expiresAt = new Date(Date.now() + 10 * DAY + 3600_000);
    const id = await assign(t, owner.candidateId, { test: "en-reading", expiresAt });
    const [row] = await t.ctx.db.select({ code: assignedTests.accessCode }).from(assignedTests).where(eq(assignedTests.id, id));
    const res = await show(id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      accessCode: row.code,
      allowWebIVR: false,
      assignedTestId: id,
      callCandidate: false,
      date: null,
      description: "English Reading Proficiency",
      expireLength: 10,
      ivrLanguageOverride: null,
      ivrLocalNumberTwilio: null,
      proctorSignatureNeeded: false,
      showAppleConsent: false,
      sightTranslation: false,
      testMethod: "online",
      timeLimit: 60 * 60_000,
      ivrTollFreeNumber: null,
      expiresAt: expiresAt.toISOString(),
      proctored: false,
      proctorPasswordNeeded: false,
      honorStatement: "short",
      phoneContinued: false,
      phoneCallActive: false,
      phonePartPending: false,
      groupKey: null,
      attemptState: "not_started",
      sectionCount: 2,
      language: "English",
      languageCode: "en",
    });
  });

  it("the time limit doubles with adjustments; the attempt state follows start and submit", async () => {
    const id = await assign(t, slow.candidateId, { test: "en-reading" });
    expect((await show(id, slow.cookie)).json().timeLimit).toBe(120 * 60_000);
    const api = takingApi(t);
    expect((await api.start(id, slow.cookie)).statusCode).toBe(200);
    expect((await show(id, slow.cookie)).json().attemptState).toBe("in_progress");
    expect((await api.submit(id, { candidate_test_items: [] }, slow.cookie)).statusCode).toBe(200);
    expect((await show(id, slow.cookie)).json().attemptState).toBe("received");
  });

  it("a paper test: proctored, long honor statement, its group, days until expiry", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-reading-paper", expiresAt: new Date(Date.now() + 5 * 3600_000) });
    expect((await show(id, owner.cookie)).json()).toMatchObject({
      testMethod: "paper",
      expireLength: 0,
      timeLimit: 60 * 60_000,
      proctored: true,
      honorStatement: "long",
      groupKey: `test-${id}`,
      proctorSignatureNeeded: true,
      // Without the proctor service there is no exam password.
      proctorPasswordNeeded: false,
      allowWebIVR: false,
      ivrLocalNumberTwilio: null,
      language: "Spanish",
      languageCode: "es",
      sectionCount: 2,
    });
  });

  it("a phone (ivr) test: both numbers to call (spec §9), web call and call candidate", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-ivr" });
    expect(t.ctx.config.voiceTollFreeNumber).not.toBe("");
    expect((await show(id, owner.cookie)).json()).toMatchObject({
      testMethod: "ivr",
      allowWebIVR: true,
      callCandidate: true,
      ivrLocalNumberTwilio: t.ctx.config.voiceLocalNumber,
      ivrTollFreeNumber: t.ctx.config.voiceTollFreeNumber,
      timeLimit: null,
      // The demo's Spanish phone test has its IVR content: one section of prompts.
      sectionCount: 1,
      proctored: false,
      honorStatement: "short",
    });
  });

  it("a live test: its appointment", async () => {
    const scheduledAt = new Date(Date.now() + 3 * DAY);
    const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt });
    expect((await show(id, owner.cookie)).json()).toMatchObject({ testMethod: "live", date: scheduledAt.toISOString(), allowWebIVR: false, callCandidate: false, timeLimit: null });
  });

  it("a proctored online test with the proctor service: password and agreement needed, the password mailed once", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading-proctored", useProctorService: true });
    const body = (await show(id, owner.cookie)).json();
    expect(body).toMatchObject({ proctored: true, honorStatement: "long", proctorPasswordNeeded: true, proctorSignatureNeeded: true, groupKey: `test-${id}` });
    await show(id, owner.cookie);
    const [pw] = await t.ctx.db.select().from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, id));
    expect(pw.passwordHash).toMatch(/^\$argon2id\$/);
    expect(pw.mailedTo).toBe(t.ctx.config.proctorServiceEmail);
    const mails = (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, "proctorExamPassword"))).filter((m) => m.textBody.includes(`assigned test ${id},`));
    expect(mails).toHaveLength(1);
    expect(mails[0].textBody).toMatch(/Exam password: [A-Z2-9]{4}-[A-Z2-9]{4}/);
  });

  it("an online test assigned with the proctor service is proctored even when the catalogue test is not", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-listening", useProctorService: true });
    expect((await show(id, owner.cookie)).json()).toMatchObject({ proctored: true, honorStatement: "long", proctorPasswordNeeded: true });
  });

  it("a battery's tests share one group key", async () => {
    const a = await assign(t, owner.candidateId, { test: "en-reading-proctored" });
    const b = await assign(t, owner.candidateId, { test: "es-reading-paper" });
    const [at] = await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.id, a));
    const [track] = await t.ctx.db.insert(candidateTracks).values({ accountId: at.accountId, candidateId: owner.candidateId, description: "Battery" }).returning();
    for (const id of [a, b]) {
      const [ctt] = await t.ctx.db.insert(candidateTrackTests).values({ trackId: track.id, accountTestId: at.accountTestId }).returning();
      await t.ctx.db.update(assignedTests).set({ candidateTrackTestId: ctt.id }).where(eq(assignedTests.id, id));
    }
    expect((await show(a, owner.cookie)).json().groupKey).toBe(`battery-${track.id}`);
    expect((await show(b, owner.cookie)).json().groupKey).toBe(`battery-${track.id}`);
  });

  it("another candidate's test and a missing one answer 404; signed out 401; a bad id 400", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await show(id, other.cookie)).statusCode).toBe(404);
    expect((await show(999_999, owner.cookie)).statusCode).toBe(404);
    expect((await show(id)).statusCode).toBe(401);
    const bad = await show("abc", owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The test id must be a positive whole number.");
    const admin = await t.signIn("admin@northwind.example");
    expect((await show(id, admin)).statusCode).toBe(403);
  });
});
