import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { assignedTests, auditLog, candidateTests, evaluatorLanguages, itemObjectiveResults, mailOutbox, scoringAssignments, users } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../../taking/test-fixtures.js";
import { notifyResultRecipients } from "./notify.js";
import { currentCredential } from "../credentials/index.js";
import { dueGroupOf, PROVIDER_TIME_ZONE } from "./due.js";
import { DateTime } from "luxon";

/**
 * Scoring end to end: a candidate submits, the attempt is auto-scored and routed by language and
 * load, only its evaluator (or an executive) reaches it, the submission is checked against the
 * content, recorded once, audited, mailed to the result recipients and shown in test history.
 */
let t: TestApp;
let cookies: Record<string, string>;
const uid: Record<string, number> = {};
const EVALUATOR = "evaluator@parlance.example";
const EVALUATOR_ZH = "evaluator.zh@parlance.example";
const EXECUTIVE = "executive@parlance.example";

beforeAll(async () => {
  t = await createTestApp();
  cookies = {};
  for (const email of [EVALUATOR, EVALUATOR_ZH, "evaluator.intl@parlance.example", EXECUTIVE, "admin@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) {
    cookies[email] = await t.signIn(email);
    const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    uid[email] = u.id;
  }
});
afterAll(() => t?.close());

const get = (url: string, who: string) => t.request({ method: "GET", url, cookie: cookies[who] });
const post = (url: string, who: string, body: unknown = {}) => t.request({ method: "POST", url, cookie: cookies[who], body });
const routing = async (candidateTestId: number) => (await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, candidateTestId)))[0];

/** A fresh Northwind candidate takes `test` online and submits `answers`; answers the candidate test id. */
async function takeAndSubmit(test: string, answers: { id: string; response: string }[]): Promise<{ candidateTestId: number; candidateId: number }> {
  const api = takingApi(t);
  const { candidateId, cookie } = await candidateWithLogin(t);
  const assignedId = await assign(t, candidateId, { test });
  expect((await api.start(assignedId, cookie)).statusCode).toBe(200);
  const items = answers.map((a, i) => ({ ...a, seq: i + 1 }));
  if (items.length) expect((await api.save(assignedId, { candidate_test_items: items }, cookie)).statusCode).toBe(200);
  const submitted = await api.submit(assignedId, { id: assignedId }, cookie);
  expect(submitted.statusCode, submitted.body).toBe(200);
  const [ct] = await t.ctx.db.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.assignedTestId, assignedId));
  return { candidateTestId: ct.id, candidateId };
}

describe("the demo world", () => {
  it("gives evaluator@parlance.example four waiting online tests, one in each due group", async () => {
    const res = await get(`/api/test_results/get_scoreable_tests/${uid[EVALUATOR]}`, EVALUATOR);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.time_zone).toBe("America/New_York");
    const waiting: { due_at: string; due_group: string; candidate_name: unknown }[] = body.scoreable_tests.filter((s: { id: number }) => t.ids.scoring!.waiting.includes(s.id));
    // Due one in the past, then later today, tomorrow and later (seeded in that order of time).
    const byDue = [...waiting].sort((a, b) => a.due_at.localeCompare(b.due_at));
    expect(byDue).toHaveLength(4);
    // Each falls in the group of its due time now.
    for (const s of byDue) expect(s.due_group).toBe(dueGroupOf(new Date(s.due_at), new Date()));
    // One in each group while the Eastern day the world was seeded on (the "later" one is due 4 days
    // after it) lasts and its "today" test is not yet due: the run's template may be seeded in the
    // last minutes of a day, and then the groups move on with the clock.
    const seededOn = DateTime.fromISO(byDue[3].due_at, { zone: PROVIDER_TIME_ZONE }).minus({ days: 4 }).toISODate();
    const today = DateTime.now().setZone(PROVIDER_TIME_ZONE).toISODate();
    if (seededOn === today && new Date(byDue[1].due_at) > new Date()) expect(byDue.map((s) => s.due_group)).toEqual(["overdue", "today", "tomorrow", "later"]);
    expect(waiting[0]).toMatchObject({ method_short_name: "online", evaluator_id: uid[EVALUATOR] });
    expect(typeof waiting[0].candidate_name).toBe("string");
    // One number per test on the evaluator's screens: the assigned test's id (Scheduled Tests' Test #), not the attempt's.
    for (const s of body.scoreable_tests as { id: number; number: string }[]) {
      const [a] = await t.ctx.db.select({ assignedTestId: candidateTests.assignedTestId }).from(candidateTests).where(eq(candidateTests.id, s.id));
      expect(s.number).toBe(String(a.assignedTestId));
    }
    expect((body.scoreable_tests as { id: number; number: string }[]).some((s) => s.number !== String(s.id))).toBe(true);
  });

  it("has a verification key on every recorded result of the history", async () => {
    const rows = await t.ctx.db.select({ key: candidateTests.verificationKey, state: candidateTests.resultState }).from(candidateTests);
    const results = rows.filter((r) => r.state !== null);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.key).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect(new Set(results.map((r) => r.key)).size).toBe(results.length);
  });
});

describe("submitting an attempt makes it scoreable", () => {
  let reading: number;

  it("scores the choice items automatically and routes by language to the least-loaded evaluator", async () => {
    // en-reading: q1 answer b (right), q2 answer a (given c: wrong), the rest unanswered.
    ({ candidateTestId: reading } = await takeAndSubmit("en-reading", [
      { id: "q1", response: "b" },
      { id: "q2", response: "c" },
      { id: "q8", response: "They were worried about money." },
    ]));
    const r = await routing(reading);
    expect(r).toMatchObject({ evaluatorUserId: uid[EVALUATOR], objectiveCorrect: 1, objectiveTotal: 9 });
    expect(r.dueAt.getTime()).toBeGreaterThan(Date.now());
    const objectives = await t.ctx.db.select().from(itemObjectiveResults).where(eq(itemObjectiveResults.candidateTestId, reading));
    const state = (item: string) => objectives.find((o) => o.itemId === item)?.stateId;
    expect([state("q1"), state("q2"), state("q3")]).toEqual(["correct", "incorrect", "unanswered"]);
    expect(objectives.every((o) => o.automatic)).toBe(true);
  });

  it("sends a Chinese test to the Chinese evaluator, and one nobody scores to the unassigned list", async () => {
    const { candidateTestId: chinese } = await takeAndSubmit("zh-writing", []);
    expect((await routing(chinese)).evaluatorUserId).toBe(uid[EVALUATOR_ZH]);

    // Nobody scores Arabic any more: the next Arabic test waits for an executive.
    await t.ctx.db.delete(evaluatorLanguages).where(eq(evaluatorLanguages.languageId, 10));
    const { candidateTestId: arabic } = await takeAndSubmit("ar-reading", []);
    expect((await routing(arabic)).evaluatorUserId).toBeNull();
    const unassigned = await get("/api/test_results/unassigned", EXECUTIVE);
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json().scoreable_tests.map((s: { id: number }) => s.id)).toContain(arabic);
    expect((await get("/api/test_results/unassigned", EVALUATOR)).statusCode).toBe(403);

    // The executive assigns it: only to an evaluator of the language.
    expect((await post(`/api/test_results/assign_evaluator/${arabic}`, EXECUTIVE, { evaluator_id: uid[EVALUATOR] })).statusCode).toBe(400);
    await t.ctx.db.insert(evaluatorLanguages).values({ evaluatorUserId: uid["evaluator.intl@parlance.example"], languageId: 10 });
    const ok = await post(`/api/test_results/assign_evaluator/${arabic}`, EXECUTIVE, { evaluator_id: uid["evaluator.intl@parlance.example"] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await routing(arabic)).evaluatorUserId).toBe(uid["evaluator.intl@parlance.example"]);
  });

  it("balances load: of two evaluators of a language, the one with fewer open tests gets the next", async () => {
    await t.ctx.db.insert(evaluatorLanguages).values({ evaluatorUserId: uid[EVALUATOR_ZH], languageId: 140 });
    const { candidateTestId } = await takeAndSubmit("en-writing", []);
    // evaluator@ holds the demo's waiting tests; the Chinese evaluator has fewer.
    expect((await routing(candidateTestId)).evaluatorUserId).toBe(uid[EVALUATOR_ZH]);
    await t.ctx.db.delete(evaluatorLanguages).where(and(eq(evaluatorLanguages.evaluatorUserId, uid[EVALUATOR_ZH]), eq(evaluatorLanguages.languageId, 140)));
  });

  describe("scoring it", () => {
    it("answers the scoreable content of spec §3 to its evaluator and to executives, 404 to another evaluator, 403 to clients", async () => {
      const res = await get(`/api/test_results/get_scoreable_content/${reading}`, EVALUATOR);
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json();
      const [{ assignedTestId }] = await t.ctx.db.select({ assignedTestId: candidateTests.assignedTestId }).from(candidateTests).where(eq(candidateTests.id, reading));
      expect(c.number).toBe(String(assignedTestId));
      expect(c).toMatchObject({ id: reading, content_kind: "online", download_kind: null, download_url: null, repeats: 0, has_objectives: true, can_submit: true, result: null, test_type: "reading" });
      const q1 = c.sections[0].items.find((i: { id: string }) => i.id === "q1");
      expect(q1).toMatchObject({ number: 1, is_instructions: false, response: expect.any(String), answer: expect.any(String) });
      expect(q1.objectives[0]).toMatchObject({ id: "correct", state_id: "correct", automatic: true });
      expect(c.categories.find((k: { final: boolean }) => k.final).levels.map((l: { display_as: string }) => l.display_as)).toContain("12+");
      expect(c.recommendations.length).toBeGreaterThan(0);

      expect((await get(`/api/test_results/get_scoreable_content/${reading}`, EXECUTIVE)).statusCode).toBe(200);
      expect((await get(`/api/test_results/get_scoreable_content/${reading}`, EVALUATOR_ZH)).statusCode).toBe(404);
      expect((await get(`/api/test_results/get_scoreable_tests/${uid[EVALUATOR]}`, EVALUATOR_ZH)).statusCode).toBe(404);
      expect((await get(`/api/test_results/get_scoreable_tests/${uid[EVALUATOR]}`, EXECUTIVE)).statusCode).toBe(200);
      for (const client of ["admin@northwind.example", "candidate@northwind.example", "admin@contoso.example"]) {
        expect((await get(`/api/test_results/get_scoreable_content/${reading}`, client)).statusCode).toBe(403);
        expect((await post(`/api/test_results/submit_results/${reading}`, client, {})).statusCode).toBe(403);
        expect((await get(`/api/test_results/get_scoreable_tests/${uid[client]}`, client)).statusCode).toBe(403);
      }
      expect((await t.request({ method: "GET", url: `/api/test_results/get_scoreable_content/${reading}` })).statusCode).toBe(401);
      expect((await get("/api/test_results/get_scoreable_content/abc", EVALUATOR)).statusCode).toBe(400);
    });

    it("refuses unknown ids and a missing final level with 400 and records nothing", async () => {
      const submit = (body: unknown, who = EVALUATOR) => post(`/api/test_results/submit_results/${reading}`, who, body);
      const missing = await submit({ categories: [{ score_category_id: "comprehension", score_level_id: "comprehension.3" }] });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe("A required field is missing.");
      for (const body of [
        { categories: [{ score_category_id: "nope", score_level_id: "alta.7" }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.99" }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.7" }], section_categories: [{ candidate_test_section_id: 9, score_category_id: "section_comprehension", score_level_id: "section_comprehension.2" }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.7" }], item_objectives: [{ candidate_test_item_id: "zz", test_objective_id: "correct", test_objective_state_id: "correct" }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.7" }], item_objectives: [{ candidate_test_item_id: "q1", test_objective_id: "correct", test_objective_state_id: "maybe" }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.7" }], scoring_items: [{ candidate_test_scoring_item_id: "q1.answers", checked: true }] },
        { categories: [{ score_category_id: "alta", score_level_id: "alta.7" }], recommendations: [{ recommendation_id: "nope" }] },
        { did_not_finish: true },
        { did_not_finish: true, not_completed_reason: "bored" },
        { categories: "x" },
      ]) {
        const res = await submit(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect((await submit({ categories: [{ score_category_id: "alta", score_level_id: "alta.7" }] }, EVALUATOR_ZH)).statusCode).toBe(404);
      const [ct] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.id, reading));
      expect(ct.resultState).toBeNull();
      expect(ct.verificationKey).toBeNull();
    });

    it("records the result once: level, key, audit, read-only content, 409 on a second submission", async () => {
      const res = await post(`/api/test_results/submit_results/${reading}`, EVALUATOR, {
        did_not_finish: false,
        item_objectives: [{ candidate_test_item_id: "q2", test_objective_id: "correct", test_objective_state_id: "correct" }],
        categories: [
          { score_category_id: "comprehension", score_level_id: "comprehension.4" },
          { score_category_id: "alta", score_level_id: "alta.7" },
        ],
        section_categories: [{ candidate_test_section_id: 1, score_category_id: "section_comprehension", score_level_id: "section_comprehension.4" }],
        skipped_sections: [{ candidate_test_section_id: 2, skipped: true }],
        scoring_items: [{ candidate_test_scoring_item_id: "q8.answers", checked: true }],
        recommendations: [{ recommendation_id: "retest_90", checked: true }],
        comments: "Clear answers in part one.",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: "Your results have been submitted successfully.", result_state: "scored", result_value: "7" });
      const [ct] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.id, reading));
      expect(ct).toMatchObject({ resultState: "scored", resultValue: "7", verificationKey: res.json().verification_key });
      expect(ct.scoredAt).not.toBeNull();
      // Released with its signed credential (results/credentials), in the same transaction.
      const jwt = await currentCredential(t.ctx.db, reading);
      expect(JSON.parse(Buffer.from(jwt!.split(".")[1], "base64url").toString("utf8")).credentialSubject.result[0].value).toBe("7");
      const q2 = (await t.ctx.db.select().from(itemObjectiveResults).where(and(eq(itemObjectiveResults.candidateTestId, reading), eq(itemObjectiveResults.itemId, "q2"))))[0];
      expect(q2).toMatchObject({ stateId: "correct", automatic: false });
      const [line] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "results.submit"), eq(auditLog.targetId, String(reading))));
      expect(line).toMatchObject({ actorUserId: uid[EVALUATOR] });

      const again = await post(`/api/test_results/submit_results/${reading}`, EVALUATOR, { categories: [{ score_category_id: "alta", score_level_id: "alta.9" }] });
      expect(again.statusCode).toBe(409);
      const content = (await get(`/api/test_results/get_scoreable_content/${reading}`, EVALUATOR)).json();
      expect(content).toMatchObject({ can_submit: false, result: { result_state: "scored", result_value: "7", comments: "Clear answers in part one.", recommendations: ["retest_90"] } });
      expect(content.sections[1].skipped).toBe(true);
      // Gone from the list.
      const list = (await get(`/api/test_results/get_scoreable_tests/${uid[EVALUATOR]}`, EVALUATOR)).json();
      expect(list.scoreable_tests.map((s: { id: number }) => s.id)).not.toContain(reading);
    });

    it("mails the account's and the office's result recipients with the level and a link", async () => {
      await notifyResultRecipients(t.ctx, reading); // the job's work, done here so the test need not wait for it
      const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, "results.notify"));
      const to = mails.map((m) => m.toAddress);
      // Northwind's account-level recipients and the Boston office's (the fixtures' office 0).
      expect(to).toEqual(expect.arrayContaining(["priya.raman@northwind.example", "marcus.bell@northwind.example", "laura.chen@northwind.example"]));
      expect(to).not.toContain("tomas.alvarez@northwind.example");
      expect(to).not.toContain("nadia.petrova@contoso.example");
      const full = mails.find((m) => m.toAddress === "priya.raman@northwind.example")!;
      expect(full.textBody).toContain("7");
      expect(full.textBody).toContain(`/testing/results/${reading}/download`);
    });

    it("shows the level in the client's test history with its display status", async () => {
      const [at] = await t.ctx.db.select({ candidateId: assignedTests.candidateId }).from(assignedTests).innerJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id)).where(eq(candidateTests.id, reading));
      const res = await get(`/api/test_history/get_history?candidate_profile_id=${at.candidateId}`, "admin@northwind.example");
      expect(res.statusCode, res.body).toBe(200);
      const record = res.json().find((r: { candidate_test_id: number }) => r.candidate_test_id === reading);
      expect(record).toMatchObject({ result_state: "scored", result_value: "7", view: { status: "received", score: { kind: "result", value: "7" } } });
      expect((await get(`/api/test_history/get_history?candidate_profile_id=${at.candidateId}`, "admin@contoso.example")).statusCode).toBe(404);
    });
  });

  it("records 'not completed' with its reason, and a no-show only where it applies", async () => {
    const { candidateTestId: empty } = await takeAndSubmit("en-reading", []);
    const { candidateTestId: answered } = await takeAndSubmit("en-reading", [{ id: "q1", response: "b" }]);
    expect((await post(`/api/test_results/noshow/${answered}`, EVALUATOR)).statusCode).toBe(422);
    const noShow = await post(`/api/test_results/noshow/${empty}`, EVALUATOR);
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect((await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.id, empty)))[0].state).toBe("no_show");
    expect((await post(`/api/test_results/noshow/${empty}`, EVALUATOR)).statusCode).toBe(409);

    const dnf = await post(`/api/test_results/submit_results/${answered}`, EVALUATOR, { did_not_finish: true, not_completed_reason: "lost_connection" });
    expect(dnf.statusCode, dnf.body).toBe(200);
    const [ct] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.id, answered));
    expect(ct).toMatchObject({ resultState: "not_completed", resultReason: "lost_connection", resultValue: null });
  });
});
