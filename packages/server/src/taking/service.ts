import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { checkQtiResponse, onlinePart, takingMessages, type takingParams, type takingRoutes, type TestContent, type TestContentView, type SectionView } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/tx.js";
import { assignedTests, candidateTestAnswers, candidateTestMediaGrants as grants, candidateTests, candidates } from "../db/schema.js";
import { ownAssignedTests, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { badRequest, conflict, HttpError } from "../http/errors.js";
import { contentOf, findItem, itemsInOrder, newestVersion, qtiPlayLimit } from "../content/read.js";
import {
  answersOf,
  heldTest,
  isOverdue,
  lockAttempt,
  openAttempt,
  refuse,
  remainingMs,
  requireOpen,
  startRefusal,
  submitAttempt,
  submittedReceipt,
  isResponseItem,
  appendEvents,
  journalSetupOf,
  openJournal,
  type Attempt,
} from "../attempts/index.js";
import { contentView, sectionView } from "./view.js";
import { saveBatcherOf } from "./save-batcher.js";
import { dateOf, knownVersion, openVersion, rememberVersion } from "./save-facts.js";
import type { SessionKey } from "../http/statement-guard.js";
import { proctorStepsLeft } from "../proctoring/index.js";

/**
 * A test that continues by phone is taken here without its sections taken by phone (onlinePart):
 * the views, the checks of answers and media, and the receipt all see its online part only.
 */
const takenOnline = async (ctx: AppContext, versionId: number) => onlinePart(await contentOf(ctx.db, versionId));

/** Test taking: the logic behind /api/test_content/* and /api/heartbeat (routes.ts stays thin). */

/** The assigned test of a taking route's path. */
type Params = z.output<typeof takingParams>;
type Progress = InputOf<typeof takingRoutes.save>;
type ProgressItem = Progress["candidate_test_items"][number];

/** Where a resumed candidate lands: the section of their most recent answer, else the first. */
async function currentSection(db: Tx, attemptId: number, content: TestContent): Promise<number> {
  const [last] = await db
    .select({ itemId: candidateTestAnswers.itemId })
    .from(candidateTestAnswers)
    .where(eq(candidateTestAnswers.candidateTestId, attemptId))
    .orderBy(desc(candidateTestAnswers.savedAt), desc(candidateTestAnswers.seq))
    .limit(1);
  return (last && itemsInOrder(content).find((e) => e.item.id === last.itemId)?.section) || 1;
}

/** POST start_test/{id}: creates the attempt (pinned content, server deadline) or resumes it. */
export async function startTest(ctx: AppContext, scope: Scope, { id }: Params): Promise<TestContentView> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, id);
  let attempt = held.attempt;
  // Not started: no attempt, one without content, or one the call of a test that continues by phone opened.
  if (!attempt || attempt.contentVersionId === null || attempt.startedAt === null) {
    // A first start: every rule that keeps a test from being taken, each with its own message.
    if (attempt && attempt.state !== "in_progress") throw refuse(attempt.state === "received" ? "alreadySubmitted" : "notOnline");
    const refusal = startRefusal(held, now);
    if (refusal) throw refuse(refusal);
    if (held.method !== "online") throw refuse("notOnline");
    // A proctored test starts once its proctor has entered the exam password and signed the agreement.
    if (await proctorStepsLeft(ctx.db, held)) throw refuse("needsProctor");
    // The version a call already pinned stays (its steps are that version's).
    const versionId = attempt?.contentVersionId ?? (await newestVersion(ctx.db, held.testId));
    if (versionId === null) throw refuse("accessFailure");
    const opened = await openAttempt(ctx, held, { versionId, content: await contentOf(ctx.db, versionId) }, now);
    // Another tab started it first: resume that attempt.
    if (!opened) return startTest(ctx, scope, { id });
    attempt = opened;
  } else if (attempt.state === "received" || attempt.state === "partially_received") {
    throw refuse("alreadySubmitted");
  } else if (attempt.state !== "in_progress") {
    throw refuse("notOnline");
  } else if (isOverdue(attempt, now)) {
    // Came back after time ran out and before the job: submit what was saved, and say so.
    const content = await contentOf(ctx.db, attempt.contentVersionId);
    await ctx.db.transaction(async (tx) => {
      const locked = await lockAttempt(tx, attempt!.id);
      if (locked.state === "in_progress") await submitAttempt(tx, locked, content, scope, now);
    });
    throw refuse("timeOverSubmitted");
  }
  // The journal (issue 27): its genesis, MAC secret and delivery key, given once per attempt.
  return resumedView(ctx, id, held.testId, await openJournal(ctx, attempt, now), now);
}

/** The content of a started attempt, where its candidate resumes, with its time remaining and journal. */
async function resumedView(ctx: AppContext, id: number, testId: number, attempt: Attempt, now: Date): Promise<TestContentView> {
  const content = await takenOnline(ctx, attempt.contentVersionId!);
  const view = contentView(id, content, { currentSection: await currentSection(ctx.db, attempt.id, content), remainingMs: remainingMs(attempt, now) });
  return { ...view, journal: await journalSetupOf(ctx.db, attempt, testId) };
}

/**
 * GET in_progress/{id} (ours, issue 26 §3): the attempt in progress as start_test resumes it, read
 * only: nothing is started, submitted or opened (an attempt without its journal yet is start_test's
 * to open). A page reloaded mid-test carries it (server startup/page.ts).
 */
export async function inProgressTest(ctx: AppContext, scope: Scope, { id }: Params): Promise<TestContentView> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, id);
  const attempt = held.attempt;
  requireOpen(attempt, now);
  if (attempt.journalHead === null) throw conflict(takingMessages.notStarted, "taking.messages.notStarted");
  return resumedView(ctx, id, held.testId, attempt, now);
}

/** GET get_section/{id}?section=n: a page of the started test with the saved responses. */
export async function getSection(ctx: AppContext, scope: Scope, { id, section: sectionNo }: Params & InputOf<typeof takingRoutes.section>): Promise<SectionView> {
  const now = new Date();
  const { attempt } = await heldTest(ctx.db, scope, id);
  requireOpen(attempt, now);
  const content = await takenOnline(ctx, attempt.contentVersionId);
  const n = sectionNo ?? (await currentSection(ctx.db, attempt.id, content));
  if (n > content.sections.length) throw new HttpError(404, takingMessages.noSuchSection, "taking.messages.noSuchSection");
  return sectionView(content, n, await answersOf(ctx.db, attempt.id), remainingMs(attempt, now), id);
}

/** Checks each answer against the pinned content (400 names the question); keeps the newest seq per item. */
function checkItems(content: TestContent, items: ProgressItem[]): ProgressItem[] {
  const newest = new Map<string, ProgressItem>();
  for (const it of items) {
    checkAnswer(content, it);
    const seen = newest.get(it.id);
    if (!seen || seen.seq < it.seq) newest.set(it.id, it);
  }
  return [...newest.values()];
}

/** One answer (or journal event) against the pinned content. */
export function checkAnswer(content: TestContent, it: { id: string; response: string }): void {
  {
    const item = findItem(content, it.id);
    const say = (key: "unknownItem" | "notAnswerable" | "badChoice" | "tooLong", max = 0) =>
      badRequest(takingMessages[key].replace("{id}", it.id).replace("{max}", String(max)), `taking.messages.${key}`);
    if (!item) throw say("unknownItem");
    if (!isResponseItem(item)) throw say("notAnswerable");
    if (item.kind === "radio" && it.response !== "" && !item.choices.some((c) => c.id === it.response)) throw say("badChoice");
    if ((item.kind === "short_text" || item.kind === "sized_text") && it.response.length > item.max_length) throw say("tooLong", item.max_length);
    // A QTI response: the item's canonical JSON, each value of its interaction's kind (qti-response.ts).
    if (item.kind === "qti" && it.response !== "") {
      const problem = checkQtiResponse(item, it.response);
      if (problem) throw badRequest(`${takingMessages.badQtiResponse.replace("{id}", it.id)} ${problem}`, "taking.messages.badQtiResponse");
    }
  }
}

/** Upserts answers where the incoming seq is newer; answers the seq now held for each item. */
async function writeAnswers(tx: Tx, attemptId: number, items: ProgressItem[], now: Date): Promise<{ id: string; seq: number }[]> {
  if (items.length === 0) return [];
  await tx
    .insert(candidateTestAnswers)
    .values(items.map((it) => ({ candidateTestId: attemptId, itemId: it.id, response: it.response, seq: it.seq, savedAt: now })))
    .onConflictDoUpdate({
      target: [candidateTestAnswers.candidateTestId, candidateTestAnswers.itemId],
      set: { response: sql`excluded.response`, seq: sql`excluded.seq`, savedAt: sql`excluded.saved_at` },
      // A repeat or an older save arriving late changes nothing.
      setWhere: sql`${candidateTestAnswers.seq} < excluded.seq`,
    });
  const held = await tx
    .select({ id: candidateTestAnswers.itemId, seq: candidateTestAnswers.seq })
    .from(candidateTestAnswers)
    .where(and(eq(candidateTestAnswers.candidateTestId, attemptId), inArray(candidateTestAnswers.itemId, items.map((i) => i.id))));
  const seqOf = new Map(held.map((h) => [h.id, h.seq]));
  return items.map((i) => ({ id: i.id, seq: seqOf.get(i.id) ?? i.seq }));
}

const checkBodyId = (id: number, body: Progress) => {
  if (body.id !== undefined && body.id !== id) throw badRequest(takingMessages.bodyIdMismatch, "taking.messages.bodyIdMismatch");
};

/** The browser's running time; a reordered (older) save never lowers it. */
async function recordSecondsTaken(tx: Tx, attemptId: number, seconds: number | undefined): Promise<void> {
  if (seconds === undefined) return;
  await tx
    .update(candidateTests)
    .set({ secondsTaken: sql`greatest(coalesce(${candidateTests.secondsTaken}, 0), ${seconds})` })
    .where(eq(candidateTests.id, attemptId));
}

/** POST save_progress/{id}: one statement (save-statement.ts), shared with saves arriving meanwhile. */
export async function saveProgress(ctx: AppContext, session: SessionKey, { id }: Params, body: Progress) {
  checkBodyId(id, body);
  const batcher = saveBatcherOf(ctx.database, ctx.config.sessionIdleMs);
  const base = { sessionIdHash: session.idHash, assignedTestId: id };
  let versionId = knownVersion(ctx.db, session, id);
  if (versionId === undefined) {
    // This session's first save of the attempt in this process: the facts first (guard, then the
    // pinned version), so that nobody learns about another's test from validation messages.
    const probe = await batcher.save({ ...base, versionId: null, items: [], secondsTaken: null });
    versionId = openVersion(probe.facts, probe.now);
    rememberVersion(ctx.db, session, id, versionId);
  }
  const content = await takenOnline(ctx, versionId);
  const items = checkItems(content, body.candidate_test_items);
  for (const e of body.events) checkAnswer(content, { id: e.item, response: e.response });
  const { facts, now } = await batcher.save({ ...base, versionId, items, secondsTaken: body.seconds_taken ?? null, events: body.events });
  openVersion(facts, now);
  return { saved: facts.saved ?? [], time_limit: remainingMs({ deadlineAt: dateOf(facts.deadline_at) }, now), journal_head: facts.journal_head, server_time: now.getTime() };
}

/** POST submit_test/{id}: saves then submits; a repeat answers the same receipt. */
export async function submitTest(ctx: AppContext, scope: Scope, { id }: Params, body: Progress) {
  checkBodyId(id, body);
  const { attempt } = await heldTest(ctx.db, scope, id);
  if (!attempt || attempt.contentVersionId === null || attempt.startedAt === null) throw new HttpError(409, takingMessages.notStarted, "taking.messages.notStarted");
  const content = await contentOf(ctx.db, attempt.contentVersionId);
  const online = onlinePart(content);
  // Received, or (a test that continues by phone) its online part in: the same receipt again.
  const submitted = (state: string) => state === "received" || state === "partially_received";
  if (submitted(attempt.state)) return submittedReceipt(ctx.db, attempt, online);
  if (attempt.state !== "in_progress") throw new HttpError(409, takingMessages.notOnline, "taking.messages.notOnline");
  // After deadline + grace the late items are ignored (not even checked): what was saved in time counts.
  const items = isOverdue(attempt, new Date()) ? [] : checkItems(online, body.candidate_test_items);
  for (const e of body.events) checkAnswer(online, { id: e.item, response: e.response });
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const locked = await lockAttempt(tx, attempt.id);
    if (submitted(locked.state)) return submittedReceipt(tx, locked, online);
    if (!isOverdue(locked, now)) {
      await writeAnswers(tx, locked.id, items, now);
      await appendEvents(tx, locked, body.events, now);
    }
    await recordSecondsTaken(tx, locked.id, body.seconds_taken);
    return submitAttempt(tx, locked, content, scope, now);
  });
}

/** GET check_status/{id}. */
export async function checkStatus(ctx: AppContext, scope: Scope, { id }: Params) {
  const { attempt } = await heldTest(ctx.db, scope, id);
  if (!attempt || attempt.contentVersionId === null) return { success: true, state: "not_started" as const, remaining: null };
  // A test that continues by phone: its online part in is, from the browser's side, received.
  if (attempt.state === "received" || attempt.state === "partially_received") return { success: true, state: "received" as const, remaining: 0 };
  return { success: true, state: "in_progress" as const, remaining: remainingMs(attempt, new Date()) };
}

/**
 * GET request_audio_access (spend = false) and grant_audio_access (spend = true). Plays are
 * counted per item on the server; `play` re-confirms a play already counted, so a reload in the
 * middle of a recording does not cost another.
 */
export async function audioAccess(ctx: AppContext, scope: Scope, { id }: Params, query: InputOf<typeof takingRoutes.grantAudio>, spend: boolean) {
  const { attempt } = await heldTest(ctx.db, scope, id);
  requireOpen(attempt, new Date());
  const item = findItem(await takenOnline(ctx, attempt.contentVersionId), query.item);
  // A QTI item's media interaction with max-plays is granted as an audio item is (per item).
  if (!item || (item.kind !== "audio" && item.kind !== "video" && qtiPlayLimit(item) === null)) throw refuse("grantFailure");
  const allowed = item.kind === "audio" || item.kind === "video" ? (item.plays ?? null) : qtiPlayLimit(item);
  return ctx.db.transaction(async (tx) => {
    await tx.insert(grants).values({ candidateTestId: attempt.id, itemId: item.id, playsAllowed: allowed }).onConflictDoNothing();
    const [g] = await tx
      .select()
      .from(grants)
      .where(and(eq(grants.candidateTestId, attempt.id), eq(grants.itemId, item.id)))
      .for("update");
    const answer = (used: number, granted: boolean) => ({ success: true, item: item.id, plays_used: used, plays_allowed: allowed, granted });
    const left = allowed === null || g.playsUsed < allowed;
    if (!spend) return answer(g.playsUsed, left);
    if (query.play !== undefined && query.play <= g.playsUsed) return answer(g.playsUsed, true);
    if (query.play !== undefined && query.play !== g.playsUsed + 1) throw new HttpError(409, takingMessages.badPlay, "taking.messages.badPlay");
    if (!left) throw new HttpError(409, takingMessages.noPlaysLeft, "taking.messages.noPlaysLeft");
    await tx
      .update(grants)
      .set({ playsUsed: g.playsUsed + 1, grantedAt: new Date() })
      .where(and(eq(grants.candidateTestId, attempt.id), eq(grants.itemId, item.id)));
    return answer(g.playsUsed + 1, true);
  });
}

/** POST /api/heartbeat: the session's open attempt (or the one named) is alive; answers the time left. */
export async function heartbeat(ctx: AppContext, scope: Scope, { id: assignedTestId }: InputOf<typeof takingRoutes.heartbeat>) {
  const now = new Date();
  const [open] = await ctx.db
    .select({ id: candidateTests.id, assignedTestId: candidateTests.assignedTestId, deadlineAt: candidateTests.deadlineAt })
    .from(candidateTests)
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .where(
      and(
        // An access-code session reaches its code's test only.
        ownAssignedTests(scope),
        eq(candidateTests.state, "in_progress"),
        sql`${candidateTests.contentVersionId} IS NOT NULL`,
        assignedTestId === undefined ? undefined : eq(candidateTests.assignedTestId, assignedTestId),
      ),
    )
    .orderBy(desc(candidateTests.startedAt))
    .limit(1);
  if (!open) return { success: true, id: null, remaining: null };
  await ctx.db.update(candidateTests).set({ lastHeartbeatAt: now }).where(eq(candidateTests.id, open.id));
  return { success: true, id: open.assignedTestId, remaining: remainingMs(open, now) };
}
