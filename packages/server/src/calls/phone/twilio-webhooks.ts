import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { IvrCallView, IvrLines } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { HttpError } from "../../http/errors.js";
import type { ServedFile } from "../../http/byte-range.js";
import { voiceProvider, statusOfTwilio, TwilioVoiceProvider, type Recording } from "../../providers/voice/index.js";
import { acceptCall, callOfProvider, callView, endCall, noResponse, promptAudio, promptPlayed, recordResponse, requestRepeat, startCall } from "../ivr/engine.js";
import { phoneError } from "./records.js";
import { assignedTests, languages, tests } from "../../db/schema.js";
import { ivrLinesOf, promptLanguage } from "../ivr/lines.js";
import { followEngine, moveStatus, phoneCallOf, type PhoneCallRow } from "./call-status.js";
import { emptyTwiml, errorTwiml, stepTwiml, type TwimlAddresses } from "./twiml.js";

/**
 * Twilio's webhooks of a phone test's call (POST, form-encoded). Each is verified before anything
 * is read from it: X-Twilio-Signature over the public URL Twilio called and the parameters, and
 * the CallSid must be the call we placed under this id. They drive the IVR engine and answer its
 * next step as TwiML.
 */
type Ctx = Pick<AppContext, "db" | "config">;

export interface TwilioWebhook {
  callId: number;
  /** The path and query the request arrived at (what Twilio called, behind PUBLIC_URL). */
  pathAndQuery: string;
  query: Record<string, unknown>;
  params: Record<string, string>;
  signature: string | undefined;
}

function twilioProvider(ctx: Ctx): TwilioVoiceProvider {
  const provider = voiceProvider(ctx.config);
  // Without Twilio configured there are no Twilio calls: nothing here exists.
  if (!(provider instanceof TwilioVoiceProvider)) throw phoneError(404, "callNotFound");
  return provider;
}

async function verified(ctx: Ctx, hook: TwilioWebhook): Promise<{ provider: TwilioVoiceProvider; call: PhoneCallRow; callSid: string }> {
  const provider = twilioProvider(ctx);
  if (!provider.verifyWebhook(`${ctx.config.publicUrl}${hook.pathAndQuery}`, hook.params, hook.signature)) throw phoneError(403, "badSignature");
  const call = await phoneCallOf(ctx.db, hook.callId, "twilio");
  const callSid = hook.params.CallSid ?? "";
  if (!call.providerCallId || callSid !== call.providerCallId) throw phoneError(403, "badSignature");
  return { provider, call, callSid };
}

const stepOf = (v: unknown): number | null => (typeof v === "string" && /^\d{1,5}$/.test(v) ? Number(v) : null);

/** The prompt's address carries an HMAC of the call and the item: Twilio fetches <Play> unsigned. */
export const promptSignature = (secret: string, callId: number, itemId: string) => createHmac("sha256", secret).update(`${callId}:${itemId}`).digest("hex");

function addresses(ctx: Ctx, provider: TwilioVoiceProvider, callId: number): TwimlAddresses {
  return {
    voice: (query) => provider.webhookUrl("voice", callId, `?${query}`),
    recording: (step) => provider.webhookUrl("recording", callId, `?step=${step}`),
    prompt: (item) =>
      `${ctx.config.publicUrl}/api/calls/phone/twilio/prompt/${callId}?item=${encodeURIComponent(item)}&sig=${promptSignature(provider.signingSecret, callId, item)}`,
  };
}

/** The call's lines when the engine has no view to give (its prompt language, else the test's). */
async function linesOfCall(ctx: Ctx, call: PhoneCallRow): Promise<IvrLines> {
  const [test] = await ctx.db
    .select({ code: languages.code })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .where(eq(assignedTests.id, call.assignedTestId));
  return ivrLinesOf(promptLanguage(call.promptLanguageId, test?.code ?? "en"));
}

/** The engine refuses (test withdrawn, expired, taken): the line says so and hangs up. */
async function orSayError(ctx: Ctx, call: PhoneCallRow, run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) return errorTwiml(await linesOfCall(ctx, call));
    throw e;
  }
}

/** The voice webhook: the call was answered (start the test), or a step's prompt played / met silence. */
export async function twilioVoice(ctx: Ctx, hook: TwilioWebhook): Promise<string> {
  const { provider, call, callSid } = await verified(ctx, hook);
  // An answering machine is not the candidate: hang up without starting the test.
  if ((hook.params.AnsweredBy ?? "").startsWith("machine") || hook.params.AnsweredBy === "fax") {
    await moveStatus(ctx.db, call.id, "no_answer");
    return errorTwiml(await linesOfCall(ctx, call));
  }
  return orSayError(ctx, call, async () => {
    const existing = await callOfProvider(ctx, "phone", callSid);
    let view: IvrCallView;
    let first = false;
    // The line holding for the online part of the test asks again (?wait=n: the rounds so far).
    const waitRound = stepOf(hook.query.wait) ?? 0;
    if (existing === null) {
      const started = await startCall(ctx, { assignedTestId: call.assignedTestId, channel: "phone", providerCallId: callSid });
      view = await acceptCall(ctx, started.call_id);
      await moveStatus(ctx.db, call.id, "in_progress");
      first = true;
    } else {
      const played = stepOf(hook.query.played);
      const silence = stepOf(hook.query.silence);
      view = played !== null ? await promptPlayed(ctx, existing, played) : silence !== null ? await noResponse(ctx, existing, silence) : await callView(ctx, existing);
    }
    await followEngine(ctx.db, call.id, view);
    return stepTwiml(view, addresses(ctx, provider, call.id), first, waitRound);
  });
}

/** Twilio may answer 404 for a recording the moment its <Record> ends: a few tries, a second apart. */
async function fetchRecording(provider: TwilioVoiceProvider, recordingSid: string): Promise<Recording> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await provider.fetchRecording(recordingSid);
    } catch (e) {
      if (attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 1000 * attempt));
    }
  }
}

/** <Record>'s action: the response is fetched into our storage and handed to the engine (or * asked for the prompt again). */
export async function twilioRecording(ctx: Ctx, hook: TwilioWebhook): Promise<string> {
  const { provider, call, callSid } = await verified(ctx, hook);
  const step = stepOf(hook.query.step);
  if (step === null) throw phoneError(400, "badCall");
  const ivrCall = await callOfProvider(ctx, "phone", callSid);
  if (ivrCall === null) return errorTwiml(await linesOfCall(ctx, call));
  const recordingSid = hook.params.RecordingSid ?? "";
  const seconds = Number(hook.params.RecordingDuration ?? "0");
  return orSayError(ctx, call, async () => {
    let view: IvrCallView;
    if (hook.params.Digits === "*") {
      view = await requestRepeat(ctx, ivrCall, step).catch(async (e: unknown) => {
        // Repeats used up: the prompt is not played again; recording goes on.
        if (e instanceof HttpError && e.statusCode === 422) return callView(ctx, ivrCall);
        throw e;
      });
    } else if (!recordingSid || !(seconds > 0)) {
      view = await noResponse(ctx, ivrCall, step);
    } else {
      const audio = await fetchRecording(provider, recordingSid);
      ({ call: view } = await recordResponse(ctx, ivrCall, step, { data: audio.bytes, contentType: audio.contentType, durationMs: Math.round(seconds * 1000), seq: Date.now() }));
      // Stored and acknowledged here: Twilio need not keep the candidate's voice.
      await provider.deleteRecording(recordingSid).catch(() => undefined);
    }
    await followEngine(ctx.db, call.id, view);
    return stepTwiml(view, addresses(ctx, provider, call.id), false);
  });
}

/** The status callback: ringing, answered, and how the call ended (a hang-up concludes the test's call). */
export async function twilioStatus(ctx: Ctx, hook: TwilioWebhook): Promise<string> {
  const { call, callSid } = await verified(ctx, hook);
  const status = statusOfTwilio(hook.params.CallStatus);
  if (status) await moveStatus(ctx.db, call.id, status);
  if (status && status !== "ringing" && status !== "in_progress") {
    const ivrCall = await callOfProvider(ctx, "phone", callSid);
    if (ivrCall !== null) await endCall(ctx, ivrCall, status === "completed" ? "hangup" : "cancelled");
  }
  return emptyTwiml();
}

/** A prompt's recording for <Play>, when the address's HMAC is this call's and item's. */
export async function twilioPrompt(ctx: Ctx, callId: number, input: { item: string; sig: string }): Promise<ServedFile> {
  const provider = twilioProvider(ctx);
  const expected = Buffer.from(promptSignature(provider.signingSecret, callId, input.item), "hex");
  const given = Buffer.from(input.sig, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw phoneError(403, "badSignature");
  const call = await phoneCallOf(ctx.db, callId, "twilio");
  const ivrCall = call.providerCallId ? await callOfProvider(ctx, "phone", call.providerCallId) : null;
  if (ivrCall === null) throw phoneError(404, "callNotFound");
  return promptAudio(ctx, ivrCall, input.item);
}
