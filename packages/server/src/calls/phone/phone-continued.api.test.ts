import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { IVR_PHONE_PART_MINUTES } from "@parlance/contract";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { insertAssignedTest } from "../../candidates/test-fixtures.js";
import { candidateWithLogin, takingApi } from "../../taking/test-fixtures.js";
import { assignedTests, candidateTests, itemObjectiveResults, ivrCalls, ivrResponses, phoneCalls, scoringAssignments } from "../../db/schema.js";
import { sweepOverdueAttempts } from "../../attempts/index.js";
import { concludeIdleCalls, IVR_IDLE_MINUTES } from "../ivr/engine.js";

/**
 * A test that continues by phone (issue 15), end to end on the local voice provider: the candidate
 * asks for the call from the prelude, the developer phone answers and the call holds (the engine's
 * `wait` step, in the call's prompt language) while the online part is open; the online part's
 * submit leaves the attempt partially received with its receipt, the call goes on to the by_phone
 * sections, and its end receives the attempt once, with the online answers and the spoken
 * responses, routed for scoring. The deadline and idle jobs end what is left waiting.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, body, cookie });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const number = { iso_code: "US", phone_number: "617 555 0142" };

async function phoneTest() {
  const me = await candidateWithLogin(t);
  const id = (await insertAssignedTest(t, me.candidateId, { test: "en-rs-phone" })).id;
  return { me, id };
}

const attemptOf = async (assignedTestId: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, assignedTestId)))[0];

/** A spoken response as the developer phone's handset uploads it (multipart). */
function respond(callId: number, step: number, seq: number, admin: string) {
  const boundary = "----phone-continued-boundary";
  const part = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(part("step", String(step)) + part("seq", String(seq)) + part("duration_ms", "2100")),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="response.webm"\r\ncontent-type: audio/webm;codecs=opus\r\n\r\n`),
    Buffer.from(`spoken answer ${step}`),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/dev/phone/response/${callId}`,
    headers: { cookie: admin, origin: "http://localhost:3000", "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe("a test that continues by phone", () => {
  it("holds the call while the online part is open, goes on by phone after its submit, and is received once with both parts", async () => {
    const { me, id } = await phoneTest();
    const api = takingApi(t);
    let show = (await get(`/api/tests/show/${id}`, me.cookie)).json();
    expect(show).toMatchObject({ testMethod: "online", phoneContinued: true, phoneCallActive: false, phonePartPending: false, attemptState: "not_started", sectionCount: 1 });

    // The prelude's phone-number prompt: the call placed, in Simplified Chinese (104).
    const requested = await post("/api/tests/request_call", { ...number, prompt_language_id: 104, assigned_test_id: id }, me.cookie);
    expect(requested.json()).toMatchObject({ success: true, message: "You will receive a call shortly." });
    const callId: number = requested.json().call_id;
    expect((await get(`/api/tests/show/${id}`, me.cookie)).json().phoneCallActive).toBe(true);

    // Answered before the online part starts: the engine's welcome, then the line holds.
    const admin = await t.signIn("admin@parlance.example");
    const answered = await post(`/api/dev/phone/answer/${callId}`, {}, admin);
    expect(answered.statusCode, answered.body).toBe(200);
    const waiting = answered.json();
    expect(waiting).toMatchObject({ state: 2, responses: 0, submitted: false, step: { index: 0, total: 4, record: null, prompt: { kind: "wait", seconds: 15, language: "zh-CN" } } });
    expect(waiting.lines).toMatchObject({ prompt_language: "zh-HANS", speech: "zh-CN", welcome: "欢迎参加您的语言考试。" });
    expect(waiting.step.prompt.text).toBe(waiting.lines.wait);
    expect((await post(`/api/dev/phone/step/${callId}`, { action: "played", step: 0 }, admin)).json().message).toBe("The call waits until the online part of the test is submitted.");

    // The call opened the attempt, but not its online part: no section before the start (and its clock).
    let attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ state: "in_progress", startedAt: null, deadlineAt: null });
    expect((await get(`/api/tests/show/${id}`, me.cookie)).json().attemptState).toBe("not_started");
    expect((await api.section(id, me.cookie)).statusCode).toBe(409);
    const started = await api.start(id, me.cookie);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().candidate_test_sections).toEqual([expect.objectContaining({ id: 1, title: "Reading" })]);
    attempt = await attemptOf(id);
    expect(attempt.startedAt).not.toBeNull();
    expect(attempt.deadlineAt!.getTime() - attempt.startedAt!.getTime()).toBe(30 * 60_000);
    const section = (await api.section(id, me.cookie, 1)).json();
    expect(section).toMatchObject({ has_next: false });
    expect(section.items.map((i: { id: string }) => i.id)).toEqual(["intro", "notice", "r1", "r2"]);
    // The phone part is not the browser's: no section 2, nor its recordings.
    expect((await api.section(id, me.cookie, 2)).statusCode).toBe(404);
    expect((await get(`/api/test_content/media/${id}?item=s1`, me.cookie)).statusCode).toBe(404);
    expect((await api.save(id, { candidate_test_items: [{ id: "s1", response: "typed", seq: 1 }] }, me.cookie)).statusCode).toBe(400);

    // Still holding while the online part is open.
    expect((await get(`/api/dev/phone/call/${callId}`, admin)).json().step.prompt.kind).toBe("wait");
    expect((await api.save(id, { candidate_test_items: [{ id: "r1", response: "a", seq: 1 }] }, me.cookie)).json().saved).toEqual([{ id: "r1", seq: 1 }]);

    // The online part is submitted: recorded with its receipt, the attempt not received yet.
    const submitted = await api.submit(id, { candidate_test_items: [{ id: "r2", response: "c", seq: 2 }] }, me.cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const receipt = submitted.json();
    expect(receipt).toMatchObject({ answered: 2, items: 2, receipt: expect.stringMatching(/^[0-9a-f]{64}$/) });
    attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ state: "partially_received", receipt: receipt.receipt });
    expect(attempt.deadlineAt!.getTime() - attempt.submittedAt!.getTime()).toBe(IVR_PHONE_PART_MINUTES * 60_000);
    const [assigned] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id));
    expect(assigned.state).toBe("takeable");
    expect(await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attempt.id))).toHaveLength(0);
    show = (await get(`/api/tests/show/${id}`, me.cookie)).json();
    expect(show).toMatchObject({ phonePartPending: true, attemptState: "received" });
    expect((await api.status(id, me.cookie)).json().state).toBe("received");
    // Still on Take a Test until the phone part is done: its page asks for a new call if need be.
    const listed = (await get("/api/tests/list", me.cookie)).json();
    expect(listed.takableTests.find((e: { assignedTestIds: number[] }) => e.assignedTestIds.includes(id))).toMatchObject({ href: `/testing/tests/${id}`, inProgress: true });
    expect((await api.submit(id, { candidate_test_items: [] }, me.cookie)).json().receipt).toBe(receipt.receipt);
    expect((await api.start(id, me.cookie)).json().message).toBe("This test has already been submitted.");
    expect((await api.save(id, { candidate_test_items: [{ id: "r1", response: "b", seq: 9 }] }, me.cookie)).statusCode).toBe(409);

    // The call goes on to the phone part: its instructions (the test's language), then the questions.
    let view = (await get(`/api/dev/phone/call/${callId}`, admin)).json();
    expect(view.step).toMatchObject({ index: 0, total: 4, item_id: "phone-intro", record: null, prompt: { kind: "say", language: "en" } });
    view = (await post(`/api/dev/phone/step/${callId}`, { action: "played", step: 0 }, admin)).json();
    expect(view.step).toMatchObject({ index: 1, item_id: "s1", record: { item_id: "s1" } });
    expect((await get(`/api/dev/phone/prompt_audio/${callId}?item=s1`, admin)).headers["content-type"]).toMatch(/^audio\//);
    const sent = await respond(callId, 1, 1, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().call).toMatchObject({ responses: 1, submitted: false, step: { index: 2, item_id: "s2" } });

    // The candidate hangs up: received once, with the online answers and the spoken response, routed.
    const ended = (await post(`/api/dev/phone/hang_up/${callId}`, {}, admin)).json();
    expect(ended).toMatchObject({ state: 4, end_reason: "hangup", responses: 1, submitted: true, step: null });
    attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ state: "received", receipt: receipt.receipt });
    expect(attempt.submittedAt!.toISOString()).toBe(receipt.submitted_at);
    const [taken] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id));
    expect(taken.state).toBe("taken");
    const [routed] = await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attempt.id));
    expect(routed).toMatchObject({ objectiveCorrect: 2, objectiveTotal: 2 });
    const objectives = await t.ctx.db.select().from(itemObjectiveResults).where(eq(itemObjectiveResults.candidateTestId, attempt.id));
    expect(objectives.map((o) => `${o.itemId}:${o.stateId}`).sort()).toEqual(["r1:correct", "r2:correct"]);
    expect(await t.ctx.db.select({ itemId: ivrResponses.itemId }).from(ivrResponses).where(eq(ivrResponses.candidateTestId, attempt.id))).toEqual([{ itemId: "s1" }]);
    const [phoneRow] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, callId));
    expect(phoneRow).toMatchObject({ status: "completed", promptLanguageId: 104 });
    // Hanging up again changes nothing; the Thank You no longer says to stay on the line.
    expect((await post(`/api/dev/phone/hang_up/${callId}`, {}, admin)).json()).toMatchObject({ submitted: true });
    expect((await get(`/api/tests/show/${id}`, me.cookie)).json()).toMatchObject({ phonePartPending: false, attemptState: "received" });
    const after = (await get("/api/tests/list", me.cookie)).json();
    expect(after.takableTests.some((e: { assignedTestIds: number[] }) => e.assignedTestIds.includes(id))).toBe(false);

    // The evaluator's page: the online answers and the spoken response, both parts of one test.
    const executive = await t.signIn("executive@parlance.example");
    const scoring = await get(`/api/test_results/get_scoreable_content/${attempt.id}`, executive);
    expect(scoring.statusCode, scoring.body).toBe(200);
    const items = scoring.json().sections.flatMap((s: { items: unknown[] }) => s.items) as { id: string; number: number | null; response: string | null; response_audio_url: string | null }[];
    expect(items.find((i) => i.id === "r2")).toMatchObject({ number: 2, response: "Their insurance card and a list of their medicines" });
    expect(items.find((i) => i.id === "s1")).toMatchObject({ number: 3, response_audio_url: `/api/test_results/response_audio/${attempt.id}?item=s1` });
    expect(items.find((i) => i.id === "s2")?.response_audio_url).toBeNull();
    const audio = await get(`/api/test_results/response_audio/${attempt.id}?item=s1`, executive);
    expect(audio.body).toBe("spoken answer 1");
  });

  it("answers a call placed after the online part at once with the phone part, in the test's language without a prompt language", async () => {
    const { me, id } = await phoneTest();
    const api = takingApi(t);
    expect((await api.start(id, me.cookie)).statusCode).toBe(200);
    expect((await api.submit(id, { candidate_test_items: [{ id: "r1", response: "b", seq: 1 }] }, me.cookie)).json()).toMatchObject({ answered: 1, items: 2 });
    // The Thank You's "call me again": the online part in, a call may still be asked for.
    const callId = (await post("/api/tests/request_call", { ...number, assigned_test_id: id }, me.cookie)).json().call_id;
    const admin = await t.signIn("admin@parlance.example");
    const view = (await post(`/api/dev/phone/answer/${callId}`, {}, admin)).json();
    expect(view.step).toMatchObject({ index: 0, item_id: "phone-intro", prompt: { kind: "say" } });
    expect(view.lines).toMatchObject({ prompt_language: "en-US", welcome: "Welcome to your language test.", again: "Here is the question again." });
    // A call that ends before any spoken response leaves the phone part to do: not received.
    expect((await post(`/api/dev/phone/hang_up/${callId}`, {}, admin)).json()).toMatchObject({ responses: 0, submitted: false });
    expect((await attemptOf(id)).state).toBe("partially_received");
    expect((await get(`/api/tests/show/${id}`, me.cookie)).json()).toMatchObject({ phonePartPending: true, phoneCallActive: false });
  });

  it("takes a prompt language of the three only, and keeps another person's test out", async () => {
    const { me, id } = await phoneTest();
    const other = await candidateWithLogin(t);
    // 150 is Spanish: a language of the catalogue, but the engine speaks English and Chinese only.
    const spanish = await post("/api/tests/request_call", { ...number, prompt_language_id: 150, assigned_test_id: id }, me.cookie);
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().message).toBe("Choose the prompt language from the list.");
    expect((await post("/api/tests/request_call", { ...number, assigned_test_id: id }, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tests/call/${id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/tests/show/${id}`, other.cookie)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, id))).toHaveLength(0);
    // The developer phone is the provider Administrator's only.
    const callId = (await post("/api/tests/request_call", { ...number, prompt_language_id: 106, assigned_test_id: id }, me.cookie)).json().call_id;
    for (const cookie of [me.cookie, await t.signIn("admin@northwind.example")]) {
      expect((await post(`/api/dev/phone/answer/${callId}`, {}, cookie)).statusCode).toBe(403);
      expect((await get(`/api/dev/phone/call/${callId}`, cookie)).statusCode).toBe(403);
    }
    const admin = await t.signIn("admin@parlance.example");
    // Not answered yet: no engine call to look at.
    expect((await get(`/api/dev/phone/call/${callId}`, admin)).statusCode).toBe(409);
    const view = (await post(`/api/dev/phone/answer/${callId}`, {}, admin)).json();
    expect(view.lines).toMatchObject({ prompt_language: "zh-HANT", speech: "zh-TW", wait: expect.stringContaining("請不要掛斷") });
  });
});

describe("an attempt waiting for its phone part", () => {
  it("is not left in progress for ever: the online part's time submits it, the phone part's time receives it", async () => {
    const { me, id } = await phoneTest();
    const api = takingApi(t);
    expect((await api.start(id, me.cookie)).statusCode).toBe(200);
    expect((await api.save(id, { candidate_test_items: [{ id: "r1", response: "a", seq: 1 }] }, me.cookie)).statusCode).toBe(200);
    const { id: attemptId } = await attemptOf(id);
    const past = new Date(Date.now() - 3600_000);
    // The online part's time is over: submitted by the sweep, and the phone part has its own time.
    await t.ctx.db.update(candidateTests).set({ deadlineAt: past }).where(eq(candidateTests.id, attemptId));
    await sweepOverdueAttempts(t.ctx);
    let attempt = await attemptOf(id);
    expect(attempt.state).toBe("partially_received");
    expect(attempt.deadlineAt!.getTime()).toBeGreaterThan(Date.now() + (IVR_PHONE_PART_MINUTES - 1) * 60_000);
    expect((await get(`/api/tests/show/${id}`, me.cookie)).json().phonePartPending).toBe(true);
    // No call ever comes: the phone part's time over, it is received with the online answers and routed.
    await t.ctx.db.update(candidateTests).set({ deadlineAt: past }).where(eq(candidateTests.id, attemptId));
    await sweepOverdueAttempts(t.ctx);
    attempt = await attemptOf(id);
    expect(attempt.state).toBe("received");
    expect(await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, attemptId))).toHaveLength(1);
    const [assigned] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id));
    expect(assigned.state).toBe("taken");
  });

  it("holds its call while the browser is alive; an idle one ends, and a call after the attempt is received says goodbye", async () => {
    const { me, id } = await phoneTest();
    const api = takingApi(t);
    const callId = (await post("/api/tests/request_call", { ...number, assigned_test_id: id }, me.cookie)).json().call_id;
    const admin = await t.signIn("admin@parlance.example");
    expect((await post(`/api/dev/phone/answer/${callId}`, {}, admin)).json().step.prompt.kind).toBe("wait");
    expect((await api.start(id, me.cookie)).statusCode).toBe(200);
    const [phoneRow] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, callId));
    const ivrCall = and(eq(ivrCalls.channel, "phone"), eq(ivrCalls.providerCallId, phoneRow.providerCallId!));
    const longAgo = new Date(Date.now() - (IVR_IDLE_MINUTES + 5) * 60_000);
    await t.ctx.db.update(ivrCalls).set({ lastEventAt: longAgo }).where(ivrCall);
    // The online part's heartbeat keeps the holding line.
    expect((await api.heartbeat({ id }, me.cookie)).statusCode).toBe(200);
    await concludeIdleCalls(t.ctx);
    expect((await t.ctx.db.select().from(ivrCalls).where(ivrCall))[0].state).toBe("accepted");
    // Browser gone too: the call ends as abandoned, the attempt is left to its own time.
    const { id: attemptId } = await attemptOf(id);
    await t.ctx.db.update(candidateTests).set({ lastHeartbeatAt: longAgo }).where(eq(candidateTests.id, attemptId));
    await concludeIdleCalls(t.ctx);
    expect((await t.ctx.db.select().from(ivrCalls).where(ivrCall))[0]).toMatchObject({ state: "disconnected", endReason: "abandoned" });
    expect((await attemptOf(id)).state).toBe("in_progress");

    // A second call holds again; the phone part's time runs out under it: the line ends.
    const again = (await post("/api/tests/request_call", { ...number, assigned_test_id: id }, me.cookie)).json().call_id;
    expect((await api.submit(id, { candidate_test_items: [] }, me.cookie)).statusCode).toBe(200);
    expect((await post(`/api/dev/phone/answer/${again}`, {}, admin)).json().step.item_id).toBe("phone-intro");
    await t.ctx.db.update(candidateTests).set({ deadlineAt: new Date(Date.now() - 3600_000) }).where(eq(candidateTests.id, attemptId));
    await sweepOverdueAttempts(t.ctx);
    expect((await get(`/api/dev/phone/call/${again}`, admin)).json()).toMatchObject({ step: null, submitted: true });
    expect((await post(`/api/dev/phone/step/${again}`, { action: "played", step: 0 }, admin)).json()).toMatchObject({ state: 4, end_reason: "completed", step: null });
  });
});
