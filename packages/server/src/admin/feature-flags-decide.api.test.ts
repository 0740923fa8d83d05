import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";

/**
 * The flags decide what a test offers (issue 16 point 7): the demo's rules turn the web call off for
 * the Arabic phone test and the video room off for the medical Mandarin video test; the Spanish
 * phone test and the plain Mandarin video test keep theirs. The test page, the web-call token, the
 * live page and the video token all follow.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
const at = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
});
afterAll(() => t?.close());

const get = (url: string) => t.request({ method: "GET", url, cookie: owner.cookie });
const post = (url: string) => t.request({ method: "POST", url, cookie: owner.cookie, body: {} });

describe("the web_call flag", () => {
  it("off: the test page offers no web call and its token is refused; on: both", async () => {
    const off = await assign(t, owner.candidateId, { test: "ar-ls-ivr" });
    const on = await assign(t, owner.candidateId, { test: "es-ls-ivr" });
    expect((await get(`/api/tests/show/${off}`)).json()).toMatchObject({ testMethod: "ivr", allowWebIVR: false, callCandidate: true });
    expect((await get(`/api/tests/show/${on}`)).json()).toMatchObject({ testMethod: "ivr", allowWebIVR: true });
    const refused = await get(`/api/webivr/candidate_access_token/${off}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ messageKey: "webCall.messages.webCallOff" });
    expect((await get(`/api/webivr/candidate_access_token/${on}`)).statusCode).toBe(200);
  });
});

describe("the video flag", () => {
  // (The medical test has no content to start; the room's flag is checked before the attempt.)
  it("off: the live page offers no room and no token is given; on: the room opens", async () => {
    const off = await assign(t, owner.candidateId, { test: "med-cmn-ls-video", scheduledAt: at(-10 * 60_000) });
    const on = await assign(t, owner.candidateId, { test: "cmn-ls-video", scheduledAt: at(-10 * 60_000) });
    expect((await get(`/api/tests/live/s${off}`)).json()).toMatchObject({ video: true, videoRoom: false });
    expect((await get(`/api/tests/live/s${on}`)).json()).toMatchObject({ video: true, videoRoom: true });
    const started = await post(`/api/test_content/start_video_test/${on}`);
    expect(started.statusCode, started.body).toBe(200);
    const refused = await get(`/api/videos/candidate_access_token/${off}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ messageKey: "video.messages.roomOff" });
    expect((await get(`/api/videos/candidate_access_token/${on}`)).statusCode).toBe(200);
  });
});
