import type { FastifyRequest } from "fastify";
import { ENDED_PHONE_CALL_STATUSES, IVR_MAX_RESPONSE_BYTES, type IvrCallView, type PhoneCallStatus } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { ServedFile } from "../../http/byte-range.js";
import { ivrError } from "../ivr/store.js";
import { acceptCall, callOfProvider, callView, endCall, noResponse, promptAudio, promptPlayed, recordResponse, requestRepeat, startCall } from "../ivr/engine.js";
import { phoneError } from "./records.js";
import { followEngine, moveStatus, phoneCallOf } from "./call-status.js";

/**
 * The developer phone (outside production, the provider's Administrator only): it answers the
 * calls the local voice provider placed and plays the part of the candidate's handset, driving the
 * same IVR engine as Twilio's webhooks do — answer, a prompt played, Request Repeat, silence, a
 * spoken response, hang-up — so the whole phone path runs offline.
 */
type Ctx = Pick<AppContext, "db" | "config">;

const ended = (status: string) => (ENDED_PHONE_CALL_STATUSES as readonly string[]).includes(status as PhoneCallStatus);

/** The engine's call of an answered local call. */
async function answeredCall(ctx: Ctx, callId: number): Promise<number> {
  const call = await phoneCallOf(ctx.db, callId, "local");
  const ivrCall = call.providerCallId ? await callOfProvider(ctx, "phone", call.providerCallId) : null;
  if (ivrCall === null) throw ivrError(409, "noCall");
  return ivrCall;
}

export async function devAnswer(ctx: Ctx, callId: number): Promise<IvrCallView> {
  const call = await phoneCallOf(ctx.db, callId, "local");
  if (ended(call.status) || !call.providerCallId) throw ivrError(409, "callEnded");
  try {
    const started = await startCall(ctx, { assignedTestId: call.assignedTestId, channel: "phone", providerCallId: call.providerCallId });
    const view = await acceptCall(ctx, started.call_id);
    await moveStatus(ctx.db, call.id, "in_progress");
    return view;
  } catch (e) {
    // The engine would not run the test on this call (withdrawn, expired, taken): the line drops.
    await moveStatus(ctx.db, call.id, "failed");
    throw e;
  }
}

/** Where the answered call is: the handset asks while the call holds for the online part of its test. */
export async function devCall(ctx: Ctx, callId: number): Promise<IvrCallView> {
  const view = await callView(ctx, await answeredCall(ctx, callId));
  await followEngine(ctx.db, callId, view);
  return view;
}

export async function devStep(ctx: Ctx, callId: number, input: { action: "played" | "repeat" | "silence"; step: number }): Promise<IvrCallView> {
  const ivrCall = await answeredCall(ctx, callId);
  const view =
    input.action === "played"
      ? await promptPlayed(ctx, ivrCall, input.step)
      : input.action === "repeat"
        ? await requestRepeat(ctx, ivrCall, input.step)
        : await noResponse(ctx, ivrCall, input.step);
  await followEngine(ctx.db, callId, view);
  return view;
}

const intField = (fields: Record<string, unknown>, name: string): number | null => {
  const field = fields[name] as { value?: unknown } | undefined;
  const value = typeof field?.value === "string" ? field.value.trim() : "";
  return /^\d{1,15}$/.test(value) ? Number(value) : null;
};

/** A spoken response, as the handset recorded it (multipart: step, seq, duration_ms, then the audio). */
export async function devResponse(ctx: Ctx, callId: number, req: FastifyRequest) {
  const ivrCall = await answeredCall(ctx, callId);
  if (!req.isMultipart()) throw ivrError(400, "noAudio");
  let file;
  try {
    file = await req.file({ limits: { fileSize: IVR_MAX_RESPONSE_BYTES } });
    if (!file) throw ivrError(400, "noAudio");
    const data = await file.toBuffer();
    const step = intField(file.fields, "step");
    const seq = intField(file.fields, "seq");
    if (step === null || seq === null) throw phoneError(400, "badStep");
    const result = await recordResponse(ctx, ivrCall, step, { data, contentType: file.mimetype, durationMs: intField(file.fields, "duration_ms"), seq });
    await followEngine(ctx.db, callId, result.call);
    return result;
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw ivrError(413, "audioTooLarge");
    if (code?.startsWith("FST_")) throw ivrError(400, "noAudio");
    throw e;
  }
}

export async function devPromptAudio(ctx: Ctx, callId: number, item: string): Promise<ServedFile> {
  return promptAudio(ctx, await answeredCall(ctx, callId), item);
}

/** Hangs up: a ringing call is declined; an answered one ends as the candidate's hang-up. */
export async function devHangUp(ctx: Ctx, callId: number): Promise<IvrCallView | null> {
  const call = await phoneCallOf(ctx.db, callId, "local");
  const ivrCall = call.providerCallId ? await callOfProvider(ctx, "phone", call.providerCallId) : null;
  if (ivrCall === null) {
    await moveStatus(ctx.db, call.id, "canceled");
    return null;
  }
  const view = await endCall(ctx, ivrCall, "hangup");
  await moveStatus(ctx.db, call.id, "completed");
  return view;
}
