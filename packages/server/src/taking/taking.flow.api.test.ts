import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { assignedTests, auditLog, candidateTestAnswers, candidateTests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { EXPIRE_JOB } from "../attempts/index.js";
import { assign, candidateWithLogin, takingApi } from "./test-fixtures.js";

/** The taking flow end to end: start, resume, save with seq, the server's deadline, submit, the job, audio grants. */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let demoCookie: string;
let demoReading: number;

beforeAll(async () => {
  t = await createTestApp();
  api = takingApi(t);
  demoCookie = await t.signIn("candidate@northwind.example");
  const [row] = await t.ctx.db
    .select({ id: assignedTests.id })
    .from(assignedTests)
    .where(and(eq(assignedTests.candidateId, t.ids.history.demoCandidate.northwind), eq(assignedTests.testId, t.ids.catalogue.tests["en-reading"])));
  demoReading = row.id;
});
afterAll(() => t?.close());

const attemptOf = async (assignedTestId: number) =>
  (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)))[0];
const answersOf = async (attemptId: number) =>
  t.ctx.db.select().from(candidateTestAnswers).where(eq(candidateTestAnswers.candidateTestId, attemptId)).orderBy(candidateTestAnswers.itemId);
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
/** Moves the clock: the attempt's deadline set `ms` from now (negative: in the past). */
const deadlineIn = async (assignedTestId: number, ms: number) =>
  t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(Date.now() + ms) }).where(eq(candidateTests.assignedTestId, assignedTestId));

describe("the demo candidate's reading test (NW-DEMO-2026)", () => {
  it("starts: content of spec §3, time limit in ms from the server's deadline, never an answer key", async () => {
    const res = await api.start(demoReading, demoCookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: demoReading,
      current_section: 1,
      description: "English Reading Proficiency",
      test_type_short_name: "reading",
      test_type_id: 2,
      right_to_left: false,
      answer_review: true,
      target_language: { name: "English" },
      source_language: null,
    });
    expect(body.candidate_test_sections.length).toBeGreaterThanOrEqual(2);
    // 60 minutes, counted from the deadline fixed at start.
    expect(body.time_limit).toBeGreaterThan(60 * 60_000 - 10_000);
    expect(body.time_limit).toBeLessThanOrEqual(60 * 60_000);
    const attempt = await attemptOf(demoReading);
    expect(attempt).toMatchObject({ state: "in_progress" });
    expect(attempt.contentVersionId).not.toBeNull();
    expect(attempt.deadlineAt!.getTime() - attempt.startedAt!.getTime()).toBe(60 * 60_000);
  });

  it("get_section gives the items with choices but no answer key, and says what follows", async () => {
    const res = await api.section(demoReading, demoCookie, 1);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ id: 1, position: 1, has_previous: false, has_next: true, timed: true });
    const q1 = s.items.find((i: { id: string }) => i.id === "q1");
    expect(q1).toMatchObject({ item_type_id: 6, number: 1, required: true, response: null });
    expect(q1.choices.length).toBeGreaterThanOrEqual(2);
    expect(res.body).not.toContain('"answer"');
    expect((await api.section(demoReading, demoCookie, 2)).json()).toMatchObject({ id: 2, has_previous: true });
    expect((await api.section(demoReading, demoCookie, 99)).statusCode).toBe(404);
  });

  it("acknowledges each item's seq; an older or repeated seq changes nothing", async () => {
    const first = await api.save(demoReading, { id: demoReading, candidate_test_items: [{ id: "q1", response: "b", seq: 5 }, { id: "q8", response: "They were worried about money.", seq: 6 }], seconds_taken: 40 }, demoCookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().saved).toEqual([{ id: "q1", seq: 5 }, { id: "q8", seq: 6 }]);
    // A late-arriving older save: acknowledged with the seq the server holds, the answer kept.
    const older = await api.save(demoReading, { candidate_test_items: [{ id: "q1", response: "a", seq: 3 }] }, demoCookie);
    expect(older.json().saved).toEqual([{ id: "q1", seq: 5 }]);
    // A repeat of the same save is harmless.
    expect((await api.save(demoReading, { candidate_test_items: [{ id: "q1", response: "b", seq: 5 }] }, demoCookie)).json().saved).toEqual([{ id: "q1", seq: 5 }]);
    const newer = await api.save(demoReading, { candidate_test_items: [{ id: "q1", response: "c", seq: 7 }, { id: "q1", response: "d", seq: 9 }] }, demoCookie);
    expect(newer.json().saved).toEqual([{ id: "q1", seq: 9 }]);
    const attempt = await attemptOf(demoReading);
    expect((await answersOf(attempt.id)).map((a) => [a.itemId, a.response, a.seq])).toEqual([
      ["q1", "d", 9],
      ["q8", "They were worried about money.", 6],
    ]);
    expect(attempt.secondsTaken).toBe(40);
  });

  it("resumes after a reload: the same attempt, the saved responses, the same deadline", async () => {
    const before = await attemptOf(demoReading);
    const res = await api.start(demoReading, demoCookie);
    expect(res.statusCode).toBe(200);
    const after = await attemptOf(demoReading);
    expect(after.id).toBe(before.id);
    expect(after.deadlineAt).toEqual(before.deadlineAt);
    const s = (await api.section(demoReading, demoCookie, 1)).json();
    expect(s.items.find((i: { id: string }) => i.id === "q1")).toMatchObject({ response: "d", seq: 9 });
    expect((await api.status(demoReading, demoCookie)).json()).toMatchObject({ success: true, state: "in_progress" });
  });

  it("heartbeat records the open attempt and answers the time left", async () => {
    const res = await api.heartbeat({}, demoCookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, id: demoReading });
    expect(res.json().remaining).toBeGreaterThan(0);
    expect((await attemptOf(demoReading)).lastHeartbeatAt).not.toBeNull();
  });

  it("refuses bad answers with 400 naming the question, storing nothing", async () => {
    for (const items of [[{ id: "nope", response: "x", seq: 20 }], [{ id: "q1", response: "zz", seq: 20 }], [{ id: "part-1-heading", response: "x", seq: 20 }], [{ id: "q8", response: "x".repeat(300), seq: 20 }]]) {
      const res = await api.save(demoReading, { candidate_test_items: items }, demoCookie);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/question/i);
    }
    expect((await api.save(demoReading, { id: demoReading + 1, candidate_test_items: [] }, demoCookie)).statusCode).toBe(400);
    expect((await api.save(demoReading, { candidate_test_items: [{ id: "q1", response: "a", seq: -1 }] }, demoCookie)).statusCode).toBe(400);
    expect((await answersOf((await attemptOf(demoReading)).id)).find((a) => a.itemId === "q1")?.seq).toBe(9);
  });

  it("submits once: a repeat answers the same receipt, the assigned test is taken, the audit has it", async () => {
    const attemptId = (await attemptOf(demoReading)).id;
    // The submit carries the journal's one event (the change to q2), chained from the genesis.
    const genesis = sha(`parlance-journal/1\n${attemptId}`);
    const event = { seq: 10, item: "q2", response: "a", t: 1_764_349_331_512, prev: genesis };
    const res = await api.submit(demoReading, { candidate_test_items: [{ id: "q2", response: "a", seq: 10 }], events: [event], seconds_taken: 300 }, demoCookie);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json();
    // Worked out here from docs/delivery-file.md §7.1: the attempt, the recorded answers in content
    // order, the chain head (the event's hash) and the chain's length.
    const recorded = [["q1", "d"], ["q2", "a"], ["q8", "They were worried about money."]];
    const head = sha(`${genesis}\n10\n${event.t}\nq2\na`);
    const receiptOf = (parts: { attempt: number; answers: unknown; head: string; events: number }) =>
      sha(`parlance-receipt/1\nattempt=${parts.attempt}\nanswers=${sha(JSON.stringify(parts.answers))}\nhead=${parts.head}\nevents=${parts.events}`);
    const expected = receiptOf({ attempt: attemptId, answers: recorded, head, events: 1 });
    expect(receipt).toMatchObject({ receipt: expected, answers_digest: sha(JSON.stringify(recorded)), journal_head: head, journal_events: 1, answered: 3 });
    // Another head, another count, another attempt or other answers: another receipt.
    for (const other of [
      { attempt: attemptId, answers: recorded, head: sha(`${genesis}\n10\n${event.t}\nq2\nb`), events: 1 },
      { attempt: attemptId, answers: recorded, head, events: 2 },
      { attempt: attemptId + 1, answers: recorded, head, events: 1 },
      { attempt: attemptId, answers: [["q1", "d"], ["q2", "b"], ["q8", "They were worried about money."]], head, events: 1 },
    ])
      expect(receiptOf(other)).not.toBe(expected);
    expect(receipt.items).toBeGreaterThan(10);
    const again = await api.submit(demoReading, { candidate_test_items: [{ id: "q3", response: "a", seq: 11 }] }, demoCookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(receipt);
    const attempt = await attemptOf(demoReading);
    expect(attempt).toMatchObject({ state: "received", receipt: expected, secondsTaken: 300 });
    expect((await answersOf(attempt.id)).length).toBe(3);
    const [at] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, demoReading));
    expect(at.state).toBe("taken");
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "taking.submit"), eq(auditLog.targetId, String(attempt.id))));
    expect(audits.length).toBe(1);
    expect(audits[0].details).toMatchObject({ receipt: expected, journalHead: head, journalEvents: 1 });
    // After submit: no more saves, no restart, status received.
    expect((await api.save(demoReading, { candidate_test_items: [{ id: "q3", response: "a", seq: 12 }] }, demoCookie)).statusCode).toBe(409);
    const restart = await api.start(demoReading, demoCookie);
    expect(restart.statusCode).toBe(422);
    expect(restart.json().message).toBe("This test has already been submitted.");
    expect((await api.status(demoReading, demoCookie)).json()).toMatchObject({ state: "received" });
  });
});

describe("the server's deadline", () => {
  it("doubles the time limit for a candidate with adjustments", async () => {
    const c = await candidateWithLogin(t, { adjustments: true });
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    const res = await api.start(id, c.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().time_limit).toBeGreaterThan(119 * 60_000);
    const attempt = await attemptOf(id);
    expect(attempt.deadlineAt!.getTime() - attempt.startedAt!.getTime()).toBe(120 * 60_000);
  });

  it("accepts a save within the grace, refuses one after it (409) and changes nothing", async () => {
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    await api.start(id, c.cookie);
    await api.save(id, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, c.cookie);
    await deadlineIn(id, -10_000); // 10 s past the deadline: inside the 30 s grace
    const inGrace = await api.save(id, { candidate_test_items: [{ id: "q2", response: "a", seq: 2 }] }, c.cookie);
    expect(inGrace.statusCode, inGrace.body).toBe(200);
    await deadlineIn(id, -31_000);
    const late = await api.save(id, { candidate_test_items: [{ id: "q1", response: "c", seq: 3 }, { id: "q3", response: "a", seq: 4 }] }, c.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The time for this test is over; answers can no longer be saved.");
    const attempt = await attemptOf(id);
    expect((await answersOf(attempt.id)).map((a) => [a.itemId, a.response])).toEqual([["q1", "b"], ["q2", "a"]]);
    // A late submit submits what was acknowledged in time and ignores the late items.
    const sub = await api.submit(id, { candidate_test_items: [{ id: "q3", response: "a", seq: 5 }] }, c.cookie);
    expect(sub.statusCode, sub.body).toBe(200);
    expect(sub.json().answered).toBe(2);
    expect((await answersOf(attempt.id)).length).toBe(2);
  });

  it("the expiry job submits an overdue attempt (and a later manual submit answers the same receipt)", async () => {
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    await api.start(id, c.cookie);
    await api.save(id, { candidate_test_items: [{ id: "q1", response: "b", seq: 1 }] }, c.cookie);
    await deadlineIn(id, -60_000);
    const attempt = await attemptOf(id);
    await t.ctx.jobs.send(EXPIRE_JOB, { candidateTestId: attempt.id });
    let done = attempt;
    for (let i = 0; i < 60 && done.state !== "received"; i++) {
      await new Promise((r) => setTimeout(r, 250));
      done = await attemptOf(id);
    }
    expect(done.state).toBe("received");
    expect(done.receipt).toMatch(/^[0-9a-f]{64}$/);
    const manual = await api.submit(id, { candidate_test_items: [] }, c.cookie);
    expect(manual.statusCode).toBe(200);
    expect(manual.json().receipt).toBe(done.receipt);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "taking.submit"), eq(auditLog.targetId, String(attempt.id))));
    expect(audits.map((a) => a.details?.by)).toEqual(["deadline"]);
  });

  it("a return after the deadline submits the saved answers and says so", async () => {
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-reading" });
    await api.start(id, c.cookie);
    await deadlineIn(id, -31_000);
    const res = await api.start(id, c.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("The time for this test is over; the answers saved before the deadline were submitted.");
    expect((await attemptOf(id)).state).toBe("received");
  });
});

describe("audio grants", () => {
  it("counts plays per item on the server; a reload re-confirms without spending; the limit holds", async () => {
    const c = await candidateWithLogin(t);
    const id = await assign(t, c.candidateId, { test: "en-listening" });
    expect((await api.start(id, c.cookie)).statusCode).toBe(200);
    const s = (await api.section(id, c.cookie, 1)).json();
    const voicemail = s.items.find((i: { id: string }) => i.id === "voicemail");
    expect(voicemail.item_audio).toMatchObject({ kind: "audio", plays: 2 });
    // The transcript is for evaluators only.
    expect(JSON.stringify(s)).not.toContain("transcript");

    expect((await api.request(id, "item=voicemail", c.cookie)).json()).toMatchObject({ plays_used: 0, plays_allowed: 2, granted: true });
    expect((await api.grant(id, "item=voicemail", c.cookie)).json()).toMatchObject({ plays_used: 1, granted: true });
    // Reload: asking again spends nothing; re-confirming play 1 spends nothing.
    expect((await api.request(id, "item=voicemail", c.cookie)).json()).toMatchObject({ plays_used: 1 });
    expect((await api.grant(id, "item=voicemail&play=1", c.cookie)).json()).toMatchObject({ plays_used: 1, granted: true });
    expect((await api.grant(id, "item=voicemail&play=2", c.cookie)).json()).toMatchObject({ plays_used: 2, granted: true });
    const third = await api.grant(id, "item=voicemail", c.cookie);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe("Every play of this recording has been used.");
    expect((await api.grant(id, "item=voicemail&play=5", c.cookie)).statusCode).toBe(409);
    expect((await api.request(id, "item=voicemail", c.cookie)).json()).toMatchObject({ plays_used: 2, granted: false });
    // Another item has its own count; a question without a recording is refused in the spec's words.
    expect((await api.grant(id, "item=station", c.cookie)).json()).toMatchObject({ plays_used: 1 });
    const q1 = await api.grant(id, "item=q1", c.cookie);
    expect(q1.statusCode).toBe(422);
    expect(q1.json().message).toBe("An error occurred while granting access to this question.");
    expect((await api.grant(id, "", c.cookie)).statusCode).toBe(400);
  });
});
