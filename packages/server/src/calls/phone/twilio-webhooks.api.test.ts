import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import twilio from "twilio";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { insertAssignedTest, insertCandidate } from "../../candidates/test-fixtures.js";
import { candidateWithLogin, takingApi } from "../../taking/test-fixtures.js";
import { assignedTests, candidateTests, ivrCalls, ivrResponses, phoneCalls } from "../../db/schema.js";
import { startFakeTwilio, tinyWav, type FakeTwilio } from "../../providers/voice/fake-twilio.js";

/**
 * A phone test by Twilio, end to end through the real app and a local fake of Twilio's REST API:
 * the administrator's call placed, then Twilio's webhooks as Twilio sends them (form-encoded,
 * X-Twilio-Signature over PUBLIC_URL and the parameters) walking the IVR engine — prompts played
 * from our signed address, a response recorded, fetched into our storage and deleted at Twilio,
 * star for Request Repeat, the hang-up — and forged or foreign webhooks refused with nothing done.
 */
const SID = `AC${"3".repeat(32)}`;
const TOKEN = "webhook-test-auth-token-0123456789";
const PUBLIC = "http://localhost:3000";

let t: TestApp;
let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio(SID, TOKEN);
  t = await createTestApp({ config: { voice: { provider: "twilio", accountSid: SID, authToken: TOKEN, fromNumber: "+16175550100", apiBaseUrl: fake.url } } });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Twilio's request: form-encoded, signed for the public URL it called, no Origin. */
function webhook(path: string, params: Record<string, string>, signature?: string) {
  const body = new URLSearchParams(params).toString();
  return t.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature ?? twilio.getExpectedTwilioSignature(TOKEN, `${PUBLIC}${path}`, params) },
    payload: body,
  });
}

async function placedCall() {
  const candidate = await insertCandidate(t, { firstName: "Twilio", lastName: "Caller", office: 0 });
  const test = (await insertAssignedTest(t, candidate, { test: "en-ls-ivr" })).id;
  const admin = await t.signIn("admin@northwind.example");
  const res = await t.request({ method: "POST", url: "/api/call_candidate/call_candidate", cookie: admin, body: { account: t.ids.accounts.northwind, phone_number: "+1 617 555 0142", assigned_test_id: test } });
  expect(res.json()).toMatchObject({ success: true, message: "The test has been assigned." });
  const [call] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, res.json().call_id));
  return { test, call, callSid: call.providerCallId! };
}

const attrOf = (xml: string, tag: string, attr: string) => new RegExp(`<${tag}[^>]*\\s${attr}="([^"]*)"`).exec(xml)?.[1]?.replace(/&amp;/g, "&") ?? null;
const pathOf = (url: string) => url.slice(PUBLIC.length);

describe("Twilio's webhooks", () => {
  it("refuse a forged signature, another call's CallSid, and a signature for another address: nothing starts", async () => {
    const { call, callSid } = await placedCall();
    const path = `/api/calls/phone/twilio/voice/${call.id}`;
    const params = { CallSid: callSid, CallStatus: "in-progress", AccountSid: SID };
    const forged = await webhook(path, params, twilio.getExpectedTwilioSignature("someone-elses-token-012345", `${PUBLIC}${path}`, params));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe("The webhook signature is not valid.");
    expect((await webhook(path, params, "")).statusCode).toBe(403);
    expect((await webhook(path, params, twilio.getExpectedTwilioSignature(TOKEN, `http://evil.example${path}`, params))).statusCode).toBe(403);
    expect((await webhook(path, { ...params, CallSid: `CA${"9".repeat(32)}` })).statusCode).toBe(403);
    expect((await webhook(`/api/calls/phone/twilio/voice/999999`, params)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(ivrCalls).where(eq(ivrCalls.providerCallId, callSid))).toHaveLength(0);
    const prompt = await t.app.inject({ method: "GET", url: `/api/calls/phone/twilio/prompt/${call.id}?item=welcome&sig=${"0".repeat(64)}` });
    expect(prompt.statusCode).toBe(403);
  });

  it("run the test on the call: prompts, a response fetched into our storage, Request Repeat, the hang-up", async () => {
    const { test, call, callSid } = await placedCall();
    const placed = fake.requests.find((r) => r.path.endsWith("/Calls.json") && r.params.get("Url") === `${PUBLIC}/api/calls/phone/twilio/voice/${call.id}`);
    expect(placed?.params.get("To")).toBe("+16175550142");
    const base = { CallSid: callSid, AccountSid: SID, From: "+16175550100", To: "+16175550142" };

    // Answered: the engine starts the test; the first prompt plays from our signed address.
    const answered = await webhook(`/api/calls/phone/twilio/voice/${call.id}`, { ...base, CallStatus: "in-progress", AnsweredBy: "human" });
    expect(answered.statusCode).toBe(200);
    expect(answered.headers["content-type"]).toContain("text/xml");
    const play = /<Play>([^<]+)<\/Play>/.exec(answered.body)?.[1]?.replace(/&amp;/g, "&");
    expect(play).toMatch(new RegExp(`^${PUBLIC}/api/calls/phone/twilio/prompt/${call.id}\\?item=welcome&sig=[0-9a-f]{64}$`));
    const audio = await t.app.inject({ method: "GET", url: pathOf(play!) });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers["content-type"]).toMatch(/^audio\//);
    expect((await t.app.inject({ method: "GET", url: pathOf(play!).replace("item=welcome", "item=q1") })).statusCode).toBe(403);
    const [phoneRow] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, call.id));
    expect(phoneRow.status).toBe("in_progress");

    // The welcome played: the first question, recorded after the prompt.
    const next = attrOf(answered.body, "Redirect", "") ?? /<Redirect[^>]*>([^<]+)<\/Redirect>/.exec(answered.body)![1].replace(/&amp;/g, "&");
    const q1 = await webhook(pathOf(next), { ...base, CallStatus: "in-progress" });
    expect(q1.body).toContain("<Record");
    const recordAction = attrOf(q1.body, "Record", "action")!;
    expect(recordAction).toMatch(/\/recording\/\d+\?step=\d+$/);

    // A retried webhook of the same step moves nothing.
    expect((await webhook(pathOf(next), { ...base, CallStatus: "in-progress" })).body).toBe(q1.body);

    // The response: fetched from Twilio into our storage, acknowledged, deleted at Twilio.
    const wav = tinyWav(600);
    const recordingSid = fake.addRecording(wav);
    const afterQ1 = await webhook(pathOf(recordAction), { ...base, CallStatus: "in-progress", RecordingSid: recordingSid, RecordingDuration: "2", RecordingUrl: `https://api.twilio.com/2010-04-01/Accounts/${SID}/Recordings/${recordingSid}` });
    expect(afterQ1.statusCode).toBe(200);
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, test));
    const stored = await t.ctx.db.select().from(ivrResponses).where(eq(ivrResponses.candidateTestId, attempt.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ itemId: "q1", contentType: "audio/wav", size: wav.length, durationMs: 2000 });
    expect(fake.deletedRecordings).toContain(recordingSid);

    // Star on the next question: the same prompt again.
    const q2Action = attrOf(afterQ1.body, "Record", "action")!;
    const repeated = await webhook(pathOf(q2Action), { ...base, CallStatus: "in-progress", Digits: "*", RecordingSid: fake.addRecording(tinyWav()), RecordingDuration: "1" });
    expect(repeated.body).toContain("Here is the question again.");
    expect(attrOf(repeated.body, "Record", "action")).toBe(q2Action);

    // The candidate hangs up: the call ends, the attempt with its response is received.
    expect((await webhook(`/api/calls/phone/twilio/status/${call.id}`, { ...base, CallStatus: "completed", CallDuration: "95" })).statusCode).toBe(200);
    const [ended] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, call.id));
    expect(ended.status).toBe("completed");
    const [ivr] = await t.ctx.db.select().from(ivrCalls).where(and(eq(ivrCalls.channel, "phone"), eq(ivrCalls.providerCallId, callSid)));
    expect(ivr).toMatchObject({ state: "disconnected", endReason: "hangup" });
    const [assigned] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, test));
    expect(assigned.state).toBe("taken");
  });

  it("hold a test that continues by phone while its online part is open, speaking the call's prompt language", async () => {
    const me = await candidateWithLogin(t);
    const test = (await insertAssignedTest(t, me.candidateId, { test: "en-rs-phone" })).id;
    // Traditional Chinese (106) for the engine's own lines; the test's prompts stay English.
    const requested = await t.request({ method: "POST", url: "/api/tests/request_call", cookie: me.cookie, body: { iso_code: "US", phone_number: "617 555 0142", prompt_language_id: 106, assigned_test_id: test } });
    expect(requested.json()).toMatchObject({ success: true });
    const [call] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, requested.json().call_id));
    const base = { CallSid: call.providerCallId!, AccountSid: SID, From: "+16175550100", To: "+16175550142", CallStatus: "in-progress" };
    const says = (xml: string) => [...xml.matchAll(/<Say([^>]*)>([^<]*)<\/Say>/g)].map((m) => ({ attrs: m[1], text: m[2] }));
    const mandarin = ' language="cmn-TW" voice="Google.cmn-TW-Standard-A"';

    // Answered: the welcome and the hold message in Mandarin (Taiwan), a pause, and back to ask again.
    const answered = await webhook(`/api/calls/phone/twilio/voice/${call.id}`, { ...base, AnsweredBy: "human" });
    expect(says(answered.body)).toEqual([
      { attrs: mandarin, text: "歡迎參加您的語言考試。" },
      { attrs: mandarin, text: "請不要掛斷。您提交考試的線上部分後，考試將在本次通話中繼續。" },
    ]);
    expect(answered.body).toContain('<Pause length="15"/>');
    const next = /<Redirect[^>]*>([^<]+)<\/Redirect>/.exec(answered.body)![1].replace(/&amp;/g, "&");
    expect(next).toBe(`${PUBLIC}/api/calls/phone/twilio/voice/${call.id}?wait=1`);
    // Still waiting: a pause without the message, until its next round.
    const held = await webhook(pathOf(next), base);
    expect(says(held.body)).toEqual([]);
    expect(held.body).toContain(`/voice/${call.id}?wait=2</Redirect>`);

    // The online part submitted: the next round goes on to the phone part.
    const api = takingApi(t);
    expect((await api.start(test, me.cookie)).statusCode).toBe(200);
    expect((await api.submit(test, { candidate_test_items: [{ id: "r1", response: "a", seq: 1 }] }, me.cookie)).statusCode).toBe(200);
    const intro = await webhook(`/api/calls/phone/twilio/voice/${call.id}?wait=2`, base);
    expect(says(intro.body)).toEqual([{ attrs: ' language="en-US"', text: expect.stringMatching(/^This is the speaking part of your test\./) }]);
    expect(intro.body).toContain(`/voice/${call.id}?played=0</Redirect>`);
    const q = await webhook(`/api/calls/phone/twilio/voice/${call.id}?played=0`, base);
    expect(says(q.body)).toEqual([{ attrs: mandarin, text: "聽到提示音後，請說出您的回答。按星號鍵可再聽一次問題，回答完畢後請按井字鍵。" }]);
    expect(q.body).toMatch(/<Play>[^<]+item=s1&amp;sig=/);
    const recordAction = attrOf(q.body, "Record", "action")!;
    const afterQ = await webhook(pathOf(recordAction), { ...base, RecordingSid: fake.addRecording(tinyWav(400)), RecordingDuration: "2" });
    expect(afterQ.body).toContain("item=s2");

    // The hang-up: received with both parts.
    await webhook(`/api/calls/phone/twilio/status/${call.id}`, { ...base, CallStatus: "completed", CallDuration: "120" });
    const [attempt] = await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, test));
    expect(attempt.state).toBe("received");
    expect(await t.ctx.db.select({ itemId: ivrResponses.itemId }).from(ivrResponses).where(eq(ivrResponses.candidateTestId, attempt.id))).toEqual([{ itemId: "s1" }]);
    // Another webhook of the ended call: the goodbye in the prompt language, and the line hangs up.
    const late = await webhook(`/api/calls/phone/twilio/voice/${call.id}?wait=3`, base);
    expect(says(late.body)).toEqual([{ attrs: mandarin, text: "謝謝。您的回答已被記錄。再見。" }]);
    expect(late.body).toContain("<Hangup/>");
  });

  it("hang up on an answering machine without starting the test", async () => {
    const { call, callSid } = await placedCall();
    const res = await webhook(`/api/calls/phone/twilio/voice/${call.id}`, { CallSid: callSid, CallStatus: "in-progress", AnsweredBy: "machine_start" });
    expect(res.body).toContain("<Hangup");
    expect(await t.ctx.db.select().from(ivrCalls).where(eq(ivrCalls.providerCallId, callSid))).toHaveLength(0);
  });

  it("answer 200 with a failed call when Twilio refuses the number: 'The test could not be assigned.'", async () => {
    const candidate = await insertCandidate(t, { firstName: "Twilio", lastName: "Refused", office: 0 });
    const test = (await insertAssignedTest(t, candidate, { test: "en-ls-ivr" })).id;
    const admin = await t.signIn("admin@northwind.example");
    // +1 500 555 0001 is a valid-looking US number that the fake (like Twilio's test credentials) refuses.
    const res = await t.request({ method: "POST", url: "/api/call_candidate/call_candidate", cookie: admin, body: { account: t.ids.accounts.northwind, phone_number: "+1 500 555 0001", assigned_test_id: test } });
    expect(res.json()).toMatchObject({ success: false, message: "The test could not be assigned.", call_id: null });
    const [row] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, test));
    expect(row).toMatchObject({ status: "failed" });
    expect(row.error).toContain("is not a valid phone number");
  });
});
