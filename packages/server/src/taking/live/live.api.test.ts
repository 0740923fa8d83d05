import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { assignedTests, candidateTests } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { assign, candidateWithLogin, takingApi } from "../test-fixtures.js";

/** start_live_test, start_video_test, start_sight_translation and the live page's data. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

type Start = "start_live_test" | "start_video_test" | "start_sight_translation";
const start = (kind: Start, id: number | string, cookie?: string) => t.request({ method: "POST", url: `/api/test_content/${kind}/${id}`, cookie, body: {} });
const show = (aid: string, cookie?: string) => t.request({ method: "GET", url: `/api/tests/live/${aid}`, cookie });
const attemptOf = async (id: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id)))[0];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
});
afterAll(() => t?.close());

describe("a live test within its window", () => {
  let id: number;
  beforeAll(async () => {
    id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(10 * MINUTE) });
  });

  it("the page's data says the window is open", async () => {
    const res = await show(`s${id}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      candidateTestId: null,
      video: false,
      assignedTestId: id,
      testDescription: "Spanish Listening and Speaking (Live)",
      testMethod: "live",
      accountName: "Northwind Health",
      durationMinutes: 30,
      window: "open",
      sightTranslation: false,
      attemptState: "not_started",
    });
    expect((await show(`a${id}`, owner.cookie)).json().window).toBe("open");
  });

  it("starts: the attempt is in progress and the answer is the session's content", async () => {
    const res = await start("start_live_test", id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json();
    expect(content).toMatchObject({ id, description: "Spanish Listening and Speaking (Live)", test_type_short_name: "listening_speaking", time_limit: null, current_section: 1 });
    expect(content.candidate_test_sections.map((s: { title: string }) => s.title)).toEqual(["Before the call", "Role play"]);
    const attempt = await attemptOf(id);
    expect(attempt).toMatchObject({ state: "in_progress", candidateId: owner.candidateId, deadlineAt: null });
    expect(attempt.startedAt).toBeInstanceOf(Date);
    expect(attempt.contentVersionId).toEqual(expect.any(Number));
    // The sections are read through get_section like any started test.
    const section = await takingApi(t).section(id, owner.cookie, 2);
    expect(section.statusCode).toBe(200);
    expect(section.json().items.map((i: { id: string }) => i.id)).toEqual(["scenario", "discussion"]);
    expect((await show(`s${id}`, owner.cookie)).json()).toMatchObject({ attemptState: "in_progress", candidateTestId: attempt.id });
  });

  it("a second start resumes the same attempt", async () => {
    const first = await attemptOf(id);
    const res = await start("start_live_test", id, owner.cookie);
    expect(res.statusCode).toBe(200);
    const again = await attemptOf(id);
    expect(again.id).toBe(first.id);
    expect(again.startedAt).toEqual(first.startedAt);
  });

  it("another candidate gets 404 from the page and every start, and nothing changes", async () => {
    const before = await attemptOf(id);
    for (const res of [await show(`s${id}`, other.cookie), await show(`a${id}`, other.cookie), await start("start_live_test", id, other.cookie), await start("start_video_test", id, other.cookie), await start("start_sight_translation", id, other.cookie)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("That test was not found.");
    }
    expect(await attemptOf(id)).toEqual(before);
  });
});

describe("each start takes only its own kind of test", () => {
  it("video starts a video test; live and sight translation refuse it", async () => {
    const id = await assign(t, owner.candidateId, { test: "cmn-ls-video", scheduledAt: at(-10 * MINUTE) });
    expect((await show(`s${id}`, owner.cookie)).json()).toMatchObject({ video: true, testMethod: "video", window: "open" });
    const live = await start("start_live_test", id, owner.cookie);
    expect(live.statusCode).toBe(422);
    expect(live.json().message).toBe("This test is not a live test.");
    expect((await start("start_sight_translation", id, owner.cookie)).json().message).toBe("This test is not taken by sight translation.");
    expect(await attemptOf(id)).toBeUndefined();
    const res = await start("start_video_test", id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().description).toBe("Mandarin Listening and Speaking (Video)");
  });

  it("live and video refuse an online test; video refuses a live one", async () => {
    const online = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await start("start_live_test", online, owner.cookie)).json().message).toBe("This test is not a live test.");
    expect((await start("start_video_test", online, owner.cookie)).json().message).toBe("This test is not a video test.");
    expect((await start("start_sight_translation", online, owner.cookie)).json().message).toBe("This test is not taken by sight translation.");
    expect((await show(`a${online}`, owner.cookie)).statusCode).toBe(404);
    const live = await assign(t, owner.candidateId, { test: "vi-ls-live", scheduledAt: at(0) });
    const res = await start("start_video_test", live, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This test is not a video test.");
    expect(await attemptOf(online)).toBeUndefined();
  });

  it("sight translation starts a live test whose content has a source-language text", async () => {
    const id = await assign(t, owner.candidateId, { test: "med-es-ls-live", scheduledAt: at(-5 * MINUTE) });
    expect((await show(`s${id}`, owner.cookie)).json().sightTranslation).toBe(true);
    const res = await start("start_sight_translation", id, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().source_language).toMatchObject({ name: "English" });
    expect(res.json().target_language).toMatchObject({ name: "Spanish" });
    // The same attempt, whichever start the candidate uses next.
    expect((await start("start_live_test", id, owner.cookie)).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id))).length).toBe(1);
    // A live test without such a text is not a sight translation.
    const plain = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(0) });
    expect((await start("start_sight_translation", plain, owner.cookie)).json().message).toBe("This test is not taken by sight translation.");
  });
});

describe("the appointment's window", () => {
  it("before 15 minutes ahead: 422 and no attempt; the page says 'before'", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(16 * MINUTE) });
    const res = await start("start_live_test", id, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This test can be started from 15 minutes before its appointment.");
    expect(await attemptOf(id)).toBeUndefined();
    const page = (await show(`s${id}`, owner.cookie)).json();
    expect(page.window).toBe("before");
    expect(new Date(page.opensAt).getTime()).toBe(new Date(page.testAt).getTime() - 15 * MINUTE);
    expect(new Date(page.closesAt).getTime()).toBe(new Date(page.testAt).getTime() + 30 * MINUTE);
  });

  it("after the appointment's end: 422", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(-31 * MINUTE) });
    const res = await start("start_live_test", id, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("The time of this appointment has passed.");
    expect((await show(`s${id}`, owner.cookie)).json().window).toBe("over");
  });

  it("without an appointment: 422 'must be scheduled'; the s form of the page is not found", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-live" });
    const res = await start("start_live_test", id, owner.cookie);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This test must be scheduled before it can be taken.");
    expect((await show(`a${id}`, owner.cookie)).json().window).toBe("unscheduled");
    expect((await show(`s${id}`, owner.cookie)).statusCode).toBe(404);
  });

  it("expired, cancelled, withdrawn, unpaid and taken tests are refused with their reason", async () => {
    const cases = [
      [{ state: "expired" as const, expiresAt: at(-MINUTE), createdAt: at(-30 * 24 * 60 * MINUTE) }, "This test has expired."],
      [{ state: "cancelled" as const }, "This test was cancelled."],
      [{ deleted: true }, "This test was withdrawn by the organisation that assigned it."],
      [{ state: "needs_payment" as const }, "This test must be paid for before it can be taken."],
      [{ state: "taken" as const }, "This test has already been submitted."],
    ] as const;
    for (const [x, message] of cases) {
      const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(0), ...x });
      const res = await start("start_live_test", id, owner.cookie);
      expect(res.statusCode, message).toBe(422);
      expect(res.json().message).toBe(message);
      expect(await attemptOf(id)).toBeUndefined();
    }
  });

  it("an attempt recorded before (no content pinned) gets its content at the start", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(0), attempt: { state: "in_progress" } });
    expect((await attemptOf(id)).contentVersionId).toBeNull();
    expect((await start("start_live_test", id, owner.cookie)).statusCode).toBe(200);
    expect((await attemptOf(id)).contentVersionId).toEqual(expect.any(Number));
  });
});

describe("the demo candidate's live test", () => {
  it("is booked for tomorrow: the page says when it starts, and starting now is refused", async () => {
    const demo = await t.signIn("candidate@northwind.example");
    const [row] = await t.ctx.db.select().from(assignedTests).where(eq(assignedTests.candidateId, t.ids.history.demoCandidate.northwind)).then((rows) => rows.filter((r) => r.scheduledAt && r.scheduledAt > new Date()));
    const page = (await show(`s${row.id}`, demo)).json();
    expect(page).toMatchObject({ window: "before", testDescription: "Spanish Listening and Speaking (Live)", accountName: "Northwind Health" });
    expect((await start("start_live_test", row.id, demo)).statusCode).toBe(422);
  });
});

describe("bad input and access", () => {
  it("answers 400 for bad ids, never 500", async () => {
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
      for (const kind of ["start_live_test", "start_video_test", "start_sight_translation"] as const) {
        const res = await start(kind, bad, owner.cookie);
        expect(res.statusCode, `${kind} ${bad}`).toBe(400);
        expect(res.json().message).toBe("The test id must be a positive whole number.");
      }
    }
    for (const bad of ["12", "x12", "a", "a0", "s-1", "a1.5", "b12", "a99999999999"]) {
      const res = await show(bad, owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe("The test address must be 'a' or 's' followed by the test's id.");
    }
  });

  it("answers 401 signed out and 403 to a client administrator", async () => {
    const id = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(0) });
    const admin = await t.signIn("admin@northwind.example");
    expect((await start("start_live_test", id)).statusCode).toBe(401);
    expect((await show(`a${id}`)).statusCode).toBe(401);
    expect((await start("start_live_test", id, admin)).statusCode).toBe(403);
    expect((await show(`a${id}`, admin)).statusCode).toBe(403);
    expect(await attemptOf(id)).toBeUndefined();
  });
});
