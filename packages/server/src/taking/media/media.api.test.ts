import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPPED_CONTENT_DIR } from "../../content/sources.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../test-fixtures.js";

/** GET /api/test_content/media/{id}?item=: the item's bytes, Range, grants, cache rules, scope. */
let t: TestApp;
let api: ReturnType<typeof takingApi>;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
let listening: number;
let reading: number;

const media = (id: number, item: string, cookie?: string, range?: string) =>
  t.app.inject({ method: "GET", url: `/api/test_content/media/${id}?item=${item}`, headers: { ...(cookie ? { cookie } : {}), ...(range ? { range } : {}) } });
const shipped = (file: string) => fs.readFile(path.join(SHIPPED_CONTENT_DIR, file));

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  api = takingApi(t);
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
  listening = await assign(t, owner.candidateId, { test: "en-listening" });
  reading = await assign(t, owner.candidateId, { test: "en-reading" });
  expect((await api.start(listening, owner.cookie)).statusCode).toBe(200);
  expect((await api.start(reading, owner.cookie)).statusCode).toBe(200);
});
afterAll(() => t?.close());

describe("media", () => {
  it("the section sends the media route as src", async () => {
    const section = (await api.section(reading, owner.cookie, 2)).json();
    const chart = section.items.find((i: { id: string }) => i.id === "borrowing-chart");
    expect(chart.item_image.src).toBe(`/api/test_content/media/${reading}?item=borrowing-chart`);
    const clip = (await api.section(listening, owner.cookie, 1)).json().items.find((i: { item_audio: unknown }) => i.item_audio);
    expect(clip.item_audio.src).toBe(`/api/test_content/media/${listening}?item=${clip.id}`);
  });

  it("an image is served while the attempt is open, from the database, with its type", async () => {
    const res = await media(reading, "borrowing-chart", owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml");
    expect(res.headers["cache-control"]).toBe("private, max-age=300");
    expect(res.rawPayload.equals(await shipped("media/en-reading/borrowing-chart.svg"))).toBe(true);
  });

  it("a limited recording only after a play was granted, never cached, with Range for seeking", async () => {
    const before = await media(listening, "voicemail", owner.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe("This recording plays only after access to it has been granted.");
    expect((await api.grant(listening, "item=voicemail", owner.cookie)).statusCode).toBe(200);
    const file = await shipped("media/en-listening/voicemail.ogg");
    const whole = await media(listening, "voicemail", owner.cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-type"]).toBe("audio/ogg");
    expect(whole.headers["cache-control"]).toBe("private, no-store");
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.rawPayload.equals(file)).toBe(true);

    const part = await media(listening, "voicemail", owner.cookie, "bytes=100-199");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 200))).toBe(true);
    const tail = await media(listening, "voicemail", owner.cookie, "bytes=-10");
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);
    const open = await media(listening, "voicemail", owner.cookie, `bytes=${file.length - 5}-`);
    expect(open.rawPayload.length).toBe(5);
    const beyond = await media(listening, "voicemail", owner.cookie, `bytes=${file.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${file.length}`);
  });

  it("another candidate, a missing test, an item that is not media, and signed out", async () => {
    const res = await media(reading, "borrowing-chart", other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("That test was not found.");
    expect((await media(999_999, "borrowing-chart", owner.cookie)).statusCode).toBe(404);
    const question = await media(reading, "q1", owner.cookie);
    expect(question.statusCode).toBe(404);
    expect(question.json().message).toBe("That file is not part of this test.");
    expect((await media(reading, "no-such-item", owner.cookie)).statusCode).toBe(404);
    expect((await media(reading, "borrowing-chart")).statusCode).toBe(401);
    const noItem = await t.app.inject({ method: "GET", url: `/api/test_content/media/${reading}`, headers: { cookie: owner.cookie } });
    expect(noItem.statusCode).toBe(400);
  });

  it("nothing before the test is started or after it is submitted", async () => {
    const fresh = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await media(fresh, "borrowing-chart", owner.cookie)).statusCode).toBe(409);
    expect((await api.start(fresh, owner.cookie)).statusCode).toBe(200);
    expect((await media(fresh, "borrowing-chart", owner.cookie)).statusCode).toBe(200);
    expect((await api.submit(fresh, { candidate_test_items: [] }, owner.cookie)).statusCode).toBe(200);
    expect((await media(fresh, "borrowing-chart", owner.cookie)).statusCode).toBe(409);
  });
});
