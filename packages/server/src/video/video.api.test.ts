import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, gt, sql } from "drizzle-orm";
import WebSocket from "ws";
import type { VideoServerMessage } from "@parlance/contract";
import { assignedTests, candidates, candidateTests, mailOutbox, scoringAssignments, users, videoAccessTokens } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { endStaleSessions } from "./stale-sessions.js";

/**
 * The video room: its two access tokens (one room, one person, short-lived, spent on joining),
 * who may have them, and the WebSocket that admits only a valid token and carries the two sides'
 * signals to each other.
 */
let t: TestApp;
let port: number;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
let evaluator: string;
let otherEvaluator: string;
let admin: string;
let videoTest: number;
const MINUTE = 60_000;
const at = (ms: number) => new Date(Date.now() + ms);

const candidateToken = (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/videos/candidate_access_token/${id}`, cookie });
const evaluatorToken = (id: number | string, cookie?: string) => t.request({ method: "GET", url: `/api/videos/evaluator_access_token/${id}`, cookie });

async function userId(email: string): Promise<number> {
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

/** A Mandarin video test of `candidateId`, booked with evaluator.zh at `when`. */
async function bookedVideoTest(candidateId: number, when = at(-5 * MINUTE)): Promise<number> {
  const id = await assign(t, candidateId, { test: "cmn-ls-video", scheduledAt: when });
  await t.ctx.db.update(assignedTests).set({ scheduledEvaluatorUserId: await userId("evaluator.zh@parlance.example") }).where(eq(assignedTests.id, id));
  return id;
}

interface Opened {
  ws: WebSocket;
  messages: VideoServerMessage[];
  next: (type: VideoServerMessage["type"]) => Promise<VideoServerMessage>;
  closed: Promise<number>;
}

/** Opens the room's socket as a browser of this origin would; the HTTP status when it is refused. */
function openSocket(path: string, cookie?: string): Promise<Opened | { status: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) } });
    const messages: VideoServerMessage[] = [];
    const waiting: { type: string; resolve: (m: VideoServerMessage) => void }[] = [];
    ws.on("message", (data) => {
      const m = JSON.parse(data.toString()) as VideoServerMessage;
      messages.push(m);
      for (const w of waiting.splice(0)) {
        if (w.type === m.type) w.resolve(m);
        else waiting.push(w);
      }
    });
    const closed = new Promise<number>((r) => ws.on("close", (code) => r(code)));
    const next = (type: VideoServerMessage["type"]) => {
      const seen = messages.find((m) => m.type === type);
      if (seen) {
        messages.splice(messages.indexOf(seen), 1);
        return Promise.resolve(seen);
      }
      return new Promise<VideoServerMessage>((r) => waiting.push({ type, resolve: (m) => (messages.splice(messages.indexOf(m), 1), r(m)) }));
    };
    ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on("open", () => resolve({ ws, messages, next, closed }));
    ws.on("error", reject);
  });
}

async function joined(path: string, cookie: string): Promise<Opened> {
  const opened = await openSocket(path, cookie);
  if ("status" in opened) throw new Error(`refused: ${opened.status}`);
  await opened.next("joined");
  return opened;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as { port: number }).port;
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
  evaluator = await t.signIn("evaluator.zh@parlance.example");
  otherEvaluator = await t.signIn("evaluator@parlance.example");
  admin = await t.signIn("admin@northwind.example");
  videoTest = await bookedVideoTest(owner.candidateId);
  const started = await t.request({ method: "POST", url: `/api/test_content/start_video_test/${videoTest}`, cookie: owner.cookie, body: {} });
  expect(started.statusCode, started.body).toBe(200);
});
afterAll(() => t?.close());

describe("the access tokens", () => {
  it("the candidate of a started video test gets a token for its room, short-lived, with the socket's path", async () => {
    const res = await candidateToken(videoTest, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ role: "candidate", assignedTestId: videoTest, iceServers: [] });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.socketPath).toBe(`/ws/video/${videoTest}?token=${body.token}`);
    const life = new Date(body.expiresAt).getTime() - Date.now();
    expect(life).toBeGreaterThan(60_000);
    expect(life).toBeLessThanOrEqual(120_000);
    // Only its hash is kept.
    const rows = await t.ctx.db.select().from(videoAccessTokens).where(eq(videoAccessTokens.assignedTestId, videoTest));
    expect(rows.some((r) => r.tokenHash === body.token)).toBe(false);
  });

  it("the evaluator it is booked with gets one; another evaluator, another candidate and a client get 404 or 403", async () => {
    const res = await evaluatorToken(videoTest, evaluator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: "evaluator", assignedTestId: videoTest });
    const refusedOther = await evaluatorToken(videoTest, otherEvaluator);
    expect(refusedOther.statusCode).toBe(404);
    expect(refusedOther.json().message).toBe("That video test was not found.");
    expect((await candidateToken(videoTest, other.cookie)).statusCode).toBe(404);
    // Each route is its own side's: the candidate has no evaluator token, nor the evaluator a candidate's.
    expect((await evaluatorToken(videoTest, owner.cookie)).statusCode).toBe(403);
    expect((await candidateToken(videoTest, evaluator)).statusCode).toBe(403);
    expect((await candidateToken(videoTest, admin)).statusCode).toBe(403);
    expect((await candidateToken(videoTest)).statusCode).toBe(401);
    expect((await evaluatorToken(videoTest)).statusCode).toBe(401);
  });

  it("refuses a video test not started yet (409), a live test and another's test (404), and bad ids (400)", async () => {
    const later = await bookedVideoTest(owner.candidateId, at(3 * 60 * MINUTE));
    const notStarted = await candidateToken(later, owner.cookie);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().message).toBe("Start the test before joining its video room.");
    const live = await assign(t, owner.candidateId, { test: "es-ls-live", scheduledAt: at(0) });
    expect((await candidateToken(live, owner.cookie)).statusCode).toBe(404);
    for (const bad of ["abc", "0", "-3", "1.5", "99999999999"]) {
      const res = await candidateToken(bad, owner.cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe("The test id must be a positive whole number.");
      expect((await evaluatorToken(bad, evaluator)).statusCode).toBe(400);
    }
  });
});

describe("the room's WebSocket", () => {
  const tokenOf = async (res: Promise<{ json: () => { socketPath: string; token: string } }>) => (await res).json();

  it("joins the candidate and the evaluator in one room and carries each one's signals to the other, a large offer whole", async () => {
    const cand = await joined((await tokenOf(candidateToken(videoTest, owner.cookie))).socketPath, owner.cookie);
    const evalr = await joined((await tokenOf(evaluatorToken(videoTest, evaluator))).socketPath, evaluator);
    expect(await cand.next("peer-joined")).toEqual({ type: "peer-joined", role: "evaluator" });
    cand.ws.send(JSON.stringify({ kind: "ready" }));
    expect(await evalr.next("signal")).toEqual({ type: "signal", from: "candidate", signal: { kind: "ready" } });
    // An SDP offer larger than one NOTIFY goes in pieces and arrives whole.
    const sdp = Array.from({ length: 200 }, (_, i) => `a=candidate:${i} 1 udp 2122260223 192.168.0.${i % 250} 5${i}000 typ host "quoted"`).join("\r\n");
    expect(sdp.length).toBeGreaterThan(10_000);
    evalr.ws.send(JSON.stringify({ kind: "offer", sdp }));
    expect(await cand.next("signal")).toEqual({ type: "signal", from: "evaluator", signal: { kind: "offer", sdp } });
    // A signal goes to the other side only, never back to its sender.
    expect(evalr.messages.filter((m) => m.type === "signal")).toEqual([]);
    evalr.ws.close();
    expect(await cand.next("peer-left")).toEqual({ type: "peer-left", role: "evaluator" });
    cand.ws.close();
  });

  it("the same side joining again replaces its older socket (4409)", async () => {
    const first = await joined((await tokenOf(candidateToken(videoTest, owner.cookie))).socketPath, owner.cookie);
    const second = await joined((await tokenOf(candidateToken(videoTest, owner.cookie))).socketPath, owner.cookie);
    expect(await first.closed).toBe(4409);
    second.ws.close();
  });

  it("closes the socket on a message that is not a signal (4400)", async () => {
    const s = await joined((await tokenOf(candidateToken(videoTest, owner.cookie))).socketPath, owner.cookie);
    s.ws.send(JSON.stringify({ kind: "offer", sdp: 42 }));
    expect(await s.closed).toBe(4400);
  });

  it("refuses (401, no socket) a missing, unknown, spent, expired, another room's or another person's token, and no session", async () => {
    const status = async (path: string, cookie?: string) => {
      const r = await openSocket(path, cookie);
      if (!("status" in r)) {
        r.ws.close();
        return 101;
      }
      return r.status;
    };
    expect(await status(`/ws/video/${videoTest}`, owner.cookie)).toBe(401);
    expect(await status(`/ws/video/${videoTest}?token=nonsense`, owner.cookie)).toBe(401);
    expect(await status(`/ws/video/abc?token=x`, owner.cookie)).toBe(401);

    // Spent: a token joins once.
    const once = await tokenOf(candidateToken(videoTest, owner.cookie));
    (await joined(once.socketPath, owner.cookie)).ws.close();
    expect(await status(once.socketPath, owner.cookie)).toBe(401);

    // Another room: the token of this test on another test's room (the other candidate's, started too).
    const theirs = await bookedVideoTest(other.candidateId);
    expect((await t.request({ method: "POST", url: `/api/test_content/start_video_test/${theirs}`, cookie: other.cookie, body: {} })).statusCode).toBe(200);
    const mine = await tokenOf(candidateToken(videoTest, owner.cookie));
    expect(await status(`/ws/video/${theirs}?token=${mine.token}`, owner.cookie)).toBe(401);
    expect(await status(`/ws/video/${theirs}?token=${mine.token}`, other.cookie)).toBe(401);
    // Another person: the owner's token with the evaluator's or the other candidate's session, or none.
    expect(await status(mine.socketPath, evaluator)).toBe(401);
    expect(await status(mine.socketPath, other.cookie)).toBe(401);
    expect(await status(mine.socketPath)).toBe(401);
    // The refusals above spent nothing: the owner still joins with it.
    (await joined(mine.socketPath, owner.cookie)).ws.close();

    // Expired.
    const late = await tokenOf(candidateToken(videoTest, owner.cookie));
    await t.ctx.db.update(videoAccessTokens).set({ expiresAt: at(-1_000) }).where(eq(videoAccessTokens.assignedTestId, videoTest));
    expect(await status(late.socketPath, owner.cookie)).toBe(401);
  });
});

describe("the session ends when the evaluator records it", () => {
  it("after administering, neither side gets a token for the room (409)", async () => {
    const view = await t.request({ method: "GET", url: `/api/evaluators/administer/${videoTest}`, cookie: evaluator });
    expect(view.statusCode, view.body).toBe(200);
    const item_objectives = view.json().items.map((i: { id: string }) => ({ candidate_test_item_id: i.id, test_objective_state_id: "completed" }));
    const done = await t.request({ method: "POST", url: `/api/evaluators/submit_objective_scores/${videoTest}`, cookie: evaluator, body: { item_objectives } });
    expect(done.statusCode, done.body).toBe(200);
    for (const res of [await candidateToken(videoTest, owner.cookie), await evaluatorToken(videoTest, evaluator)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("This test's session has ended.");
    }
  });
});

describe("no session stays in progress for ever", () => {
  it("a day after its appointment, a session nobody recorded is submitted and waits for its evaluator's result", async () => {
    const stale = await bookedVideoTest(other.candidateId);
    const fresh = await bookedVideoTest(other.candidateId, at(-MINUTE));
    for (const id of [stale, fresh]) {
      expect((await t.request({ method: "POST", url: `/api/test_content/start_video_test/${id}`, cookie: other.cookie, body: {} })).statusCode).toBe(200);
    }
    // The first one's appointment was two days ago (started then, never administered).
    await t.ctx.db.update(assignedTests).set({ scheduledAt: at(-48 * 60 * MINUTE) }).where(eq(assignedTests.id, stale));
    const [{ lastMail }] = await t.ctx.db.select({ lastMail: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` }).from(mailOutbox);
    expect(await endStaleSessions(t.ctx)).toBe(1);
    // Submitted by nobody: the candidate and the evaluator are told (issue 23 §3), with no calendar file.
    const [{ email }] = await t.ctx.db.select({ email: candidates.email }).from(candidates).where(eq(candidates.id, other.candidateId));
    const told = await t.ctx.db.select().from(mailOutbox).where(gt(mailOutbox.id, lastMail)).orderBy(mailOutbox.id);
    expect(told.map((m) => [m.toAddress, m.template])).toEqual([
      [email, "change.submitted"],
      ["evaluator.zh@parlance.example", "change.bookingSubmitted"],
    ]);
    expect(told.every((m) => m.attachments === null)).toBe(true);
    const attemptOf = async (id: number) => (await t.ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, id)))[0];
    const ended = await attemptOf(stale);
    expect(ended.state).toBe("received");
    expect((await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, stale)))[0].state).toBe("taken");
    const [routed] = await t.ctx.db.select().from(scoringAssignments).where(eq(scoringAssignments.candidateTestId, ended.id));
    expect(routed.evaluatorUserId).toBe(await userId("evaluator.zh@parlance.example"));
    expect((await attemptOf(fresh)).state).toBe("in_progress");
    // The room is closed to it; a second sweep finds nothing more.
    expect((await candidateToken(stale, other.cookie)).statusCode).toBe(409);
    expect(await endStaleSessions(t.ctx)).toBe(0);
  });
});
