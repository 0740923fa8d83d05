import { and, eq, inArray, lt } from "drizzle-orm";
import { IVR_MAX_REPEATS, IVR_MAX_SILENCES, takingMessages, type IvrCallView, type IvrResponseAck } from "@parlance/contract";
import { assignedTests, candidates, candidateTests, ivrCalls, languages, tests } from "../../db/schema.js";
import { startValues } from "../../attempts/index.js";
import { HttpError } from "../../http/errors.js";
import type { ServedFile } from "../../http/byte-range.js";
import { contentOf, findItem, isMediaItem, mediaFileOf, newestVersion } from "../../content/read.js";
import { checkAudio, ivrError, receiveAttempt, storeResponse, type RecordedAudio } from "./store.js";
import { advance, conclude, currentStep, isOpen, isWaiting, loadCall, phoneContentOf, stepsOf, viewNow, withCall, type Ctx } from "./core.js";

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
 *      A `wait` prompt (a test that continues by phone, its online part still open) holds the line:
 *      say its text, pause, and ask `callView` again until a real step comes.
 *   4. `endCall(ctx, callId, reason)` on End Call ("ended"), the provider's disconnect ("hangup")
 *      or cancel ("cancelled"). When the steps run out the engine ends the call itself
 *      ("completed"). A call that ends with responses makes the attempt received and routes it
 *      to an evaluator (store.ts receiveAttempt).
 * Every state is a database row (ivr_calls): after a server restart the same call id goes on
 * from its step; `callView(ctx, callId)` answers where it is. The view's `lines` are what the
 * engine itself says, in the call's prompt language (lines.ts).
 */

export type IvrChannel = "web" | "phone";
export type IvrEndReason = "ended" | "hangup" | "cancelled";
/** A call idle this long (no event, no response) is over: the browser was closed, the line dropped unseen. */
export const IVR_IDLE_MINUTES = 20;

/** Why an assigned test cannot be called now, in the taking routes' words; null: it can. */
function refusal(t: { state: string; deletedAt: Date | null; expiresAt: Date; method: string }, byPhone: boolean, now: Date): HttpError | null {
  const say = (key: keyof typeof takingMessages) => new HttpError(422, takingMessages[key], `taking.messages.${key}`);
  if (!byPhone) return ivrError(422, "notIvr");
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

/** The attempt states a call may start on: open; for a test that continues by phone also its online part in. */
const callableStates = (phoneContinued: boolean) => (phoneContinued ? ["in_progress", "partially_received"] : ["in_progress"]);

/**
 * Starts a call of an IVR test, or of an online test that continues by phone (the channel has
 * authenticated who may). Opens the attempt with the newest content pinned, or resumes it: an open
 * call of the attempt is replaced by this one, which goes on from its step. The same provider call
 * id twice answers the same call. A call of a test that continues by phone may come before its
 * online part starts: the attempt it opens has no start time (start_test gives it one, with the
 * clock), and the call waits.
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
      language: languages.code,
      candidateDeletedAt: candidates.deletedAt,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(eq(assignedTests.id, input.assignedTestId));
  if (!t || t.candidateDeletedAt) throw new HttpError(404, takingMessages.notFound, "taking.messages.notFound");
  const [existing] = await ctx.db.select().from(candidateTests).where(eq(candidateTests.assignedTestId, t.id));
  const versionId = existing?.contentVersionId ?? (await newestVersion(ctx.db, t.testId));
  const phoneContinued = t.method === "online" && versionId !== null && (await contentOf(ctx.db, versionId)).continues_by_phone === true;
  const refused = refusal(t, t.method === "ivr" || phoneContinued, now);
  if (refused) throw refused;
  const callable = callableStates(phoneContinued);
  if (existing && !callable.includes(existing.state)) throw new HttpError(409, takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
  if (versionId === null) throw ivrError(422, "noContent");
  const steps = await stepsOf(ctx.db, versionId, t.language);
  if (steps.length === 0) throw ivrError(422, "noContent");

  const callId = await ctx.db.transaction(async (tx) => {
    // A phone test starts with its call; a test that continues by phone starts online (start_test).
    const startedAt = phoneContinued ? null : now;
    await tx
      .insert(candidateTests)
      .values(startValues("in_progress", { assignedTestId: t.id, candidateId: t.candidateId, accountId: t.accountId, contentVersionId: versionId, startedAt, lastHeartbeatAt: now }))
      .onConflictDoNothing({ target: candidateTests.assignedTestId });
    const [attempt] = await tx.select().from(candidateTests).where(eq(candidateTests.assignedTestId, t.id)).for("update");
    if (!callable.includes(attempt.state)) throw new HttpError(409, takingMessages.alreadySubmitted, "taking.messages.alreadySubmitted");
    if (attempt.contentVersionId === null) await tx.update(candidateTests).set({ contentVersionId: versionId, startedAt }).where(eq(candidateTests.id, attempt.id));
    const [open] = await tx.select().from(ivrCalls).where(and(eq(ivrCalls.candidateTestId, attempt.id), inArray(ivrCalls.state, ["calling", "accepted"]))).for("update");
    if (open && input.providerCallId && open.providerCallId === input.providerCallId && open.channel === input.channel) return open.id;
    if (open) await conclude(tx, open, "replaced", now, null);
    const [created] = await tx
      .insert(ivrCalls)
      .values({ candidateTestId: attempt.id, channel: input.channel, providerCallId: input.providerCallId ?? null, state: "calling", stepIndex: open ? Math.min(open.stepIndex, steps.length - 1) : 0, startedAt: now, lastEventAt: now })
      .returning({ id: ivrCalls.id });
    return created.id;
  });
  return callView(ctx, callId);
}

/** Where a call is: its state and the step to play now (a `wait` step while the online part is open). */
export async function callView(ctx: Ctx, callId: number): Promise<IvrCallView> {
  const loaded = await loadCall(ctx.db, callId);
  return viewNow(ctx.db, callId, loaded);
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
  return withCall(ctx, callId, async (tx, call, loaded, now, attempt) => {
    const step = currentStep(call, loaded, attempt, stepIndex);
    if (step === "earlier") return;
    if (step.records) throw ivrError(409, "awaitingResponse");
    await advance(tx, call, loaded, now);
  });
}

/** Request Repeat: the same prompt again (IVR_MAX_REPEATS times a step). */
export function requestRepeat(ctx: Ctx, callId: number, stepIndex: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, loaded, now, attempt) => {
    if (currentStep(call, loaded, attempt, stepIndex) === "earlier") return;
    if (call.repeats >= IVR_MAX_REPEATS) throw ivrError(422, "repeatsUsed");
    await tx.update(ivrCalls).set({ repeats: call.repeats + 1, again: "repeat", lastEventAt: now }).where(eq(ivrCalls.id, call.id));
  });
}

/** Silence after a prompt that takes a response: asked again IVR_MAX_SILENCES times, then the next step. */
export function noResponse(ctx: Ctx, callId: number, stepIndex: number): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, loaded, now, attempt) => {
    const step = currentStep(call, loaded, attempt, stepIndex);
    if (step === "earlier") return;
    if (!step.records) throw ivrError(409, "notRecording");
    if (call.silences >= IVR_MAX_SILENCES) return advance(tx, call, loaded, now);
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
  const call = await withCall(ctx, callId, async (tx, row, loaded, now, attempt) => {
    const step = loaded.steps[stepIndex];
    if (!step || !step.records) throw ivrError(409, "notRecording");
    if (isWaiting(loaded, attempt.state)) throw ivrError(409, "waitingOnline");
    if (isOpen(row)) {
      if (stepIndex > row.stepIndex) throw ivrError(409, "staleStep");
      ack = await storeResponse(tx, attempt.id, step.itemId, row.id, audio);
      if (stepIndex === row.stepIndex) await advance(tx, row, loaded, now);
      return;
    }
    if (stepIndex > row.stepIndex || row.endReason === "replaced" || attempt.resultState !== null) throw ivrError(409, "callEnded");
    ack = await storeResponse(tx, attempt.id, step.itemId, row.id, audio);
    await receiveAttempt(tx, attempt.id, row.id, now, phoneContentOf(loaded));
  });
  if (!ack) throw ivrError(409, "callEnded");
  return { ack, call };
}

/** End Call confirmed ("ended"), the provider's disconnect ("hangup") or cancel ("cancelled"). Ending twice is harmless. */
export function endCall(ctx: Ctx, callId: number, reason: IvrEndReason): Promise<IvrCallView> {
  return withCall(ctx, callId, async (tx, call, loaded, now) => {
    if (isOpen(call)) await conclude(tx, call, reason, now, phoneContentOf(loaded));
  });
}

/** The recording a `play` prompt of this call names (the channel serves it to its caller). */
export async function promptAudio(ctx: Ctx, callId: number, itemId: string): Promise<ServedFile> {
  const loaded = await loadCall(ctx.db, callId);
  const step = loaded.steps.find((s) => s.prompt.kind === "play" && s.itemId === itemId);
  const item = step ? findItem(loaded.content, itemId) : undefined;
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

/**
 * Concludes calls nobody has driven for IVR_IDLE_MINUTES ("abandoned"): no attempt stays in a call
 * for ever. A call holding for the online part of its test is idle only when the browser is too
 * (the online part's heartbeat counts as life on the line).
 */
export async function concludeIdleCalls(ctx: Ctx, now = new Date()): Promise<number> {
  const idleSince = (at: Date) => new Date(at.getTime() - IVR_IDLE_MINUTES * 60_000);
  const idle = await ctx.db
    .select({ id: ivrCalls.id })
    .from(ivrCalls)
    .where(and(inArray(ivrCalls.state, ["calling", "accepted"]), lt(ivrCalls.lastEventAt, idleSince(now))));
  let concluded = 0;
  for (const { id } of idle) {
    await withCall(ctx, id, async (tx, call, loaded, at, attempt) => {
      if (!isOpen(call) || call.lastEventAt >= idleSince(at)) return;
      if (isWaiting(loaded, attempt.state) && attempt.lastHeartbeatAt && attempt.lastHeartbeatAt >= idleSince(at)) return;
      await conclude(tx, call, "abandoned", at, phoneContentOf(loaded));
      concluded++;
    });
  }
  return concluded;
}
