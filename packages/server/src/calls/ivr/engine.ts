import { and, eq, inArray, lt } from "drizzle-orm";
import { CALL_STATE, IVR_MAX_REPEATS, IVR_MAX_SILENCES, takingMessages, type IvrCallView, type IvrResponseAck } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { Tx } from "../../db/tx.js";
import { assignedTests, candidates, candidateTests, ivrCalls, languages, tests } from "../../db/schema.js";
import { HttpError } from "../../http/errors.js";
import type { ServedFile } from "../../http/byte-range.js";
import { contentOf, findItem, isMediaItem, mediaFileOf, newestVersion } from "../../content/read.js";
import { ivrSteps, RECORD_LIMITS, type IvrStep } from "./steps.js";
import { checkAudio, ivrError, receiveAttempt, responseCount, storeResponse, type RecordedAudio } from "./store.js";

export type { RecordedAudio } from "./store.js";
export type { IvrStep } from "./steps.js";

/**
 * THE IVR ENGINE: one server-side state machine over an attempt, driven by every channel (the
 * browser web call, calls/webivr/; the phone call, calls/phone/). See README.md beside this file.
 *
 * A channel authenticates its caller (the web-IVR token; a phone provider's signed webhook and the
 * call it placed or the access code entered), then:
 *   1. `startCall(ctx, { assignedTestId, channel, providerCallId })` — opens (or resumes) the
 *      attempt and a call in state calling; answers an IvrCallView whose `step` is what to play.
 *   2. `acceptCall(ctx, callId)` on the provider's accept event (the line is up): state accepted.
 *   3. For each `step` (its `index` is passed back on every call, so a retried request never
 *      advances twice): play `step.prompt` — `play` the item's recording (promptAudio) or `say` the
 *      text — then, when `step.record` is null, `promptPlayed(ctx, callId, index)`; otherwise record
 *      the candidate and `recordResponse(ctx, callId, index, audio)` (stored and acknowledged in one
 *      transaction), or `noResponse(ctx, callId, index)` on silence. `requestRepeat` plays it again.
 *   4. `endCall(ctx, callId, reason)` on End Call ("ended"), the provider's disconnect ("hangup")
 *      or cancel ("cancelled"). When the steps run out the engine ends the call itself
 *      ("completed"). A call that ends with responses makes the attempt received and routes it
 *      to an evaluator (store.ts receiveAttempt).
 * Every state is a database row (ivr_calls): after a server restart the same call id goes on
 * from its step; `callView(ctx, callId)` answers where it is.
 */

export type IvrChannel = "web" | "phone";
export type IvrEndReason = "ended" | "hangup" | "cancelled";
type Ctx = Pick<AppContext, "db">;
type CallRow = typeof ivrCalls.$inferSelect;

/** A call idle this long (no event, no response) is over: the browser was closed, the line dropped unseen. */
export const IVR_IDLE_MINUTES = 20;

const stepCache = new WeakMap<Db, Map<string, IvrStep[]>>();

/** The steps of a content version in a language (content versions never change: kept per handle). */
async function stepsOf(db: Db, versionId: number, language: string): Promise<IvrStep[]> {
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

/** The call with what every operation needs: its attempt, the pinned content and the test's language. */
async function loadCall(db: Db, callId: number) {
  const [row] = await db
    .select({ call: ivrCalls, attempt: candidateTests, language: languages.code })
    .from(ivrCalls)
    .innerJoin(candidateTests, eq(candidateTests.id, ivrCalls.candidateTestId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(ivrCalls.id, callId));
  if (!row || row.attempt.contentVersionId === null) throw ivrError(404, "noCall");
  return { ...row, steps: await stepsOf(db, row.attempt.contentVersionId, row.language) };
}
type Loaded = Awaited<ReturnType<typeof loadCall>>;

const isOpen = (call: Pick<CallRow, "state">) => call.state === "calling" || call.state === "accepted";

function viewOf(call: CallRow, steps: IvrStep[], responses: number, submitted: boolean): IvrCallView {
  const step = isOpen(call) && call.stepIndex < steps.length ? steps[call.stepIndex] : null;
  return {
    call_id: call.id,
    channel: call.channel,
    state: CALL_STATE[call.state],
    end_reason: call.endReason,
    step: step && {
      index: call.stepIndex,
      total: steps.length,
      item_id: step.itemId,
      prompt: step.prompt,
      record: step.records ? { item_id: step.itemId, ...RECORD_LIMITS } : null,
      again: call.again,
      repeats_left: Math.max(0, IVR_MAX_REPEATS - call.repeats),
    },
    responses,
    submitted,
  };
}

async function viewNow(db: Tx, callId: number, steps: IvrStep[]): Promise<IvrCallView> {
  const [call] = await db.select().from(ivrCalls).where(eq(ivrCalls.id, callId));
  const [attempt] = await db.select({ state: candidateTests.state }).from(candidateTests).where(eq(candidateTests.id, call.candidateTestId));
  return viewOf(call, steps, await responseCount(db, call.candidateTestId), attempt?.state === "received");
}

/**
 * Runs one change of a call in a transaction holding the attempt's lock, then the call's (always
 * in that order, so a start and a response never deadlock). `change` sees the locked call row.
 */
async function withCall(ctx: Ctx, callId: number, change: (tx: Tx, call: CallRow, loaded: Loaded, now: Date) => Promise<void>): Promise<IvrCallView> {
  const loaded = await loadCall(ctx.db, callId);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: candidateTests.id }).from(candidateTests).where(eq(candidateTests.id, loaded.attempt.id)).for("update");
    const [call] = await tx.select().from(ivrCalls).where(eq(ivrCalls.id, callId)).for("update");
    await change(tx, call, loaded, now);
    return viewNow(tx, callId, loaded.steps);
  });
}

/** Ends a locked call; with responses (or every step done) the attempt is received and routed. */
async function conclude(tx: Tx, call: CallRow, reason: IvrEndReason | "completed" | "replaced" | "abandoned", now: Date): Promise<void> {
  const state = reason === "cancelled" ? "cancelled" : "disconnected";
  await tx.update(ivrCalls).set({ state, endReason: reason, endedAt: now, lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  // A call replaced by a newer one of the same attempt goes on there: the attempt stays open.
  if (reason !== "replaced") await receiveAttempt(tx, call.candidateTestId, call.id, now);
}

/** Moves a locked call to its next step, or concludes it after the last. */
async function advance(tx: Tx, call: CallRow, steps: IvrStep[], now: Date): Promise<void> {
  const next = call.stepIndex + 1;
  await tx.update(ivrCalls).set({ stepIndex: next, repeats: 0, silences: 0, again: null, lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  if (next >= steps.length) await conclude(tx, { ...call, stepIndex: next }, "completed", now);
}

/**
 * A step operation names the step it answers. The current one: go on. An earlier one (a retried
 * request whose answer was lost): nothing changes, the current view is the answer. A later one,
 * or an ended call: refused.
 */
function currentStep(call: CallRow, steps: IvrStep[], index: number): IvrStep | "earlier" {
  if (!isOpen(call)) throw ivrError(409, "callEnded");
  if (index < call.stepIndex) return "earlier";
  if (index > call.stepIndex || index >= steps.length) throw ivrError(409, "staleStep");
  return steps[index];
}

/** Why an assigned test cannot be called now, in the taking routes' words; null: it can. */
function refusal(t: { state: string; deletedAt: Date | null; expiresAt: Date; method: string }, now: Date): HttpError | null {
  const say = (key: keyof typeof takingMessages) => new HttpError(422, takingMessages[key], `taking.messages.${key}`);
  if (t.method !== "ivr") return ivrError(422, "notIvr");
  if (t.deletedAt) return say("deleted");
  if (t.state === "taken") return new HttpError(409, takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
  if (t.state === "cancelled") return say("cancelled");
  if (t.state === "expired" || t.expiresAt.getTime() <= now.getTime()) return say("expired");
  if (t.state === "needs_scheduling") return say("needsScheduling");
  if (t.state === "needs_payment") return say("needsPayment");
  return null;
}

/** The open call of an assigned test's attempt, if any (a web screen reloaded mid-call resumes it). */
export async function openCallOf(ctx: Ctx, assignedTestId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: ivrCalls.id })
    .from(ivrCalls)
    .innerJoin(candidateTests, eq(candidateTests.id, ivrCalls.candidateTestId))
    .where(and(eq(candidateTests.assignedTestId, assignedTestId), inArray(ivrCalls.state, ["calling", "accepted"])));
  return row?.id ?? null;
}

/**
 * Starts a call of an IVR test (the channel has authenticated who may). Opens the attempt with the
 * newest content pinned, or resumes it: an open call of the attempt is replaced by this one, which
 * goes on from its step. The same provider call id twice answers the same call.
 */
export async function startCall(ctx: Ctx, input: { assignedTestId: number; channel: IvrChannel; providerCallId?: string | null }): Promise<IvrCallView> {
  const now = new Date();
  const [t] = await ctx.db
    .select({
      id: assignedTests.id,
      state: assignedTests.state,
      deletedAt: assignedTests.deletedAt,
      expiresAt: assignedTests.expiresAt,
      candidateId: assignedTests.candidateId,
      accountId: assignedTests.accountId,
      testId: assignedTests.testId,
      method: tests.method,
      candidateDeletedAt: candidates.deletedAt,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(assignedTests.id, input.assignedTestId));
  if (!t || t.candidateDeletedAt) throw new HttpError(404, takingMessages.notFound, "taking.messages.notFound");
  const refused = refusal(t, now);
  if (refused) throw refused;
  const [existing] = await ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, t.id));
  if (existing && existing.state !== "in_progress") throw new HttpError(409, takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
  const versionId = existing?.contentVersionId ?? (await newestVersion(ctx.db, t.testId));
  if (versionId === null) throw ivrError(422, "noContent");
  const [lang] = await ctx.db.select({ code: languages.code }).from(languages).innerJoin(tests, eq(tests.languageId, languages.id)).where(eq(tests.id, t.testId));
  const steps = await stepsOf(ctx.db, versionId, lang?.code ?? "en");
  if (steps.length === 0) throw ivrError(422, "noContent");

  const callId = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(candidateTests)
      .values({ assignedTestId: t.id, candidateId: t.candidateId, accountId: t.accountId, state: "in_progress", contentVersionId: versionId, startedAt: now, lastHeartbeatAt: now })
      .onConflictDoNothing({ target: candidateTests.assignedTestId });
    const [attempt] = await tx.select().from(candidateTests).where(eq(candidateTests.assignedTestId, t.id)).for("update");
    if (attempt.state !== "in_progress") throw new HttpError(409, takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
    if (attempt.contentVersionId === null) await tx.update(candidateTests).set({ contentVersionId: versionId, startedAt: now }).where(eq(candidateTests.id, attempt.id));
    const [open] = await tx.select().from(ivrCalls).where(and(eq(ivrCalls.candidateTestId, attempt.id), inArray(ivrCalls.state, ["calling", "accepted"]))).for("update");
    if (open && input.providerCallId && open.providerCallId === input.providerCallId && open.channel === input.channel) return open.id;
    if (open) await conclude(tx, open, "replaced", now);
    const [created] = await tx
      .insert(ivrCalls)
      .values({ candidateTestId: attempt.id, channel: input.channel, providerCallId: input.providerCallId ?? null, state: "calling", stepIndex: open ? Math.min(open.stepIndex, steps.length - 1) : 0, startedAt: now, lastEventAt: now })
      .returning({ id: ivrCalls.id });
    return created.id;
  });
  return callView(ctx, callId);
}

/** Where a call is: its state and the step to play now. */
export async function callView(ctx: Ctx, callId: number): Promise<IvrCallView> {
  const loaded = await loadCall(ctx.db, callId);
  return viewNow(ctx.db, callId, loaded.steps);
}

/** The provider's accept event: the line is up. */
export function acceptCall(ctx: Ctx, callId: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, _l, now) => {
    if (call.state !== "calling") return;
    await tx.update(ivrCalls).set({ state: "accepted", acceptedAt: now, lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  });
}

/** A prompt that takes no response has been played: the next step. */
export function promptPlayed(ctx: Ctx, callId: number, stepIndex: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, { steps }, now) => {
    const step = currentStep(call, steps, stepIndex);
    if (step === "earlier") return;
    if (step.records) throw ivrError(409, "awaitingResponse");
    await advance(tx, call, steps, now);
  });
}

/** Request Repeat: the same prompt again (IVR_MAX_REPEATS times a step). */
export function requestRepeat(ctx: Ctx, callId: number, stepIndex: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, { steps }, now) => {
    if (currentStep(call, steps, stepIndex) === "earlier") return;
    if (call.repeats >= IVR_MAX_REPEATS) throw ivrError(422, "repeatsUsed");
    await tx.update(ivrCalls).set({ repeats: call.repeats + 1, again: "repeat", lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  });
}

/** Silence after a prompt that takes a response: asked again IVR_MAX_SILENCES times, then the next step. */
export function noResponse(ctx: Ctx, callId: number, stepIndex: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, { steps }, now) => {
    const step = currentStep(call, steps, stepIndex);
    if (step === "earlier") return;
    if (!step.records) throw ivrError(409, "notRecording");
    if (call.silences >= IVR_MAX_SILENCES) return advance(tx, call, steps, now);
    await tx.update(ivrCalls).set({ silences: call.silences + 1, again: "silence", lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  });
}

/**
 * The candidate's spoken response to the step's item, stored in the same transaction as the step
 * moves on: when this answers, the response is kept. A retry of an earlier step's upload stores by
 * the seq rule and moves nothing. A recording that arrives after the line dropped (a phone
 * provider's recording callback comes after its hang-up) is kept too while the attempt is unscored.
 */
export async function recordResponse(ctx: Ctx, callId: number, stepIndex: number, audio: RecordedAudio): Promise<{ ack: IvrResponseAck; call: IvrCallView }> {
  checkAudio(audio);
  let ack: IvrResponseAck | null = null;
  const call = await withCall(ctx, callId, async (tx, row, { steps, attempt }, now) => {
    const step = steps[stepIndex];
    if (!step || !step.records) throw ivrError(409, "notRecording");
    if (isOpen(row)) {
      if (stepIndex > row.stepIndex) throw ivrError(409, "staleStep");
      ack = await storeResponse(tx, attempt.id, step.itemId, row.id, audio);
      if (stepIndex === row.stepIndex) await advance(tx, row, steps, now);
      return;
    }
    const [fresh] = await tx.select({ resultState: candidateTests.resultState }).from(candidateTests).where(eq(candidateTests.id, attempt.id));
    if (stepIndex > row.stepIndex || row.endReason === "replaced" || fresh.resultState !== null) throw ivrError(409, "callEnded");
    ack = await storeResponse(tx, attempt.id, step.itemId, row.id, audio);
    await receiveAttempt(tx, attempt.id, row.id, now);
  });
  if (!ack) throw ivrError(409, "callEnded");
  return { ack, call };
}

/** End Call confirmed ("ended"), the provider's disconnect ("hangup") or cancel ("cancelled"). Ending twice is harmless. */
export function endCall(ctx: Ctx, callId: number, reason: IvrEndReason): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, _l, now) => {
    if (isOpen(call)) await conclude(tx, call, reason, now);
  });
}

/** The recording a `play` prompt of this call names (the channel serves it to its caller). */
export async function promptAudio(ctx: Ctx, callId: number, itemId: string): Promise<ServedFile> {
  const loaded = await loadCall(ctx.db, callId);
  const step = loaded.steps.find((s) => s.prompt.kind === "play" && s.itemId === itemId);
  const content = await contentOf(ctx.db, loaded.attempt.contentVersionId as number);
  const item = step ? findItem(content, itemId) : undefined;
  if (!isMediaItem(item)) throw ivrError(404, "noPrompt");
  const file = await mediaFileOf(ctx.db, loaded.attempt.contentVersionId as number, item);
  if (!file) throw ivrError(404, "noPrompt");
  return { ...file, limited: false };
}

/** The call a phone provider's id names (its webhooks carry it), or null. */
export async function callOfProvider(ctx: Ctx, channel: IvrChannel, providerCallId: string): Promise<number | null> {
  const [row] = await ctx.db.select({ id: ivrCalls.id }).from(ivrCalls).where(and(eq(ivrCalls.channel, channel), eq(ivrCalls.providerCallId, providerCallId)));
  return row?.id ?? null;
}

/** Gives a started call the provider's id once the provider answers with one (an outbound call placed after startCall). */
export async function setProviderCallId(ctx: Ctx, callId: number, providerCallId: string): Promise<void> {
  await ctx.db.update(ivrCalls).set({ providerCallId }).where(eq(ivrCalls.id, callId));
}

/** The assigned test a call belongs to (a channel checks it against what its caller holds). */
export async function assignedTestOfCall(ctx: Ctx, callId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: candidateTests.assignedTestId })
    .from(ivrCalls)
    .innerJoin(candidateTests, eq(candidateTests.id, ivrCalls.candidateTestId))
    .where(eq(ivrCalls.id, callId));
  return row?.id ?? null;
}

/** Concludes calls nobody has driven for IVR_IDLE_MINUTES ("abandoned"): no attempt stays in a call for ever. */
export async function concludeIdleCalls(ctx: Ctx, now = new Date()): Promise<number> {
  const idle = await ctx.db
    .select({ id: ivrCalls.id })
    .from(ivrCalls)
    .where(and(inArray(ivrCalls.state, ["calling", "accepted"]), lt(ivrCalls.lastEventAt, new Date(now.getTime() - IVR_IDLE_MINUTES * 60_000))));
  for (const { id } of idle) {
    await withCall(ctx, id, async (tx, call, _l, at) => {
      if (isOpen(call) && call.lastEventAt.getTime() < at.getTime() - IVR_IDLE_MINUTES * 60_000) await conclude(tx, call, "abandoned", at);
    });
  }
  return idle.length;
}
