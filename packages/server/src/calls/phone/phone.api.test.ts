import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { insertAssignedTest, insertCandidate } from "../../candidates/test-fixtures.js";
import { candidateWithLogin } from "../../taking/test-fixtures.js";
import { phoneCalls } from "../../db/schema.js";
import { MAX_CALLS_PER_TEST_PER_HOUR } from "./records.js";

/**
 * The phone call screen's request and the call-candidate dialog's call_candidate (local voice
 * provider): who may ask for which test's call, the number checked for its country, the answers'
 * spec messages, the rows recorded, and the developer phone's routes (Administrator only, none in production).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, body, cookie });

describe("the candidate's phone call request", () => {
  it("rings the number of a phone test the candidate holds, checked for its country", async () => {
    const me = await candidateWithLogin(t);
    const ivr = (await insertAssignedTest(t, me.candidateId, { test: "en-ls-ivr" })).id;
    const startup = await t.request({ method: "GET", url: `/api/tests/call/${ivr}`, cookie: me.cookie });
    expect(startup.statusCode).toBe(200);
    expect(startup.json()).toMatchObject({ assignedTestId: ivr, testDescription: "English Listening and Speaking (Phone)", language: "English" });

    const empty = await post("/api/tests/request_call", { iso_code: "US", phone_number: "  ", assigned_test_id: ivr }, me.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Please enter a phone number.");
    const bad = await post("/api/tests/request_call", { iso_code: "US", phone_number: "123", assigned_test_id: ivr }, me.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("That is not a valid phone number for the chosen country.");
    // A UK mobile typed nationally is not a US number.
    expect((await post("/api/tests/request_call", { iso_code: "US", phone_number: "07911 123456", assigned_test_id: ivr }, me.cookie)).statusCode).toBe(400);
    expect((await post("/api/tests/request_call", { iso_code: "XX", phone_number: "07911 123456", assigned_test_id: ivr }, me.cookie)).statusCode).toBe(400);
    expect((await post("/api/tests/request_call", { iso_code: "GB", phone_number: "07911 123456", assigned_test_id: ivr, prompt_language_id: 999_999 }, me.cookie)).statusCode).toBe(400);
    expect(await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, ivr))).toHaveLength(0);

    const ok = await post("/api/tests/request_call", { iso_code: "gb", phone_number: "07911 123456", assigned_test_id: ivr }, me.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, message: "You will receive a call shortly." });
    const [row] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, ok.json().call_id));
    expect(row).toMatchObject({ assignedTestId: ivr, toNumber: "+447911123456", isoCode: "GB", provider: "local", status: "ringing", providerCallId: `local-${row.id}` });
  });

  it("refuses another candidate's test (404), a test not taken by phone (422) and a signed-out caller (401)", async () => {
    const me = await candidateWithLogin(t);
    const other = await candidateWithLogin(t);
    const theirs = (await insertAssignedTest(t, other.candidateId, { test: "en-ls-ivr" })).id;
    const online = (await insertAssignedTest(t, me.candidateId, { test: "en-reading" })).id;
    const expired = (await insertAssignedTest(t, me.candidateId, { test: "en-ls-ivr", state: "expired" })).id;
    const body = (id: number) => ({ iso_code: "US", phone_number: "(617) 555-0142", assigned_test_id: id });
    expect((await post("/api/tests/request_call", body(theirs), me.cookie)).statusCode).toBe(404);
    expect((await t.request({ method: "GET", url: `/api/tests/call/${theirs}`, cookie: me.cookie })).statusCode).toBe(404);
    const notPhone = await post("/api/tests/request_call", body(online), me.cookie);
    expect(notPhone.statusCode).toBe(422);
    expect(notPhone.json().message).toBe("This test is not taken by phone.");
    expect((await post("/api/tests/request_call", body(expired), me.cookie)).statusCode).toBe(422);
    expect((await post("/api/tests/request_call", body(theirs))).statusCode).toBe(401);
    expect((await post("/api/tests/request_call", body(theirs), await t.signIn("admin@northwind.example"))).statusCode).toBe(403);
  });

  it(`places at most ${MAX_CALLS_PER_TEST_PER_HOUR} calls for one test in an hour`, async () => {
    const me = await candidateWithLogin(t);
    const ivr = (await insertAssignedTest(t, me.candidateId, { test: "en-ls-ivr" })).id;
    const body = { iso_code: "US", phone_number: "617 555 0142", assigned_test_id: ivr };
    for (let i = 0; i < MAX_CALLS_PER_TEST_PER_HOUR; i++) expect((await post("/api/tests/request_call", body, me.cookie)).statusCode).toBe(200);
    const over = await post("/api/tests/request_call", body, me.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe("Too many calls for this test. Please wait an hour and try again.");
  });
});

describe("POST /api/call_candidate/call_candidate", () => {
  let bostonTest: number;
  let accountTest: number;
  beforeAll(async () => {
    const boston = await insertCandidate(t, { firstName: "Phone", lastName: "Boston", office: 0 });
    bostonTest = (await insertAssignedTest(t, boston, { test: "en-ls-ivr" })).id;
    const atAccount = await insertCandidate(t, { firstName: "Phone", lastName: "Account", office: null });
    accountTest = (await insertAssignedTest(t, atAccount, { test: "en-ls-ivr" })).id;
  });
  const northwind = () => t.ids.accounts.northwind;
  const body = (id: number, number = "+1 617 555 0142", account = northwind()) => ({ account, phone_number: number, assigned_test_id: id });

  it("calls the candidate for a client user of the account: 'The test has been assigned.'", async () => {
    for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example"]) {
      const res = await post("/api/call_candidate/call_candidate", body(bostonTest, "+44 20 7946 0958"), await t.signIn(email));
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toMatchObject({ success: true, message: "The test has been assigned." });
    }
    const [row] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, bostonTest)).limit(1);
    expect(row).toMatchObject({ toNumber: "+442079460958", isoCode: "GB", status: "ringing" });
  });

  it("keeps other tenants out: another account (404 whatever account the body names), an office user's other office (404)", async () => {
    const contoso = await t.signIn("admin@contoso.example");
    expect((await post("/api/call_candidate/call_candidate", body(bostonTest, undefined, t.ids.accounts.contoso), contoso)).statusCode).toBe(404);
    expect((await post("/api/call_candidate/call_candidate", body(bostonTest), contoso)).statusCode).toBe(404);
    const admin = await t.signIn("admin@northwind.example");
    expect((await post("/api/call_candidate/call_candidate", body(bostonTest, undefined, t.ids.accounts.contoso), admin)).statusCode).toBe(404);
    const officeUser = await t.signIn("office.user@northwind.example");
    expect((await post("/api/call_candidate/call_candidate", body(accountTest), officeUser)).statusCode).toBe(404);
  });

  it("refuses the wrong roles and bad input, and places nothing", async () => {
    const before = (await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, accountTest))).length;
    expect((await post("/api/call_candidate/call_candidate", body(accountTest))).statusCode).toBe(401);
    for (const email of ["candidate@northwind.example", "evaluator@parlance.example", "admin@parlance.example"]) {
      expect((await post("/api/call_candidate/call_candidate", body(accountTest), await t.signIn(email))).statusCode, email).toBe(403);
    }
    const admin = await t.signIn("admin@northwind.example");
    const national = await post("/api/call_candidate/call_candidate", body(accountTest, "617 555 0142"), admin);
    expect(national.statusCode).toBe(400);
    expect(national.json().message).toBe("That is not a valid phone number for the chosen country.");
    for (const bad of [{}, { ...body(accountTest), phone_number: "" }, { ...body(accountTest), account: "x" }, { ...body(accountTest), assigned_test_id: -1 }, { ...body(accountTest), phone_number: "+1".padEnd(60, "5") }]) {
      expect((await post("/api/call_candidate/call_candidate", bad, admin)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.assignedTestId, accountTest))).length).toBe(before);
  });
});

describe("the developer phone", () => {
  it("is the provider Administrator's only", async () => {
    expect((await t.request({ method: "GET", url: "/api/dev/phone/calls" })).statusCode).toBe(401);
    for (const email of ["admin@northwind.example", "candidate@northwind.example", "evaluator@parlance.example"]) {
      const cookie = await t.signIn(email);
      expect((await t.request({ method: "GET", url: "/api/dev/phone/calls?page=1", cookie })).statusCode, email).toBe(403);
      expect((await post("/api/dev/phone/answer/1", {}, cookie)).statusCode, email).toBe(403);
    }
    const admin = await t.signIn("admin@parlance.example");
    const list = await t.request({ method: "GET", url: "/api/dev/phone/calls?page=1", cookie: admin });
    expect(list.statusCode).toBe(200);
    expect(list.json().calls[0]).toMatchObject({ status: expect.any(String), to: expect.stringMatching(/^\+/) });
    expect((await post("/api/dev/phone/answer/999999", {}, admin)).statusCode).toBe(404);
    expect((await post("/api/dev/phone/step/abc", { action: "played", step: 0 }, admin)).statusCode).toBe(400);
  });

  it("answers a ringing call and runs the test on it with the IVR engine, to the hang-up", async () => {
    const me = await candidateWithLogin(t);
    const ivr = (await insertAssignedTest(t, me.candidateId, { test: "en-ls-ivr" })).id;
    const callId = (await post("/api/tests/request_call", { iso_code: "US", phone_number: "617 555 0142", assigned_test_id: ivr }, me.cookie)).json().call_id;
    const admin = await t.signIn("admin@parlance.example");
    const listed = (await t.request({ method: "GET", url: "/api/dev/phone/calls?page=1", cookie: admin })).json().calls;
    expect(listed.find((c: { id: number }) => c.id === callId)).toMatchObject({ status: "ringing", to: "+16175550142", testDescription: "English Listening and Speaking (Phone)" });

    const answered = await post(`/api/dev/phone/answer/${callId}`, {}, admin);
    expect(answered.statusCode).toBe(200);
    let view = answered.json();
    expect(view).toMatchObject({ channel: "phone", state: 2, step: { index: 0, item_id: "welcome", record: null } });
    const prompt = await t.request({ method: "GET", url: `/api/dev/phone/prompt_audio/${callId}?item=welcome`, cookie: admin });
    expect(prompt.statusCode).toBe(200);
    expect(prompt.headers["content-type"]).toMatch(/^audio\//);
    view = (await post(`/api/dev/phone/step/${callId}`, { action: "played", step: 0 }, admin)).json();
    expect(view.step).toMatchObject({ index: 1, item_id: "q1", record: { item_id: "q1" } });
    // A prompt that waits for a response cannot be skipped as played.
    expect((await post(`/api/dev/phone/step/${callId}`, { action: "played", step: 1 }, admin)).statusCode).toBe(409);
    expect((await post(`/api/dev/phone/step/${callId}`, { action: "repeat", step: 1 }, admin)).json().step).toMatchObject({ index: 1, again: "repeat" });

    const boundary = "----phone-test-boundary";
    const audio = Buffer.from("fake opus frames of a spoken answer");
    const part = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.concat([
      Buffer.from(part("step", "1") + part("seq", "1") + part("duration_ms", "1500")),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="response.webm"\r\ncontent-type: audio/webm;codecs=opus\r\n\r\n`),
      audio,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/dev/phone/response/${callId}`,
      headers: { cookie: admin, origin: "http://localhost:3000", "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().ack).toMatchObject({ item_id: "q1", seq: 1, size: audio.length });
    expect(sent.json().call.step).toMatchObject({ index: 2 });

    const hungUp = await post(`/api/dev/phone/hang_up/${callId}`, {}, admin);
    expect(hungUp.json()).toMatchObject({ state: 4, end_reason: "hangup", responses: 1, submitted: true });
    const [row] = await t.ctx.db.select().from(phoneCalls).where(eq(phoneCalls.id, callId));
    expect(row.status).toBe("completed");
    expect((await post(`/api/dev/phone/answer/${callId}`, {}, admin)).statusCode).toBe(409);
  });

  it("does not exist in production", async () => {
    const prod = await createTestApp({ config: { production: true } });
    try {
      const res = await prod.request({ method: "POST", url: "/login", body: { email_address: "admin@parlance.example", password: "Parlance-demo-1" } });
      const session = `parlance_session=${res.cookies.find((c) => c.name === "parlance_session")?.value}`;
      expect((await prod.request({ method: "GET", url: "/api/dev/phone/calls", cookie: session })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
