import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { TestListEntry, TestListView } from "@parlance/contract";
import { candidates, candidateTests } from "../../db/schema.js";
import { insertCandidate } from "../../candidates/test-fixtures.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin } from "../test-fixtures.js";

/** GET /api/tests/list and /api/tests/choose_account/:ids: every list, scope, and bad input. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
const ids: Record<string, number> = {};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(Date.now() + ms);

const list = async (cookie?: string) => t.request({ method: "GET", url: "/api/tests/list", cookie });
const choose = (idsText: string, cookie?: string) => t.request({ method: "GET", url: `/api/tests/choose_account/${idsText}`, cookie });
const entries = (view: TestListView) => [...view.takableTests, ...view.upcomingTests, ...view.schedulableTests, ...view.purchasableTests, ...view.missedTests];
const find = (rows: TestListEntry[], id: number) => rows.find((e) => e.assignedTestIds.includes(id));

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
  const a = (key: string, x: Parameters<typeof assign>[2]) => assign(t, owner.candidateId, x).then((id) => (ids[key] = id));
  await a("takeable", { test: "en-reading" });
  await a("inProgress", { test: "en-listening", attempt: { state: "in_progress" } });
  await a("received", { test: "zh-writing", attempt: { state: "received" } });
  await a("taken", { test: "ar-reading", state: "taken" });
  await a("cancelled", { test: "es-ls-ivr", state: "cancelled", scheduledAt: at(-3 * DAY) });
  await a("deleted", { test: "es-en-translation", deleted: true });
  await a("expiredRecently", { test: "es-ls-ivr", state: "expired", createdAt: at(-32 * DAY), expiresAt: at(-2 * DAY) });
  await a("expiredLongAgo", { test: "ar-ls-ivr", state: "expired", createdAt: at(-100 * DAY), expiresAt: at(-70 * DAY) });
  await a("lapsed", { test: "es-reading-paper", createdAt: at(-31 * DAY), expiresAt: at(-HOUR) });
  await a("liveTomorrow", { test: "es-ls-live", scheduledAt: at(DAY) });
  await a("liveSoon", { test: "vi-ls-live", scheduledAt: at(10 * 60_000) });
  await a("liveUnscheduled", { test: "med-es-ls-live" });
  await a("liveMissed", { test: "cmn-ls-video", scheduledAt: at(-2 * DAY) });
  await a("needsScheduling", { test: "med-cmn-ls-video", state: "needs_scheduling" });
  await a("needsPayment", { test: "fr-en-translation-paper", state: "needs_payment" });
  await a("needsPaymentScheduled", { test: "med-es-ls-ivr", state: "needs_payment", scheduledAt: at(3 * DAY) });
  await a("noShow", { test: "med-cmn-ls-ivr", scheduledAt: at(-DAY), attempt: { state: "in_progress" } });
  await t.ctx.db.update(candidateTests).set({ state: "no_show" }).where(eq(candidateTests.assignedTestId, ids.noShow));
  await assign(t, other.candidateId, { test: "en-reading" }).then((id) => (ids.othersTest = id));
});
afterAll(() => t?.close());

describe("the Take a Test list", () => {
  let view: TestListView;
  beforeAll(async () => {
    const res = await list(owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    view = res.json();
  });

  const listOf = (id: number) =>
    (["takableTests", "upcomingTests", "schedulableTests", "purchasableTests", "missedTests"] as const).find((k) => find(view[k], id));

  it("sorts every state into its list", () => {
    expect(listOf(ids.takeable)).toBe("takableTests");
    expect(listOf(ids.inProgress)).toBe("takableTests");
    expect(listOf(ids.liveTomorrow)).toBe("upcomingTests");
    expect(listOf(ids.liveSoon)).toBe("upcomingTests");
    expect(listOf(ids.liveUnscheduled)).toBe("schedulableTests");
    expect(listOf(ids.needsScheduling)).toBe("schedulableTests");
    expect(listOf(ids.needsPayment)).toBe("purchasableTests");
    expect(listOf(ids.needsPaymentScheduled)).toBe("purchasableTests");
    expect(listOf(ids.expiredRecently)).toBe("missedTests");
    expect(listOf(ids.lapsed)).toBe("missedTests");
    expect(listOf(ids.liveMissed)).toBe("missedTests");
    expect(listOf(ids.noShow)).toBe("missedTests");
    for (const gone of ["received", "taken", "cancelled", "deleted", "expiredLongAgo"]) expect(listOf(ids[gone]), gone).toBeUndefined();
  });

  it("gives each entry the spec's fields and the link of spec §2", () => {
    const takeable = find(view.takableTests, ids.takeable)!;
    expect(takeable).toMatchObject({
      assignedTestId: ids.takeable,
      candidateTestId: null,
      testAt: null,
      testDescription: "English Reading Proficiency",
      testMethod: "online",
      durationMinutes: 60,
      timeLimitMinutes: 60,
      accountName: "Northwind Health",
      officeName: "Boston",
      inProgress: false,
      href: `/testing/tests/${ids.takeable}`,
      assignedTestIds: [ids.takeable],
    });
    const resumed = find(view.takableTests, ids.inProgress)!;
    expect(resumed.inProgress).toBe(true);
    expect(resumed.candidateTestId).toEqual(expect.any(Number));
    expect(find(view.upcomingTests, ids.liveTomorrow)).toMatchObject({ href: `/testing/tests/s${ids.liveTomorrow}/live`, startsNow: false, testMethod: "live" });
    expect(find(view.upcomingTests, ids.liveSoon)).toMatchObject({ startsNow: true });
    expect(find(view.purchasableTests, ids.needsPayment)!.href).toBe(`/testing/payment/a${ids.needsPayment}/purchase`);
    expect(find(view.purchasableTests, ids.needsPaymentScheduled)!.href).toBe(`/testing/payment/s${ids.needsPaymentScheduled}/purchase`);
    expect(find(view.schedulableTests, ids.liveUnscheduled)!.href).toBeNull();
    expect(find(view.missedTests, ids.liveMissed)!.href).toBeNull();
    expect(view.upcomingTests.map((e) => e.assignedTestId)).toEqual([ids.liveSoon, ids.liveTomorrow]);
    expect(view.offices).toEqual([{ id: t.ids.offices.northwind[0], name: "Boston" }]);
  });

  it("never shows another candidate's tests", async () => {
    expect(entries(view).some((e) => e.assignedTestIds.includes(ids.othersTest))).toBe(false);
    const theirs: TestListView = (await list(other.cookie)).json();
    expect(entries(theirs).flatMap((e) => e.assignedTestIds)).toEqual([ids.othersTest]);
  });

  it("answers 401 signed out and 403 to a client administrator", async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list(await t.signIn("admin@northwind.example"))).statusCode).toBe(403);
  });
});

describe("several employers (Choose Employer)", () => {
  let both: { northwind: number; contoso: number };
  beforeAll(async () => {
    // A second profile of the same person, at another employer, assigned the same test.
    const contosoProfile = await insertCandidate(t, { firstName: "Taker", lastName: "Twice", account: "contoso", office: 0 });
    await t.ctx.db.update(candidates).set({ userId: owner.userId }).where(eq(candidates.id, contosoProfile));
    both = { northwind: await assign(t, owner.candidateId, { test: "en-writing" }), contoso: await assign(t, contosoProfile, { test: "en-writing" }) };
  });

  it("lists the test once, leading to Choose Employer with every id", async () => {
    const view: TestListView = (await list(owner.cookie)).json();
    const writing = view.takableTests.filter((e) => e.testDescription === "English Writing Proficiency");
    expect(writing).toHaveLength(1);
    expect(writing[0].assignedTestIds).toEqual([both.northwind, both.contoso]);
    expect(writing[0].accountNames).toEqual(["Northwind Health", "Contoso Legal"]);
    expect(writing[0].href).toBe(`/testing/tests/choose_account/${both.northwind},${both.contoso}`);
  });

  it("choose_account names each employer with its office, dates and link", async () => {
    const res = await choose(`${both.northwind},${both.contoso}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().employers).toEqual([
      expect.objectContaining({ assignedTestId: both.northwind, accountName: "Northwind Health", officeName: "Boston", href: `/testing/tests/${both.northwind}` }),
      expect.objectContaining({ assignedTestId: both.contoso, accountName: "Contoso Legal", officeName: "Headquarters", href: `/testing/tests/${both.contoso}` }),
    ]);
    expect(res.json().employers[0]).toMatchObject({ assignedAt: expect.any(String), expiresAt: expect.any(String), testMethod: "online" });
  });

  it("answers 404 when any id is another candidate's or missing, or none is takable", async () => {
    for (const idsText of [`${both.northwind},${ids.othersTest}`, `${ids.othersTest}`, "999999", `${ids.received}`]) {
      const res = await choose(idsText, owner.cookie);
      expect(res.statusCode, idsText).toBe(404);
      expect(res.json().message).toBe("That test was not found.");
    }
    expect((await choose(`${both.northwind},${both.contoso}`, other.cookie)).statusCode).toBe(404);
  });

  it("answers 400 for ids that are not positive whole numbers, 401 and 403 without the right", async () => {
    for (const bad of ["abc", "1,,2", "0", "-3", "1.5", "99999999999", Array.from({ length: 21 }, (_, i) => i + 1).join(",")]) {
      const res = await choose(encodeURIComponent(bad), owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^(The test ids must be positive whole numbers separated by commas\.|At most 20 tests can be chosen from\.)$/);
    }
    expect((await choose(`${both.northwind}`)).statusCode).toBe(401);
    expect((await choose(`${both.northwind}`, await t.signIn("admin@northwind.example"))).statusCode).toBe(403);
  });
});

describe("the demo candidate", () => {
  it("has takeable tests, en-writing from two employers, tomorrow's live test and a test to pay for", async () => {
    const view: TestListView = (await list(await t.signIn("candidate@northwind.example"))).json();
    expect(view.takableTests.map((e) => e.testDescription).sort()).toEqual([
      "English Listening Comprehension",
      "English Reading Proficiency",
      // demo/proctoring.ts: the paper test (the proctored online test is reserved: upcoming, below).
      // demo/phone-continued.ts: the test that continues by phone.
      "English Reading and Speaking (Online + Phone)",
      "English Writing Proficiency",
      "Spanish Reading (Paper)",
    ]);
    expect(view.takableTests.find((e) => e.testDescription === "English Writing Proficiency")!.accountNames).toEqual(["Northwind Health", "Contoso Legal"]);
    // The live test tomorrow at 10:00, and the proctored online test whose proctoring is reserved for 11:00 (demo/proctoring.ts).
    expect(view.upcomingTests.map((e) => e.testDescription)).toEqual(["Spanish Listening and Speaking (Live)", "English Reading Proficiency (Proctored)"]);
    expect(view.upcomingTests[0]).toMatchObject({ testDescription: "Spanish Listening and Speaking (Live)", testMethod: "live", startsNow: false });
    expect(view.upcomingTests[1]).toMatchObject({ testMethod: "online", href: `/testing/tests/${view.upcomingTests[1].assignedTestId}` });
    // Tomorrow at 10:00 Eastern.
    const appointment = new Date(view.upcomingTests[0].testAt!);
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" }).format(appointment)).toBe("10:00 AM");
    expect(appointment.getTime() - Date.now()).toBeGreaterThan(0);
    expect(appointment.getTime() - Date.now()).toBeLessThan(2 * DAY);
    expect([view.schedulableTests, view.missedTests]).toEqual([[], []]);
    // The translation test Boston left for her to pay, with its purchase page.
    expect(view.purchasableTests).toHaveLength(1);
    expect(view.purchasableTests[0]).toMatchObject({ testDescription: "Spanish to English Translation", accountName: "Northwind Health", testMethod: "online" });
    expect(view.purchasableTests[0].href).toBe(`/testing/payment/a${view.purchasableTests[0].assignedTestId}/purchase`);
  });
});
