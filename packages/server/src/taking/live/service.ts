import { eq } from "drizzle-orm";
import { liveMessages, takingMessages, type TestContent, type TestContentView, type TestLiveView } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { accounts, assignedTests, candidateTests, tests } from "../../db/schema.js";
import type { Caller } from "../../http/caller.js";
import { unprocessable } from "../../http/errors.js";
import { contentOf, GRACE_MS, heldTest, newestVersion, remainingMs, testNotFound, type HeldTest } from "../attempt.js";
import { contentView } from "../view.js";
import { EXPIRE_JOB } from "../expiry.js";
import { startWindow } from "../list/classify.js";

/**
 * Live, video and sight-translation starts, and the live/video page's data. An interpreter
 * conducts these tests at an appointment; starting one creates (or resumes) the attempt exactly as
 * start_test does, with the content the candidate reads during the session.
 */

export type LiveStartKind = "live" | "video" | "sight";

const refuse = (key: keyof typeof takingMessages) => unprocessable(takingMessages[key], `taking.messages.${key}`);
const refuseLive = (key: keyof typeof liveMessages) => unprocessable(liveMessages[key], `takeTest.messages.${key}`);

/** What the taking helpers leave out: the appointment, the session length and who assigned it. */
async function sessionFacts(ctx: AppContext, id: number) {
  const [row] = await ctx.db
    .select({
      scheduledAt: assignedTests.scheduledAt,
      description: tests.description,
      durationMinutes: tests.durationMinutes,
      accountName: accounts.name,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(accounts, eq(accounts.id, assignedTests.accountId))
    .where(eq(assignedTests.id, id));
  return row;
}

/**
 * Sight translation: the candidate reads a written text aloud in another language to the
 * interpreter. So it needs an interpreter's session (live or video) and content that names the
 * language the text is written in (source_language).
 */
export function allowsSightTranslation(method: string, content: TestContent | null): boolean {
  return (method === "live" || method === "video") && content?.source_language != null;
}

async function newestContent(ctx: AppContext, testId: number): Promise<{ versionId: number; content: TestContent } | null> {
  const versionId = await newestVersion(ctx.db, testId);
  return versionId === null ? null : { versionId, content: await contentOf(ctx.db, versionId) };
}

/** The attempt's state as check_status words it. */
const attemptStateOf = (attempt: HeldTest["attempt"]): TestLiveView["attemptState"] =>
  !attempt || attempt.contentVersionId === null ? "not_started" : attempt.state === "in_progress" ? "in_progress" : "received";

/** GET /api/tests/live/:aid — a{id} or s{id}; s needs an appointment. Only the caller's live or video tests. */
export async function liveShow(ctx: AppContext, caller: Caller, aid: { scheduled: boolean; id: number }): Promise<TestLiveView> {
  const now = new Date();
  const held = await heldTest(ctx.db, caller, aid.id);
  if (held.deletedAt || (held.method !== "live" && held.method !== "video")) throw testNotFound();
  const facts = await sessionFacts(ctx, aid.id);
  if (aid.scheduled && !facts.scheduledAt) throw testNotFound();
  const window = startWindow({ scheduledAt: facts.scheduledAt, durationMinutes: facts.durationMinutes });
  const newest = await newestContent(ctx, held.testId);
  return {
    candidateTestId: held.attempt?.id ?? null,
    video: held.method === "video",
    assignedTestId: held.id,
    testDescription: facts.description,
    testMethod: held.method,
    accountName: facts.accountName,
    testAt: facts.scheduledAt?.toISOString() ?? null,
    durationMinutes: facts.durationMinutes,
    opensAt: window?.opensAt.toISOString() ?? null,
    closesAt: window?.closesAt.toISOString() ?? null,
    window: !window ? "unscheduled" : now < window.opensAt ? "before" : now < window.closesAt ? "open" : "over",
    sightTranslation: allowsSightTranslation(held.method, newest?.content ?? null),
    attemptState: attemptStateOf(held.attempt),
    expiresAt: held.expiresAt.toISOString(),
  };
}

/** POST start_live_test/{id}, start_video_test/{id}, start_sight_translation/{id}. */
export async function startLive(ctx: AppContext, caller: Caller, id: number, kind: LiveStartKind): Promise<TestContentView> {
  const now = new Date();
  const held = await heldTest(ctx.db, caller, id);
  let attempt = held.attempt;
  const newest = await newestContent(ctx, held.testId);

  // Each start takes its own kind of test.
  if (kind === "live" && held.method !== "live") throw refuseLive("notLive");
  if (kind === "video" && held.method !== "video") throw refuseLive("notVideo");
  if (kind === "sight" && !allowsSightTranslation(held.method, newest?.content ?? null)) throw refuseLive("notSightTranslation");

  if (attempt && attempt.contentVersionId !== null) {
    // Started already (another tab, a reload): resume with the pinned content.
    if (attempt.state !== "in_progress") throw refuse("alreadySubmitted");
    const content = await contentOf(ctx.db, attempt.contentVersionId);
    return contentView(id, content, { currentSection: 1, remainingMs: remainingMs(attempt, now) });
  }

  // A first start: the rules of start_test, then the appointment's window.
  if (attempt && attempt.state !== "in_progress") throw attempt.state === "no_show" ? refuseLive("over") : refuse("alreadySubmitted");
  if (held.deletedAt) throw refuse("deleted");
  if (held.state === "taken") throw refuse("alreadySubmitted");
  if (held.state === "cancelled") throw refuse("cancelled");
  if (held.state === "expired" || held.expiresAt.getTime() <= now.getTime()) throw refuse("expired");
  if (held.state === "needs_scheduling") throw refuse("needsScheduling");
  if (held.state === "needs_payment") throw refuse("needsPayment");
  const facts = await sessionFacts(ctx, id);
  const window = startWindow({ scheduledAt: facts.scheduledAt, durationMinutes: facts.durationMinutes });
  if (!window) throw refuse("needsScheduling");
  if (now < window.opensAt) throw refuseLive("tooEarly");
  if (now >= window.closesAt) throw refuseLive("over");
  if (!newest) throw refuse("accessFailure");

  const limitMs = newest.content.time_limit_minutes ? newest.content.time_limit_minutes * 60_000 * (held.adjustments ? 2 : 1) : null;
  const fields = { contentVersionId: newest.versionId, deadlineAt: limitMs ? new Date(now.getTime() + limitMs) : null, startedAt: now, lastHeartbeatAt: now };
  if (attempt) {
    // An attempt recorded before online starts existed (no pinned content) gets its content now.
    [attempt] = await ctx.db.update(candidateTests).set(fields).where(eq(candidateTests.id, attempt.id)).returning();
  } else {
    const [created] = await ctx.db
      .insert(candidateTests)
      .values({ assignedTestId: id, candidateId: held.candidateId, accountId: held.accountId, state: "in_progress", ...fields })
      // Two tabs starting at once: one row wins (unique assigned test); the other resumes it.
      .onConflictDoNothing({ target: candidateTests.assignedTestId })
      .returning();
    if (!created) return startLive(ctx, caller, id, kind);
    attempt = created;
    if (limitMs) await ctx.jobs.send(EXPIRE_JOB, { candidateTestId: created.id }, { startAfterSeconds: Math.ceil((limitMs + GRACE_MS) / 1000) + 1 });
  }
  return contentView(id, newest.content, { currentSection: 1, remainingMs: remainingMs(attempt, now) });
}
