import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNull, sql } from "drizzle-orm";
import {
  CANCELLATION_RESULTS,
  CANDIDATE_LANGUAGES,
  COULD_NOT_SCORE_REASONS,
  DISPLAY_STATUSES,
  NOT_COMPLETED_REASONS,
  NOT_COMPLETED_TEXTS,
  SCORE_TEXTS,
  testStatusOf,
  type TestStatusView,
} from "@parlance/contract";
import { createTestApp, type TestApp } from "../test/harness.js";
import {
  accessCodes,
  assignedTests,
  candidates,
  candidateTests,
  candidateTrackTests,
  candidateTracks,
  healthcareSpecialties,
  offices,
  resultRecipients,
  testGroups,
  users,
} from "../db/schema.js";
import { ALTA_LEVELS } from "./history/outcomes.js";
import { planDemoHistory } from "./history/plan.js";
import { DEMO_ACCESS_CODE } from "./world.js";

/** The demo history: every case the history screens can show, on realistic candidates. */
let t: TestApp;
let now: Date;
type Row = Awaited<ReturnType<typeof loadTests>>[number];
let rows: (Row & { view: TestStatusView })[];

const DAY = 86_400_000;

async function loadTests() {
  return t.ctx.db
    .select({ a: assignedTests, c: candidateTests })
    .from(assignedTests)
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(isNull(assignedTests.deletedAt));
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  now = new Date();
  rows = (await loadTests()).map((r) => ({
    ...r,
    view: testStatusOf(
      {
        assignedState: r.a.state,
        complimentary: r.a.complimentary,
        feesWaived: r.a.feesWaived,
        scheduledAt: r.a.scheduledAt,
        expiresAt: r.a.expiresAt,
        cancellation: r.a.cancellation,
        cancellationResult: r.a.cancellationResult,
        attemptState: r.c?.state ?? null,
        receivedAt: r.c?.receivedAt ?? null,
        resultState: r.c?.resultState ?? null,
        resultValue: r.c?.resultValue ?? null,
        resultReason: r.c?.resultReason ?? null,
      },
      now,
    ),
  }));
});
afterAll(() => t?.close());

describe("every case of the history screens occurs", () => {
  it("every display status", () => {
    const seen = new Set(rows.map((r) => r.view.status));
    expect([...DISPLAY_STATUSES].filter((s) => !seen.has(s))).toEqual([]);
  });

  it("every score text, both Not Completed texts and scored ALTA levels", () => {
    const texts = new Set(rows.flatMap((r) => (r.view.score?.kind === "text" ? [r.view.score.text] : [])));
    expect([...SCORE_TEXTS].filter((s) => !texts.has(s))).toEqual([]);
    const notCompleted = new Set(rows.map((r) => r.view.notCompleted));
    expect(Object.keys(NOT_COMPLETED_TEXTS).filter((k) => !notCompleted.has(k as keyof typeof NOT_COMPLETED_TEXTS))).toEqual([]);
    const results = rows.flatMap((r) => (r.view.score?.kind === "result" ? [r.view.score.value] : []));
    expect(results.length).toBeGreaterThan(60);
    expect(results.filter((v) => !(ALTA_LEVELS as readonly string[]).includes(v))).toEqual([]);
    // A realistic spread: most results in the middle of the scale, both ends present.
    expect(new Set(results).size).toBeGreaterThanOrEqual(10);
    const middle = results.filter((v) => ["6", "7", "8", "9"].includes(v)).length;
    expect(middle / results.length).toBeGreaterThan(0.35);
  });

  it("every not-completed and could-not-score reason, with its status", () => {
    const reasons = (status: string) => new Set(rows.filter((r) => r.view.status === status).map((r) => r.view.reason));
    const notCompleted = reasons("not_completed");
    expect(NOT_COMPLETED_REASONS.filter((r) => !notCompleted.has(r))).toEqual([]);
    const couldNotScore = reasons("could_not_score");
    expect(COULD_NOT_SCORE_REASONS.filter((r) => !couldNotScore.has(r))).toEqual([]);
  });

  it("every cancellation result", () => {
    const results = new Set(rows.map((r) => r.a.cancellationResult));
    expect(CANCELLATION_RESULTS.filter((r) => !results.has(r))).toEqual([]);
  });

  it("also expired, deleted and proctored tests, and tests given by every method", async () => {
    expect(rows.filter((r) => r.view.expired).length).toBeGreaterThan(3);
    const [{ deleted }] = await t.ctx.db.select({ deleted: sql<number>`count(*)::int` }).from(assignedTests).where(sql`${assignedTests.deletedAt} is not null`);
    expect(deleted).toBeGreaterThan(0);
    expect(rows.some((r) => r.a.useProctorService && r.c?.proctorState === "completed")).toBe(true);
    expect(rows.some((r) => r.a.useMedicalTestRecommendations)).toBe(true);
    expect(rows.some((r) => r.a.administerNow)).toBe(true);
  });
});

describe("candidates", () => {
  it("at least 60 over Northwind's three offices, and 9 at Contoso Legal", async () => {
    const perOffice = await t.ctx.db
      .select({ office: offices.name, n: sql<number>`count(*)::int` })
      .from(candidates)
      .innerJoin(offices, eq(offices.id, candidates.officeId))
      .groupBy(offices.name)
      .orderBy(offices.name);
    expect(perOffice).toEqual([
      { office: "Boston", n: 27 },
      { office: "Chicago", n: 20 },
      { office: "Headquarters", n: 9 },
      { office: "Seattle", n: 18 },
    ]);
  });

  it("have the fields of the candidate form: languages 140/104/106, adjustments, roles, contact details", async () => {
    const all = await t.ctx.db.select().from(candidates);
    expect(new Set(all.map((c) => c.languageId))).toEqual(new Set(CANDIDATE_LANGUAGES.map((l) => l.id)));
    expect(all.filter((c) => c.adjustments).length).toBeGreaterThanOrEqual(3);
    expect(all.filter((c) => c.clientNotes !== "").length).toBeGreaterThanOrEqual(8);
    expect(all.filter((c) => c.email === "").length).toBeGreaterThan(0);
    expect(new Set(all.map((c) => c.employeeId)).size).toBeGreaterThan(60);
    for (const c of all) {
      expect(c.firstName.length).toBeLessThanOrEqual(125);
      if (c.email) expect(c.email).toMatch(/@([a-z]+\.)?example(\.(com|org|net))?$/);
    }
    // Health care roles only in the account with the medical option, with a specialty of that role.
    const medical = all.filter((c) => c.healthCareRoleId !== null);
    expect(medical.length).toBeGreaterThan(15);
    expect(medical.every((c) => c.accountId === t.ids.accounts.northwind)).toBe(true);
    const specialties = await t.ctx.db.select().from(healthcareSpecialties);
    for (const c of medical.filter((m) => m.healthCareSpecialtyId !== null)) {
      expect(specialties.find((s) => s.id === c.healthCareSpecialtyId)?.roleId).toBe(c.healthCareRoleId);
    }
    expect(medical.some((c) => c.healthCareSpecialtyId === null)).toBe(true);
    // Proctored tests with the proctoring service need the contact details.
    const proctored = new Set(rows.filter((r) => r.a.useProctorService).map((r) => r.a.candidateId));
    expect(proctored.size).toBeGreaterThan(0);
    for (const c of all.filter((x) => proctored.has(x.id))) {
      expect([c.phoneNumber, c.streetAddress, c.city, c.state, c.postalCode].every((f) => f !== "")).toBe(true);
    }
  });

  it("the demo candidate has a Boston profile and a Contoso Legal one, on one user", async () => {
    const userId = t.ids.users["candidate@northwind.example"];
    const profiles = await t.ctx.db.select().from(candidates).where(eq(candidates.userId, userId)).orderBy(candidates.id);
    expect(profiles.map((p) => [p.accountId, p.officeId])).toEqual([
      [t.ids.accounts.northwind, t.ids.offices.northwind[0]],
      [t.ids.accounts.contoso, t.ids.offices.contoso[0]],
    ]);
    expect(profiles.map((p) => p.id)).toEqual([t.ids.history.demoCandidate.northwind, t.ids.history.demoCandidate.contoso]);
    const statuses = (id: number) => rows.filter((r) => r.a.candidateId === id).map((r) => r.view.status).sort();
    // Takeable en-reading (the access code), en-listening and en-writing (also assigned by Contoso:
    // Choose Employer), a live test booked for tomorrow, and an older en-writing that was scored;
    // the translation test Boston left for her to pay; the proctored online test (its proctoring
    // reserved for tomorrow: scheduled) and the paper test of demo/proctoring.ts; and the test that
    // continues by phone of demo/phone-continued.ts.
    expect(statuses(profiles[0].id)).toEqual(["assigned", "assigned", "assigned", "assigned", "assigned", "received", "requires_payment", "scheduled", "scheduled"]);
    expect(statuses(profiles[1].id)).toEqual(["assigned"]);
    const demoTest = rows.find((r) => r.a.accessCode === DEMO_ACCESS_CODE);
    expect(demoTest?.a.candidateId).toBe(profiles[0].id);
    expect(demoTest?.view.status).toBe("assigned");
  });
});

describe("dates", () => {
  it("spread over the last 18 months; what happened is in the past, appointments of open tests ahead", async () => {
    const created = rows.map((r) => r.a.createdAt.getTime());
    expect(Math.min(...created)).toBeGreaterThan(now.getTime() - 550 * DAY);
    expect(Math.min(...created)).toBeLessThan(now.getTime() - 450 * DAY);
    expect(Math.max(...created)).toBeLessThan(now.getTime());
    for (const r of rows) {
      for (const d of [r.c?.startedAt, r.c?.receivedAt, r.c?.scoredAt, r.a.cancelledAt]) if (d) expect(d.getTime()).toBeLessThan(now.getTime());
      if (r.c?.startedAt) expect(r.c.startedAt.getTime()).toBeGreaterThan(r.a.createdAt.getTime());
      if (r.c?.receivedAt && r.c.startedAt) expect(r.c.receivedAt.getTime()).toBeGreaterThan(r.c.startedAt.getTime());
      if (r.c?.scoredAt && r.c.receivedAt) expect(r.c.scoredAt.getTime()).toBeGreaterThan(r.c.receivedAt.getTime());
      if (r.a.scheduledAt && r.a.scheduledAt > now) expect(r.view.status).toBe("scheduled");
    }
    const candidatesCreated = await t.ctx.db.select({ id: candidates.id, createdAt: candidates.createdAt }).from(candidates);
    const createdOf = new Map(candidatesCreated.map((c) => [c.id, c.createdAt.getTime()]));
    for (const r of rows) expect(createdOf.get(r.a.candidateId)!).toBeLessThanOrEqual(r.a.createdAt.getTime());
  });

  it("the plan is deterministic for a given moment", () => {
    expect(planDemoHistory(t.ids, now)).toEqual(planDemoHistory(t.ids, now));
  });

  it("whatever the day it is seeded, every status shows and nothing happened in the future", () => {
    for (let k = 0; k < 60; k++) {
      // Every weekday and hour over about three months.
      const at = new Date(Date.UTC(2026, 0, 1) + k * 37 * 3_600_000 + k * 611_000);
      const plan = planDemoHistory(t.ids, at);
      const seen = new Set<string>();
      const problems: string[] = [];
      for (const p of plan.tests.filter((x) => !x.values.deletedAt)) {
        const a = p.values;
        const c = p.attempt;
        const view = testStatusOf(
          {
            assignedState: a.state,
            complimentary: a.complimentary ?? false,
            feesWaived: a.feesWaived ?? false,
            scheduledAt: a.scheduledAt ?? null,
            expiresAt: a.expiresAt,
            cancellation: a.cancellation ?? null,
            cancellationResult: a.cancellationResult ?? null,
            attemptState: c?.state ?? null,
            receivedAt: c?.receivedAt ?? null,
            resultState: c?.resultState ?? null,
            resultValue: c?.resultValue ?? null,
            resultReason: c?.resultReason ?? null,
          },
          at,
        );
        seen.add(view.status);
        const events = [a.createdAt, c?.startedAt, c?.receivedAt, c?.scoredAt, a.cancelledAt].filter((d): d is Date => d instanceof Date);
        if (events.some((d) => d >= at)) problems.push(`${p.testKey}: an event after now`);
        if (a.scheduledAt && a.scheduledAt > at && view.status !== "scheduled") problems.push(`${p.testKey}: appointment ahead on ${view.status}`);
        const profile = plan.candidates[p.candidate].values;
        if (profile.createdAt! > a.createdAt! || profile.updatedAt! < profile.createdAt!) problems.push(`${plan.candidates[p.candidate].key}: profile dates`);
      }
      expect(problems, at.toISOString()).toEqual([]);
      expect([...DISPLAY_STATUSES].filter((s) => !seen.has(s)), at.toISOString()).toEqual([]);
    }
  });
});

describe("access codes", () => {
  it("exist only for candidates with a sign-in, one per assigned test, and sign the candidate in", async () => {
    const codes = await t.ctx.db.select().from(accessCodes);
    const owners = new Map(codes.map((c) => [c.code, c.userId]));
    const profiles = await t.ctx.db.select({ id: candidates.id, userId: candidates.userId }).from(candidates);
    const userOf = new Map(profiles.map((p) => [p.id, p.userId]));
    expect(profiles.filter((p) => p.userId === null).length).toBeGreaterThan(0);
    for (const r of rows) {
      const userId = userOf.get(r.a.candidateId);
      if (userId === null) expect(owners.has(r.a.accessCode)).toBe(false);
      else expect(owners.get(r.a.accessCode)).toBe(userId);
    }
    expect(new Set(rows.map((r) => r.a.accessCode)).size).toBe(rows.length);

    const open = rows.find((r) => r.view.status === "assigned" && r.a.accessCode !== DEMO_ACCESS_CODE && userOf.get(r.a.candidateId) !== null)!;
    const res = await t.request({ method: "POST", url: "/login", body: { access_code: open.a.accessCode } });
    expect(res.statusCode).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, userOf.get(open.a.candidateId)!));
    expect(user.roles).toContain(10);
  });
});

describe("batteries, test groups and result recipients", () => {
  it("batteries are built from test groups; some are completed", async () => {
    const tracks = await t.ctx.db.select().from(candidateTracks);
    expect(tracks.length).toBeGreaterThanOrEqual(6);
    expect(tracks.some((x) => x.isCompleted) && tracks.some((x) => !x.isCompleted)).toBe(true);
    const trackTests = await t.ctx.db.select().from(candidateTrackTests);
    for (const track of tracks) {
      const mine = trackTests.filter((tt) => tt.trackId === track.id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      const assigned = rows.filter((r) => mine.some((tt) => tt.id === r.a.candidateTrackTestId));
      expect(assigned.length).toBe(mine.length);
      expect(assigned.every((r) => r.a.candidateId === track.candidateId)).toBe(true);
      if (track.isCompleted) expect(track.completedAt).not.toBeNull();
    }
  });

  it("test groups at account and office level, one global; recipients at both levels", async () => {
    const groups = await t.ctx.db.select().from(testGroups);
    expect(groups.some((g) => g.officeId === null && !g.isGlobal)).toBe(true);
    expect(groups.some((g) => g.officeId !== null)).toBe(true);
    expect(groups.filter((g) => g.isGlobal)).toHaveLength(1);
    const recipients = await t.ctx.db.select().from(resultRecipients);
    expect(recipients.some((r) => r.officeId === null)).toBe(true);
    expect(recipients.some((r) => r.officeId !== null)).toBe(true);
    expect(new Set([...groups, ...recipients].map((x) => x.accountId))).toEqual(new Set([t.ids.accounts.northwind, t.ids.accounts.contoso]));
  });
});
