import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import pg from "pg";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_ARGS, expectAccessible, signIn } from "./support/browser";
import { startServer, type RunningServer } from "./support/server";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";

/**
 * A video test's room (issue 15 point 4) through TWO server processes on one PostgreSQL database:
 * the candidate's page is served by one, the evaluator's by the other, so every signal between
 * them crosses LISTEN/NOTIFY. Chromium's fake camera and microphone stand in for real ones. Each
 * side previews its camera, connects, and sees the other's stream play (a <video> with a picture
 * whose time advances); the candidate disconnects and the evaluator is told; once the evaluator
 * records the test, the room is closed to the candidate ('An error occurred while setting up the
 * video.'). Needs TEST_DATABASE_URL (the local PostgreSQL that `npm test` uses for the API tests).
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const poll = expect.poll;

/** A database of this file's own on the PostgreSQL server, dropped afterwards. */
async function scratchDatabase(url: string) {
  const name = `parlance_video_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The remote stream of a page plays: it has a picture and its time moves on. */
async function expectPlaying(page: Page, label: string) {
  const video = page.getByLabel(label, { exact: true });
  await poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  const first = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(first + 0.5);
}

const status = (page: Page) => page.getByRole("status").filter({ hasText: "Room:" });

describe.skipIf(!serverUrl)("a video room through two server processes on one PostgreSQL (needs TEST_DATABASE_URL)", () => {
  let database: Awaited<ReturnType<typeof scratchDatabase>>;
  let one: RunningServer;
  let two: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(serverUrl!);
    // The first migrates and makes the demo world; the second finds them (the startup lock).
    one = await startServer({ env: { DATABASE_URL: database.url } });
    two = await startServer({ env: { DATABASE_URL: database.url } });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
    });
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await database?.drop();
  });

  async function pageOn(server: RunningServer, width = 1280): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    return context.newPage();
  }

  it("the candidate (server one) and the evaluator (server two) see and hear each other; disconnecting and recording end it", async () => {
    // A failure says what each page showed then.
    onTestFailed(async () => {
      for (const context of contexts) for (const p of context.pages()) console.error(`${p.url()}:\n${await p.locator("body").innerText().catch(() => "")}`);
    });
    // A Mandarin video test booked now with evaluator.zh (the appointment is set in the database:
    // scheduling's own rules book live tests a business day ahead at the earliest).
    const admin = await apiSession(one.url, "admin@northwind.example");
    const candidateId = await newBostonCandidate(admin, "Vida", `Video${Date.now() % 100000}`);
    const { assigned } = await assignTestNamed(admin, candidateId, "Mandarin Listening and Speaking (Video)");
    const test = assigned[0];
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rowCount } = await db.query(
        "UPDATE assigned_tests SET scheduled_at = now(), state = 'takeable', evaluator_confirmation = 'unconfirmed', scheduled_evaluator_user_id = (SELECT id FROM users WHERE email = 'evaluator.zh@parlance.example') WHERE id = $1",
        [test.id],
      );
      expect(rowCount).toBe(1);
    } finally {
      await db.end();
    }

    // The candidate, on server one, at 375 px: signs in with the test's code and starts it.
    const candidate = await pageOn(one, 375);
    await candidate.goto("/login?use_code=1");
    await candidate.getByLabel(/access code/i).fill(test.accessCode);
    await candidate.getByRole("button", { name: /sign in|continue/i }).click();
    await candidate.waitForURL((u) => !u.pathname.startsWith("/login"));
    await candidate.goto(`/testing/tests/a${test.id}/live`);
    await candidate.getByRole("button", { name: "Start test" }).click();
    const room = candidate.getByRole("region", { name: "Video" });
    await poll(() => status(candidate).textContent()).toMatch(/Room: Not ready.*Camera: Off/s);
    await expectAccessible(candidate, "video room of the candidate, not ready");
    await room.getByRole("button", { name: "Preview Camera" }).click();
    await poll(() => status(candidate).textContent()).toMatch(/Room: Camera preview.*Camera: Previewing/s);
    await poll(() => room.getByLabel("Your camera", { exact: true }).evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await room.getByRole("button", { name: "Connect" }).click();
    await poll(() => status(candidate).textContent()).toMatch(/Room: Connected.*Camera: Connected/s);
    await poll(() => room.getByText("Waiting for the evaluator to join…").count()).toBe(1);
    await expectAccessible(candidate, "video room of the candidate, waiting for the evaluator");

    // The evaluator, on server two, from the administer page.
    const evaluator = await pageOn(two);
    await signIn(evaluator, "evaluator.zh@parlance.example");
    await evaluator.goto(`/testing/evaluators/administer/${test.id}`);
    const evaluatorRoom = evaluator.getByRole("region", { name: "Video" });
    await evaluatorRoom.getByRole("button", { name: "Connect" }).click();
    await poll(() => status(evaluator).textContent()).toMatch(/Room: Connected.*Camera: Connected/s);

    // Each sees the other's stream, through the two processes.
    await expectPlaying(evaluator, "Candidate");
    await expectPlaying(candidate, "Evaluator");
    expect(await evaluator.getByLabel("Candidate", { exact: true }).evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getAudioTracks().length)).toBe(1);
    await expectAccessible(evaluator, "video room of the evaluator, connected");
    await expectAccessible(candidate, "video room of the candidate, connected");

    // The candidate disconnects: their camera is off, and the evaluator waits for them again.
    await room.getByRole("button", { name: "Disconnect" }).click();
    await poll(() => status(candidate).textContent()).toMatch(/Room: Disconnected.*Camera: Off/s);
    await poll(() => evaluatorRoom.getByText("Waiting for the candidate to join…").count()).toBe(1);

    // The evaluator records the session: the attempt ends and the room no longer opens.
    for (const group of await evaluator.getByRole("radiogroup").all()) await group.getByRole("radio", { name: "Completed", exact: true }).check();
    await evaluator.getByRole("button", { name: /submit/i }).click();
    await poll(() => evaluator.getByText("The test has been administered and its scores recorded.").count()).toBeGreaterThan(0);
    await poll(() => evaluator.getByRole("region", { name: "Video" }).count()).toBe(0);
    await room.getByRole("button", { name: "Connect" }).click();
    await poll(() => room.getByRole("alert").innerText()).toBe("An error occurred while setting up the video.");
    await expectAccessible(candidate, "video room of the candidate after the session ended");
  });

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });
});
