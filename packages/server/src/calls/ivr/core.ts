import { and, eq } from "drizzle-orm";
import { CALL_STATE, IVR_MAX_REPEATS, IVR_WAIT_SECONDS, type IvrCallView, type TestContent } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { Tx } from "../../db/tx.js";
import { assignedTests, candidateTests, ivrCalls, languages, phoneCalls, tests } from "../../db/schema.js";
import { contentOf } from "../../content/read.js";
import { ivrSteps, RECORD_LIMITS, type IvrStep } from "./steps.js";
import { ivrError, receiveAttempt, responseCount } from "./store.js";
import { ivrLinesOf, promptLanguage } from "./lines.js";

/**
 * The engine's machinery (engine.ts is what channels call): a call loaded with its attempt, its
 * content's steps and its prompt language; its view; one change of it under the attempt's and the
 * call's row locks; and how it moves on and ends.
 */

export type Ctx = Pick<AppContext, "db">;
export type CallRow = typeof ivrCalls.$inferSelect;
export type AttemptRow = typeof candidateTests.$inferSelect;
export type ConcludeReason = "ended" | "hangup" | "cancelled" | "completed" | "replaced" | "abandoned";

const stepCache = new WeakMap<Db, Map<string, IvrStep[]>>();

/** The steps of a content version in a language (content versions never change: kept per handle). */
export async function stepsOf(db: Db, versionId: number, language: string): Promise<IvrStep[]> {
  let cache = stepCache.get(db);
  if (!cache) stepCache.set(db, (cache = new Map()));
  const key = `${versionId}:${language}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const steps = ivrSteps(await contentOf(db, versionId), language);
  if (cache.size > 200) cache.clear();
  cache.set(key, steps);
  return steps;
}

/**
 * The call with what every operation needs: its attempt, the pinned content and its steps, the
 * test's language, and the prompt language (the phone call request's, else the test's).
 */
export async function loadCall(db: Db, callId: number) {
  const [row] = await db
    .select({ call: ivrCalls, attempt: candidateTests, language: languages.code, promptLanguageId: phoneCalls.promptLanguageId })
    .from(ivrCalls)
    .innerJoin(candidateTests, eq(candidateTests.id, ivrCalls.candidateTestId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    // A phone call's row (its prompt language): the phone call of this test with the provider's id.
    .leftJoin(
      phoneCalls,
      and(eq(ivrCalls.channel, "phone"), eq(phoneCalls.assignedTestId, candidateTests.assignedTestId), eq(phoneCalls.providerCallId, ivrCalls.providerCallId)),
    )
    .where(eq(ivrCalls.id, callId))
    .limit(1);
  if (!row || row.attempt.contentVersionId === null) throw ivrError(404, "noCall");
  const content = await contentOf(db, row.attempt.contentVersionId);
  return {
    ...row,
    content,
    /** An online test that continues by phone: the call takes its phone sections once its online part is in. */
    phoneContinued: content.continues_by_phone === true,
    lines: ivrLinesOf(promptLanguage(row.promptLanguageId, row.language)),
    steps: await stepsOf(db, row.attempt.contentVersionId, row.language),
  };
}
export type Loaded = Awaited<ReturnType<typeof loadCall>>;

export const isOpen = (call: Pick<CallRow, "state">) => call.state === "calling" || call.state === "accepted";

/** A test that continues by phone whose online part is still open: its call holds the line. */
export const isWaiting = (loaded: Pick<Loaded, "phoneContinued">, attemptState: string) => loaded.phoneContinued && attemptState === "in_progress";

/** The content the attempt is received with: a test that continues by phone scores its online part's choices too. */
export const phoneContentOf = (loaded: Pick<Loaded, "phoneContinued" | "content">): TestContent | null => (loaded.phoneContinued ? loaded.content : null);

function viewOf(call: CallRow, loaded: Loaded, responses: number, attemptState: string): IvrCallView {
  const { steps, lines } = loaded;
  // A test that continues by phone received meanwhile (its phone part's time over): nothing more to play.
  const open = isOpen(call) && !(loaded.phoneContinued && attemptState === "received");
  const step = open && call.stepIndex < steps.length ? steps[call.stepIndex] : null;
  const stepView = isWaiting(loaded, attemptState)
    ? open && {
        index: call.stepIndex,
        total: steps.length,
        item_id: "",
        prompt: { kind: "wait" as const, text: lines.wait, language: lines.speech, seconds: IVR_WAIT_SECONDS },
        record: null,
        again: null,
        repeats_left: 0,
      }
    : step && {
        index: call.stepIndex,
        total: steps.length,
        item_id: step.itemId,
        prompt: step.prompt,
        record: step.records ? { item_id: step.itemId, ...RECORD_LIMITS } : null,
        again: call.again,
        repeats_left: Math.max(0, IVR_MAX_REPEATS - call.repeats),
      };
  return {
    call_id: call.id,
    channel: call.channel,
    state: CALL_STATE[call.state],
    end_reason: call.endReason,
    step: stepView || null,
    responses,
    submitted: attemptState === "received",
    lines,
  };
}

export async function viewNow(db: Tx, callId: number, loaded: Loaded): Promise<IvrCallView> {
  const [call] = await db.select().from(ivrCalls).where(eq(ivrCalls.id, callId));
  const [attempt] = await db.select({ state: candidateTests.state }).from(candidateTests).where(eq(candidateTests.id, call.candidateTestId));
  return viewOf(call, loaded, await responseCount(db, call.candidateTestId), attempt?.state ?? "in_progress");
}

/**
 * Runs one change of a call in a transaction holding the attempt's lock, then the call's (always
 * in that order, so a start and a response never deadlock). `change` sees the locked call row and
 * the locked attempt. A call of a test that continues by phone whose attempt was received meanwhile
 * (its phone part's time ran out) ends here instead: nothing more is taken on it.
 */
export async function withCall(
  ctx: Ctx,
  callId: number,
  change: (tx: Tx, call: CallRow, loaded: Loaded, now: Date, attempt: AttemptRow) => Promise<void>,
): Promise<IvrCallView> {
  const loaded = await loadCall(ctx.db, callId);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const [attempt] = await tx.select().from(candidateTests).where(eq(candidateTests.id, loaded.attempt.id)).for("update");
    const [call] = await tx.select().from(ivrCalls).where(eq(ivrCalls.id, callId)).for("update");
    if (loaded.phoneContinued && attempt.state === "received" && isOpen(call)) await conclude(tx, call, "completed", now, null);
    else await change(tx, call, loaded, now, attempt);
    return viewNow(tx, callId, loaded);
  });
}

/**
 * Ends a locked call; with responses the attempt is received and routed (a test that continues by
 * phone: once its online part is in, `phoneContent` its content).
 */
export async function conclude(tx: Tx, call: CallRow, reason: ConcludeReason, now: Date, phoneContent: TestContent | null): Promise<void> {
  const state = reason === "cancelled" ? "cancelled" : "disconnected";
  await tx.update(ivrCalls).set({ state, endReason: reason, endedAt: now, lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  // A call replaced by a newer one of the same attempt goes on there: the attempt stays open.
  if (reason !== "replaced") await receiveAttempt(tx, call.candidateTestId, call.id, now, phoneContent);
}

/** Moves a locked call to its next step, or concludes it after the last. */
export async function advance(tx: Tx, call: CallRow, loaded: Loaded, now: Date): Promise<void> {
  const next = call.stepIndex + 1;
  await tx.update(ivrCalls).set({ stepIndex: next, repeats: 0, silences: 0, again: null, lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  if (next >= loaded.steps.length) await conclude(tx, { ...call, stepIndex: next }, "completed", now, phoneContentOf(loaded));
}

/**
 * A step operation names the step it answers. The current one: go on. An earlier one (a retried
 * request whose answer was lost): nothing changes, the current view is the answer. A later one,
 * an ended call, or a call still holding for the online part of its test: refused.
 */
export function currentStep(call: CallRow, loaded: Loaded, attempt: Pick<AttemptRow, "state">, index: number): IvrStep | "earlier" {
  if (!isOpen(call)) throw ivrError(409, "callEnded");
  if (isWaiting(loaded, attempt.state)) throw ivrError(409, "waitingOnline");
  if (index < call.stepIndex) return "earlier";
  if (index > call.stepIndex || index >= loaded.steps.length) throw ivrError(409, "staleStep");
  return loaded.steps[index];
}
