import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { CHROMIUM_ARGS, DEMO_PASSWORD, expectAccessible, signIn } from "./support/browser";
import { apiSession, assignTestNamed, newBostonCandidate, type Api } from "./support/api-session";
import { postgresUrl, useCluster } from "./support/cluster";
import { READING_STORED, SAVED_TEXT, answerQuestion, goToPage, saveIndicator, startReadingTest, submitReadingTest } from "./support/reading-test";
import { startSaveLoad, type SaveLoadResult } from "./support/save-load";
import { FAKE_MEDIA_ARGS, expectPlaying, roomStatus, videoTestBookedNow } from "./support/video-room";

/**
 * The deployment of docs/scaling.md and docs/upgrades.md (issue 17, points 4 and 5), as it runs:
 * nginx (deploy/nginx.conf.template) in front of two processes of the built server on one
 * PostgreSQL database. Through nginx: the client's address reaches the server (TRUST_PROXY) and
 * both processes serve; a candidate takes a test while one process is stopped (SIGTERM) and started
 * again, with another candidate's saves running flat out, and no acknowledged answer is lost; an
 * additive migration of the next release is applied while the processes serve, then an old process
 * is restarted (drained in nginx) on the newer database; a video room's two sides meet across the two processes (WebSockets
 * through nginx, signals through LISTEN/NOTIFY). Needs TEST_DATABASE_URL (as `npm test` sets it) and nginx.
 */

const poll = expect.poll;

/**
 * The next release's one migration, as docs/upgrades.md allows while the old release still runs:
 * a new column with a default and a new nullable column on the two tables every save writes, and a
 * new table. (Test-only: applied to this file's scratch database.)
 */
const NEXT_RELEASE_SQL = [
  `ALTER TABLE "sessions" ADD COLUMN "client_hint" text DEFAULT 'unknown' NOT NULL`,
  `ALTER TABLE "candidate_test_answers" ADD COLUMN "reviewed_at" timestamp with time zone`,
  `CREATE TABLE "release_notes_seen" ("user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade, "seen_at" timestamp with time zone DEFAULT now() NOT NULL)`,
].join(";\n--> statement-breakpoint\n");

/** A copy of this release's migrations folder with the next release's migration added to its journal. */
function nextReleaseMigrations(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-next-release-"));
  fs.cpSync(path.resolve(import.meta.dirname, "../packages/server/src/db/migrations"), dir, { recursive: true });
  const journalFile = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, "0")}_next_release_additive`;
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1_000, tag, breakpoints: true });
  fs.writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  fs.writeFileSync(path.join(dir, `${tag}.sql`), NEXT_RELEASE_SQL);
  return dir;
}

describe.skipIf(!postgresUrl)("two server processes behind nginx on one PostgreSQL (needs TEST_DATABASE_URL)", () => {
  const cluster = useCluster("deploy");
  let browser: Browser;
  let admin: Api;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] });
    admin = await apiSession(cluster.url, "admin@northwind.example");
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });

  async function newPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ baseURL: cluster.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
    context.setDefaultTimeout(20_000);
    contexts.push(context);
    return context.newPage();
  }

  /** A failure says what each page showed then. */
  const showPagesOnFailure = () =>
    onTestFailed(async () => {
      for (const context of contexts) for (const p of context.pages()) console.error(`${p.url()}:\n${await p.locator("body").innerText().catch(() => "")}`);
    });

  async function readingTestFor(firstName: string) {
    const candidateId = await newBostonCandidate(admin, firstName, `Deploy${Date.now() % 100000}`);
    const { assigned } = await assignTestNamed(admin, candidateId, "English Reading Proficiency");
    return { assignedTestId: assigned[0].id, accessCode: assigned[0].accessCode };
  }

  /** The answers the database holds for an assigned test's attempt, by item. */
  async function storedAnswers(assignedTestId: number) {
    const rows = await cluster.query<{ item_id: string; response: string; seq: string }>(
      "SELECT a.item_id, a.response, a.seq FROM candidate_test_answers a JOIN candidate_tests t ON t.id = a.candidate_test_id WHERE t.assigned_test_id = $1",
      [assignedTestId],
    );
    return new Map(rows.map((r) => [r.item_id, { response: r.response, seq: Number(r.seq) }]));
  }

  /** Every acknowledged answer of a save load is in the database (the newest acknowledged seq, or a newer one). */
  async function expectAcknowledgedStored(assignedTestId: number, load: SaveLoadResult) {
    const stored = await storedAnswers(assignedTestId);
    expect(load.acks.size).toBeGreaterThan(0);
    for (const [item, ack] of load.acks) {
      expect(stored.get(item)?.seq, `${item}: acknowledged seq ${ack.seq}`).toBeGreaterThanOrEqual(ack.seq);
      if (stored.get(item)!.seq === ack.seq) expect(stored.get(item)!.response).toBe(ack.response);
    }
  }

  it("passes the client's address on (TRUST_PROXY) and not a made-up X-Forwarded-For; both processes serve", async () => {
    // A client at 127.0.0.3 (loopback; nginx and the servers see the connection from there) that
    // claims to be someone else. The sign-in's audit row records the address nginx saw.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL("/login", cluster.url);
      const body = JSON.stringify({ email_address: "user@northwind.example", password: DEMO_PASSWORD });
      const req = http.request(
        url,
        { method: "POST", localAddress: "127.0.0.3", headers: { "content-type": "application/json", origin: cluster.url, "x-forwarded-for": "198.51.100.7" } },
        (res) => (res.resume(), resolve(res.statusCode ?? 0)),
      );
      req.on("error", reject);
      req.end(body);
    });
    expect(status).toBe(200);
    const [row] = await cluster.query<{ ip: string }>(
      "SELECT a.ip FROM audit_log a JOIN users u ON u.id = a.actor_user_id WHERE u.email = 'user@northwind.example' AND a.action = 'auth.sign_in' ORDER BY a.id DESC LIMIT 1",
    );
    expect(row.ip).toBe("127.0.0.3");

    for (let i = 0; i < 6; i++) expect((await fetch(`${cluster.url}/api/startup`)).status).toBe(200);
    const served = new Set(cluster.accessLog().filter((l) => l.uri === "/api/startup").map((l) => l.upstream));
    expect([...served].sort()).toEqual(cluster.servers.map((s) => s.address).sort());
  });

  it("a candidate's test goes on while one process stops (SIGTERM) and starts again: every acknowledged answer is kept", { timeout: 150_000 }, async () => {
    showPagesOnFailure();
    const rosa = await readingTestFor("Rosa");
    const lode = await readingTestFor("Lode");
    const load = await startSaveLoad(cluster.url, lode);
    const page = await newPage();
    // Every save and submit of the page must succeed: nginx hands them to the other process.
    const failed: string[] = [];
    page.on("response", (r) => /save_progress|submit_test/.test(r.url()) && r.status() !== 200 && failed.push(`${r.status()} ${r.url()}`));
    page.on("requestfailed", (r) => /save_progress|submit_test/.test(r.url()) && failed.push(`${r.failure()?.errorText} ${r.url()}`));

    await startReadingTest(page, rosa);
    await expectAccessible(page, "test page through nginx");
    // The autosave goes out 5 s after the first answer: the first process is stopped right then,
    // while the other candidate's saves are in flight too.
    const autosave = page.waitForRequest(/save_progress/, { timeout: 20_000 });
    for (const q of [1, 2, 3, 4, 5, 6]) await answerQuestion(page, q);
    await autosave;
    const one = cluster.servers[0];
    const stoppedAt = Date.now();
    const stopped = one.stop();
    for (const q of [7, 8, 9]) await answerQuestion(page, q);
    expect(await stopped, one.output()).toBe(0);
    const stopSeconds = (Date.now() - stoppedAt) / 1000;
    const savesWhileOneWasDown = load.acknowledged;

    // Started again while the candidate answers on; once ready, it takes saves again.
    const restartedAt = Date.now();
    let startSeconds = 0;
    const restarted = one.start().then(() => (startSeconds = (Date.now() - restartedAt) / 1000));
    await poll(() => saveIndicator(page).innerText(), { timeout: 30_000 }).toContain(SAVED_TEXT);
    await goToPage(page, 2);
    for (const q of [10, 11, 12]) await answerQuestion(page, q);
    await restarted;
    const servedByOne = () => cluster.accessLog().filter((l) => l.uri.startsWith("/api/test_content/save_progress/") && l.upstream === one.address).length;
    const beforeReady = servedByOne();
    await poll(servedByOne).toBeGreaterThan(beforeReady);
    await poll(() => saveIndicator(page).innerText(), { timeout: 30_000 }).toContain(SAVED_TEXT);
    const result = await load.stop();
    await submitReadingTest(page);

    expect(failed).toEqual([]);
    expect(result.failures).toEqual([]);
    // nginx hid the stop from its clients entirely: no connection of theirs even closed.
    expect(result.resent).toEqual([]);
    expect(result.acknowledged).toBeGreaterThan(savesWhileOneWasDown);
    // The browser's answers, exactly; the other candidate's, every one acknowledged.
    const stored = await storedAnswers(rosa.assignedTestId);
    expect(Object.fromEntries([...stored].map(([item, a]) => [item, a.response]))).toEqual(READING_STORED);
    await expectAcknowledgedStored(lode.assignedTestId, result);
    const retried = cluster.accessLog().filter((l) => l.upstream.includes(","));
    console.log(
      `rolling restart: SIGTERM to exit ${stopSeconds.toFixed(1)} s, start to ready ${startSeconds.toFixed(1)} s; ` +
        `${result.acknowledged} saves of the load acknowledged, none failed, ${result.resent.length} sent again; nginx moved ${retried.length} requests on to the other process`,
    );
  });

  it("the next release's additive migration, applied while both processes serve: saves go on, and an old process restarts on the newer database", { timeout: 120_000 }, async () => {
    const mia = await readingTestFor("Mia");
    const load = await startSaveLoad(cluster.url, mia);
    await poll(() => load.acknowledged).toBeGreaterThan(20);
    const migrations = () => cluster.query<{ n: string }>("SELECT count(*) AS n FROM drizzle.__drizzle_migrations").then(([r]) => Number(r.n));
    const before = await migrations();

    // The new release's start would do this (under the startup lock); here the old release runs on.
    const folder = nextReleaseMigrations();
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const migratedAt = Date.now();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.end();
      fs.rmSync(folder, { recursive: true, force: true });
    }
    const migrateMs = Date.now() - migratedAt;
    expect(await migrations()).toBe(before + 1);
    const atMigration = load.acknowledged;

    // The old code goes on: saves are acknowledged, a sign-in writes a session row (its new column
    // takes the default), the signed-in user's pages answer.
    await poll(() => load.acknowledged).toBeGreaterThan(atMigration + 20);
    const contosoAdmin = await apiSession(cluster.url, "admin@contoso.example");
    const [session] = await cluster.query<{ client_hint: string }>(
      "SELECT s.client_hint FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'admin@contoso.example' ORDER BY s.created_at DESC LIMIT 1",
    );
    expect(session.client_hint).toBe("unknown");
    await contosoAdmin("POST", "/api/offices/list", { page: 1 });

    // An old process restarts, drained in nginx first (the other was restarted by the test before),
    // on the database a migration ahead of it: it has nothing to apply, starts and serves; the
    // load meanwhile never fails. (A short drain: the load's saves take milliseconds; deploy/run.mjs
    // waits a second.)
    const restartedAt = Date.now();
    await cluster.rollingRestart({ drainMs: 300, only: [cluster.servers[1]] });
    const restartMs = Date.now() - restartedAt;
    expect(await migrations()).toBe(before + 1);
    await contosoAdmin("POST", "/api/offices/list", { page: 1 });
    const result = await load.stop();
    expect(result.failures).toEqual([]);
    await expectAcknowledgedStored(mia.assignedTestId, result);
    console.log(
      `additive migration: applied in ${migrateMs} ms under load; drained restart of the second process ${(restartMs / 1000).toFixed(1)} s; ` +
        `${result.acknowledged} saves acknowledged, none failed, ${result.resent.length} sent again after nginx's reload closed their connection${result.resent.length ? ` (${result.resent[0]})` : ""}`,
    );
  });

  it("a video room's candidate and evaluator see each other through nginx, their sockets on different processes", { timeout: 120_000 }, async () => {
    showPagesOnFailure();
    const wsBefore = cluster.accessLog().filter((l) => l.uri.startsWith("/ws/video/")).length;
    const test = await videoTestBookedNow(admin, cluster.databaseUrl);

    // The candidate at 375 px: signs in with the test's code, starts it, previews and connects.
    const candidate = await newPage(375);
    await candidate.goto("/login?use_code=1");
    await candidate.getByLabel(/access code/i).fill(test.accessCode);
    await candidate.getByRole("button", { name: /sign in|continue/i }).click();
    await candidate.waitForURL((u) => !u.pathname.startsWith("/login"));
    await candidate.goto(`/testing/tests/a${test.id}/live`);
    await candidate.getByRole("button", { name: "Start test" }).click();
    const room = candidate.getByRole("region", { name: "Video" });
    await poll(() => roomStatus(candidate).textContent()).toMatch(/Room: Not ready.*Camera: Off/s);
    await expectAccessible(candidate, "video room of the candidate, not ready");
    await room.getByRole("button", { name: "Preview Camera" }).click();
    await poll(() => roomStatus(candidate).textContent()).toMatch(/Room: Camera preview.*Camera: Previewing/s);
    await poll(() => room.getByLabel("Your camera", { exact: true }).evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
    await room.getByRole("button", { name: "Connect" }).click();
    await poll(() => roomStatus(candidate).textContent()).toMatch(/Room: Connected.*Camera: Connected/s);
    await poll(() => room.getByText("Waiting for the evaluator to join…").count()).toBe(1);
    await expectAccessible(candidate, "video room of the candidate, waiting for the evaluator");

    // The evaluator, from the administer page. nginx's least_conn gives the evaluator's socket the
    // process that does not hold the candidate's, so every signal crosses LISTEN/NOTIFY.
    const evaluator = await newPage();
    await signIn(evaluator, "evaluator.zh@parlance.example");
    await evaluator.goto(`/testing/evaluators/administer/${test.id}`);
    const evaluatorRoom = evaluator.getByRole("region", { name: "Video" });
    await evaluatorRoom.getByRole("button", { name: "Connect" }).click();
    await poll(() => roomStatus(evaluator).textContent()).toMatch(/Room: Connected.*Camera: Connected/s);

    await expectPlaying(evaluator, "Candidate");
    await expectPlaying(candidate, "Evaluator");
    expect(await evaluator.getByLabel("Candidate", { exact: true }).evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getAudioTracks().length)).toBe(1);
    await expectAccessible(evaluator, "video room of the evaluator, connected");
    await expectAccessible(candidate, "video room of the candidate, connected");

    // The candidate disconnects: their camera is off, and the evaluator waits for them again.
    await room.getByRole("button", { name: "Disconnect" }).click();
    await poll(() => roomStatus(candidate).textContent()).toMatch(/Room: Disconnected.*Camera: Off/s);
    await poll(() => evaluatorRoom.getByText("Waiting for the candidate to join…").count()).toBe(1);

    // The evaluator records the session: the attempt ends and the room no longer opens.
    for (const group of await evaluator.getByRole("radiogroup").all()) await group.getByRole("radio", { name: "Completed", exact: true }).check();
    await evaluator.getByRole("button", { name: /submit/i }).click();
    await poll(() => evaluator.getByText("The test has been administered and its scores recorded.").count()).toBeGreaterThan(0);
    await poll(() => evaluator.getByRole("region", { name: "Video" }).count()).toBe(0);
    await room.getByRole("button", { name: "Connect" }).click();
    await poll(() => room.getByRole("alert").innerText()).toBe("An error occurred while setting up the video.");
    await expectAccessible(candidate, "video room of the candidate after the session ended");

    // nginx logs a socket when it closes: both are closed now, each upgraded (101) on its own process.
    await poll(() => cluster.accessLog().filter((l) => l.uri.startsWith("/ws/video/")).length).toBeGreaterThanOrEqual(wsBefore + 2);
    const sockets = cluster.accessLog().filter((l) => l.uri.startsWith("/ws/video/")).slice(wsBefore);
    expect(sockets.map((l) => l.status)).toEqual(sockets.map(() => 101));
    expect(new Set(sockets.map((l) => l.upstream)).size).toBe(2);
  });
});
