import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { assignedTests, candidateTests, ivrCalls, ivrResponses, scoringAssignments, users, webIvrTokens } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin } from "../../taking/test-fixtures.js";
import { concludeIdleCalls, IVR_IDLE_MINUTES } from "../ivr/engine.js";

/** The web-IVR channel through the real app, and the IVR engine under it (issue 15 points 1, 2, 6). */
let t: TestApp;
let evaluator: string;
let zhEvaluator: string;
let admin: string;

/** Some bytes in a WebM (EBML) container, as MediaRecorder would send them. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from("webm opus response ".repeat(40))]);

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  evaluator = await t.signIn("evaluator@parlance.example");
  zhEvaluator = await t.signIn("evaluator.zh@parlance.example");
  admin = await t.signIn("admin@northwind.example");
}, 60_000);
afterAll(() => t?.close());

const api = (cookie: string, id: number) => ({
  token: () => t.request({ method: "GET", url: `/api/webivr/candidate_access_token/${id}`, cookie }),
  post: (what: string, body: unknown) => t.request({ method: "POST", url: `/api/webivr/${what}/${id}`, cookie, body }),
  upload: (fields: Record<string, string | number>, file: { type: string; data: Buffer } | null) => {
    const boundary = "----ivrResponse7";
    const parts: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="response.webm"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from("\r\n"));
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return t.app.inject({
      method: "POST",
      url: `/api/webivr/response/${id}`,
      headers: { cookie, "content-type": `multipart/form-data; boundary=${boundary}`, origin: "http://localhost:3000" },
      payload: Buffer.concat(parts),
    });
  },
});

async function ivrTaker(test = "en-ls-ivr") {
  const c = await candidateWithLogin(t);
  const id = await assign(t, c.candidateId, { test });
  const a = api(c.cookie, id);
  const tok = await a.token();
  expect(tok.statusCode, tok.body).toBe(200);
  return { ...c, id, a, token: tok.json().token as string };
}

describe("a web call from Begin Call to the last prompt", () => {
  it("walks the prompts, stores each response by SHA-256 with the seq rule, routes the attempt to the English evaluator, who hears the responses", async () => {
    const { id, a, token, cookie } = await ivrTaker();
    const begun = await a.post("begin", { token });
    expect(begun.statusCode, begun.body).toBe(200);
    const call = begun.json();
    expect(call).toMatchObject({ state: 1, end_reason: null, responses: 0, submitted: false, step: { index: 0, total: 5, item_id: "welcome", record: null, again: null, repeats_left: 2 } });
    expect(call.step.prompt).toMatchObject({ kind: "play", item_id: "welcome", content_type: "audio/ogg" });
    const callId = call.call_id;
    expect((await a.post("event", { token, call_id: callId, event: "accept" })).json().state).toBe(2);

    const prompt = await t.request({ method: "GET", url: `/api/webivr/prompt_audio/${id}?token=${token}&call_id=${callId}&item=welcome`, cookie });
    expect([prompt.statusCode, prompt.headers["content-type"]]).toEqual([200, "audio/ogg"]);
    expect(prompt.rawPayload.subarray(0, 4).toString("latin1")).toBe("OggS");

    // A recording step cannot be skipped as "played"; a later step is not current yet.
    expect((await a.post("prompt_played", { token, call_id: callId, step: 1 })).statusCode).toBe(409);
    let v = (await a.post("prompt_played", { token, call_id: callId, step: 0 })).json();
    expect(v.step).toMatchObject({ index: 1, item_id: "q1", record: { item_id: "q1" } });
    // A retried "played" of step 0 changes nothing.
    expect((await a.post("prompt_played", { token, call_id: callId, step: 0 })).json().step.index).toBe(1);
    expect((await a.post("prompt_played", { token, call_id: callId, step: 1 })).json().message).toBe("This prompt waits for a spoken response.");

    v = (await a.post("repeat", { token, call_id: callId, step: 1 })).json();
    expect(v.step).toMatchObject({ index: 1, again: "repeat", repeats_left: 1 });
    await a.post("repeat", { token, call_id: callId, step: 1 });
    const third = await a.post("repeat", { token, call_id: callId, step: 1 });
    expect([third.statusCode, third.json().message]).toEqual([422, "This prompt cannot be repeated again."]);
    v = (await a.post("no_response", { token, call_id: callId, step: 1 })).json();
    expect(v.step).toMatchObject({ index: 1, again: "silence" });

    const up = await a.upload({ token, call_id: callId, step: 1, seq: 5, duration_ms: 4200 }, { type: "audio/webm;codecs=opus", data: WEBM });
    expect(up.statusCode, up.body).toBe(200);
    const sha = createHash("sha256").update(WEBM).digest("hex");
    expect(up.json().ack).toEqual({ item_id: "q1", seq: 5, sha256: sha, size: WEBM.length, content_type: "audio/webm" });
    expect(up.json().call.step).toMatchObject({ index: 2, item_id: "q2", again: null });
    // The same upload again (its answer was lost) and an older one: acknowledged, nothing moves, nothing is replaced.
    const again = await a.upload({ token, call_id: callId, step: 1, seq: 5 }, { type: "audio/webm", data: WEBM });
    expect([again.statusCode, again.json().call.step.index]).toEqual([200, 2]);
    const older = await a.upload({ token, call_id: callId, step: 1, seq: 4 }, { type: "audio/webm", data: Buffer.from("older take") });
    expect(older.json().ack.sha256).toBe(sha);

    const second = Buffer.concat([WEBM, Buffer.from("second answer")]);
    expect((await a.upload({ token, call_id: callId, step: 2, seq: 6 }, { type: "audio/webm", data: second })).json().call.step.item_id).toBe("q3");
    // Silence on q3: asked twice more, then the call moves on without a response.
    for (let i = 0; i < 3; i++) v = (await a.post("no_response", { token, call_id: callId, step: 3 })).json();
    expect(v.step).toMatchObject({ index: 4, item_id: "goodbye", record: null });
    v = (await a.post("prompt_played", { token, call_id: callId, step: 4 })).json();
    expect(v).toMatchObject({ state: 4, end_reason: "completed", step: null, responses: 2, submitted: true });

    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    expect(attempt.state).toBe("received");
    expect(attempt.receipt).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.ctx.db.select({ s: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id)))[0].s).toBe("taken");
    const [routed] = await t.ctx.db.select({ evaluator: users.email }).from(scoringAssignments).innerJoin(users, eq(users.id, scoringAssignments.evaluatorUserId)).where(eq(scoringAssignments.candidateTestId, attempt.id));
    expect(routed.evaluator).toBe("evaluator@parlance.example");
    expect(await t.ctx.db.select({ item: ivrResponses.itemId }).from(ivrResponses).where(eq(ivrResponses.candidateTestId, attempt.id)).orderBy(ivrResponses.itemId)).toEqual([{ item: "q1" }, { item: "q2" }]);

    // The scoring page plays the responses: its evaluator gets the bytes; the candidate, a client and another language's evaluator do not.
    const audio = await t.request({ method: "GET", url: `/api/test_results/response_audio/${attempt.id}?item=q1`, cookie: evaluator });
    expect([audio.statusCode, audio.headers["content-type"]]).toEqual([200, "audio/webm"]);
    expect(audio.rawPayload.equals(WEBM)).toBe(true);
    const content = (await t.request({ method: "GET", url: `/api/test_results/get_scoreable_content/${attempt.id}`, cookie: evaluator })).json();
    const items = content.sections.flatMap((s: { items: { id: string; response_audio_url: string | null }[] }) => s.items);
    expect(items.find((i: { id: string }) => i.id === "q1").response_audio_url).toBe(`/api/test_results/response_audio/${attempt.id}?item=q1`);
    expect(items.find((i: { id: string }) => i.id === "q3").response_audio_url).toBeNull();
    expect((await t.request({ method: "GET", url: `/api/test_results/response_audio/${attempt.id}?item=q3`, cookie: evaluator })).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/test_results/response_audio/${attempt.id}?item=q1`, cookie })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/test_results/response_audio/${attempt.id}?item=q1`, cookie: admin })).statusCode).toBe(403);
    expect((await t.request({ method: "GET", url: `/api/test_results/response_audio/${attempt.id}?item=q1`, cookie: zhEvaluator })).statusCode).toBe(404);

    // The test is done: no new token, no new call.
    expect((await a.token()).statusCode).toBe(422);
    expect((await a.post("begin", { token })).statusCode).toBe(422);
  }, 60_000);
});

describe("hang-up, cancel and resuming", () => {
  it("a call cancelled before any response leaves the test takeable; Begin Call again (a reload) resumes an open call at its step; a hang-up with a response submits", async () => {
    const { id, a, token } = await ivrTaker("es-ls-ivr");
    const first = (await a.post("begin", { token })).json();
    const cancelled = (await a.post("event", { token, call_id: first.call_id, event: "cancel" })).json();
    expect(cancelled).toMatchObject({ state: 3, end_reason: "cancelled", step: null, submitted: false });
    expect((await t.ctx.db.select({ s: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id)))[0].s).toBe("takeable");
    // Ended twice is harmless; a step of an ended call is refused.
    expect((await a.post("event", { token, call_id: first.call_id, event: "disconnect" })).json().state).toBe(3);
    expect((await a.post("prompt_played", { token, call_id: first.call_id, step: 0 })).json().message).toBe("This call has already ended.");

    const second = (await a.post("begin", { token })).json();
    expect(second.step.index).toBe(0);
    await a.post("event", { token, call_id: second.call_id, event: "accept" });
    await a.post("prompt_played", { token, call_id: second.call_id, step: 0 });
    expect((await a.token()).json().open_call_id).toBe(second.call_id);
    const resumed = (await a.post("begin", { token })).json();
    expect(resumed.call_id).not.toBe(second.call_id);
    expect(resumed.step).toMatchObject({ index: 1, item_id: "q1" });
    const replaced = await t.ctx.db.select({ endReason: ivrCalls.endReason }).from(ivrCalls).where(eq(ivrCalls.id, second.call_id));
    expect(replaced[0].endReason).toBe("replaced");

    await a.upload({ token, call_id: resumed.call_id, step: 1, seq: 1 }, { type: "audio/ogg", data: Buffer.from("OggS spoken answer") });
    const hung = (await a.post("event", { token, call_id: resumed.call_id, event: "disconnect" })).json();
    expect(hung).toMatchObject({ state: 4, end_reason: "hangup", responses: 1, submitted: true });
    expect((await t.ctx.db.select({ s: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id)))[0].s).toBe("taken");
  }, 60_000);
});

describe("a call left idle (its tab closed)", () => {
  it("is concluded as abandoned by the idle-call job once IVR_IDLE_MINUTES pass, and not before; with a response the test is submitted", async () => {
    const { id, a, token } = await ivrTaker("es-ls-ivr");
    const call = (await a.post("begin", { token })).json();
    await a.post("event", { token, call_id: call.call_id, event: "accept" });
    await a.post("prompt_played", { token, call_id: call.call_id, step: 0 });
    await a.upload({ token, call_id: call.call_id, step: 1, seq: 1 }, { type: "audio/ogg", data: Buffer.from("OggS spoken answer") });
    const stateOf = async () => (await t.ctx.db.select({ state: ivrCalls.state, endReason: ivrCalls.endReason }).from(ivrCalls).where(eq(ivrCalls.id, call.call_id)))[0];
    // The call's last event moved into the past (the engine re-checks idleness by the clock under its lock).
    const lastEventAgo = (minutes: number) => t.ctx.db.update(ivrCalls).set({ lastEventAt: new Date(Date.now() - minutes * 60_000) }).where(eq(ivrCalls.id, call.call_id));
    await lastEventAgo(IVR_IDLE_MINUTES - 1);
    await concludeIdleCalls(t.ctx);
    expect(await stateOf()).toEqual({ state: "accepted", endReason: null });
    await lastEventAgo(IVR_IDLE_MINUTES + 1);
    await concludeIdleCalls(t.ctx);
    expect(await stateOf()).toEqual({ state: "disconnected", endReason: "abandoned" });
    expect((await t.ctx.db.select({ s: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id)))[0].s).toBe("taken");
  }, 60_000);
});

describe("the token opens one test for one person", () => {
  it("refuses another test's token, another person's, an expired one, none, a signed-out caller and a client user", async () => {
    const x = await ivrTaker();
    const y = await ivrTaker();
    const otherTest = await assign(t, x.candidateId, { test: "es-ls-ivr" });
    const otherToken = (await api(x.cookie, otherTest).token()).json().token;
    // x's token of the other test does not open this one; y's token does not open x's test even for y's own id mix.
    expect((await x.a.post("begin", { token: otherToken })).json().message).toBe("This call's access token is not valid for this test. Start the call again.");
    expect((await x.a.post("begin", { token: y.token })).statusCode).toBe(403);
    expect((await api(y.cookie, x.id).post("begin", { token: x.token })).statusCode).toBe(403);
    expect((await api(y.cookie, y.id).post("begin", { token: x.token })).statusCode).toBe(403);
    // A call of another test with this test's token: 404.
    const yCall = (await y.a.post("begin", { token: y.token })).json().call_id;
    expect((await x.a.post("state", { token: x.token, call_id: yCall })).statusCode).toBe(404);
    await t.ctx.db.update(webIvrTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webIvrTokens.tokenHash, createHash("sha256").update(x.token).digest("hex")));
    const expired = await x.a.post("begin", { token: x.token });
    expect([expired.statusCode, expired.json().message]).toEqual([403, "This call's access token has expired. Start the call again."]);
    expect((await x.a.post("begin", {})).statusCode).toBe(400);
    expect((await t.request({ method: "GET", url: `/api/webivr/candidate_access_token/${x.id}` })).statusCode).toBe(401);
    expect((await api(admin, x.id).token()).statusCode).toBe(403);
    expect((await api(evaluator, x.id).token()).statusCode).toBe(403);
  }, 60_000);

  it("gives no token for a test that is not a phone test, nor for another candidate's test", async () => {
    const c = await candidateWithLogin(t);
    const online = await assign(t, c.candidateId, { test: "en-reading" });
    const res = await api(c.cookie, online).token();
    expect([res.statusCode, res.json().message]).toEqual([422, "This test is not taken by phone."]);
    const other = await ivrTaker();
    expect((await api(c.cookie, other.id).token()).statusCode).toBe(404);
    expect((await api(c.cookie, 0).token()).statusCode).toBe(400);
  }, 60_000);
});

describe("bad input changes nothing", () => {
  it("refuses a non-audio file, an empty one, no file, bad fields, a step that records nothing, and a bad event", async () => {
    const { id, a, token } = await ivrTaker();
    const callId = (await a.post("begin", { token })).json().call_id;
    const cases: [Parameters<typeof a.upload>[0], Parameters<typeof a.upload>[1], number, string][] = [
      [{ token, call_id: callId, step: 0, seq: 1 }, { type: "audio/webm", data: WEBM }, 409, "This prompt does not take a spoken response."],
      [{ token, call_id: callId, step: 1, seq: 1 }, { type: "application/pdf", data: WEBM }, 400, "A recorded response must be audio (WebM, Ogg, WAV, MP3 or MP4 audio)."],
      [{ token, call_id: callId, step: 1, seq: 1 }, { type: "audio/webm", data: Buffer.alloc(0) }, 400, "The recorded response is empty."],
      [{ token, call_id: callId, step: 1, seq: 1 }, null, 400, "A recorded response must be sent as one audio file."],
      [{ token, call_id: callId, step: "one", seq: 1 }, { type: "audio/webm", data: WEBM }, 400, ""],
      [{ token, call_id: callId, step: 1, seq: 1 }, { type: "audio/webm", data: Buffer.alloc(8 * 1024 * 1024 + 1, 1) }, 413, "The recorded response is too large."],
    ];
    for (const [fields, file, status, message] of cases) {
      const res = await a.upload(fields, file);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    // Step 1 is not current yet (the welcome plays first): a response to it now is stale.
    expect((await a.upload({ token, call_id: callId, step: 2, seq: 1 }, { type: "audio/webm", data: WEBM })).statusCode).toBe(409);
    expect((await a.post("event", { token, call_id: callId, event: "explode" })).statusCode).toBe(400);
    expect((await a.post("repeat", { token, call_id: callId, step: -1 })).statusCode).toBe(400);
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id));
    expect(await t.ctx.db.select().from(ivrResponses).where(eq(ivrResponses.candidateTestId, attempt.id))).toEqual([]);
    expect((await a.post("state", { token, call_id: callId })).json().step.index).toBe(0);
  }, 60_000);
});
