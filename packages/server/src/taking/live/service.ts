import { eq } from "drizzle-orm";
import { isFeatureEnabled } from "../../admin/index.js";
import { liveMessages, type liveParams, type takingParams, type TestContent, type TestContentView, type TestLiveView } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { accounts, assignedTests, tests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { unprocessable } from "../../http/errors.js";
import { contentOf, newestVersion } from "../../content/read.js";
import { heldTest, openAttempt, refuse, remainingMs, startRefusal, testNotFound, type HeldTest } from "../../attempts/index.js";
import { contentView } from "../view.js";
import { startWindow } from "../list/classify.js";

/**
 * Live, video and sight-translation starts, and the live/video page's data. An interpreter
 * conducts these tests at an appointment; starting one creates (or resumes) the attempt exactly as
 * start_test does, with the content the candidate reads during the session.
 */

export type LiveStartKind = "live" | "video" | "sight";

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
export async function liveShow(ctx: AppContext, scope: Scope, { aid }: z.output<typeof liveParams>): Promise<TestLiveView> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, aid.id);
  if (held.deletedAt || (held.method !== "live" && held.method !== "video")) throw testNotFound();
  const facts = await sessionFacts(ctx, aid.id);
  if (aid.scheduled && !facts.scheduledAt) throw testNotFound();
  const window = startWindow({ scheduledAt: facts.scheduledAt, durationMinutes: facts.durationMinutes });
  const newest = await newestContent(ctx, held.testId);
  return {
    candidateTestId: held.attempt?.id ?? null,
    video: held.method === "video",
    videoRoom: held.method === "video" && (await isFeatureEnabled(ctx.db, "video", { testId: held.testId })),
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
export async function startLive(ctx: AppContext, scope: Scope, { id }: z.output<typeof takingParams>, kind: LiveStartKind): Promise<TestContentView> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, id);
  const attempt = held.attempt;
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
  const refusal = startRefusal(held, now);
  if (refusal) throw refuse(refusal);
  const facts = await sessionFacts(ctx, id);
  const window = startWindow({ scheduledAt: facts.scheduledAt, durationMinutes: facts.durationMinutes });
  if (!window) throw refuse("needsScheduling");
  if (now < window.opensAt) throw refuseLive("tooEarly");
  if (now >= window.closesAt) throw refuseLive("over");
  if (!newest) throw refuse("accessFailure");

  const opened = await openAttempt(ctx, held, newest, now);
  // Another tab started it first: resume that attempt.
  if (!opened) return startLive(ctx, scope, { id }, kind);
  return contentView(id, newest.content, { currentSection: 1, remainingMs: remainingMs(opened, now) });
}
