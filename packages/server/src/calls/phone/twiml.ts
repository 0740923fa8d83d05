import twilio from "twilio";
import type { IvrCallView, IvrLines } from "@parlance/contract";

/**
 * The IVR engine's step as TwiML (Twilio's call instructions): the prompt (<Play> of the item's
 * recording, or <Say> of its text), then for a response <Record> with its limits (* asks for the
 * prompt again, # ends the answer), and a <Redirect> back to us for what comes next. Every address
 * names the step, so a retried webhook never advances the call twice. A `wait` step (a test that
 * continues by phone, its online part still open) holds the line: the hold message now and then,
 * a <Pause>, and a <Redirect> back to ask again. What the line says around the test's own prompts
 * is the view's `lines`, in the call's prompt language. Pure: the routes verify the request and
 * drive the engine; this only writes what Twilio should do now.
 */

type VoiceResponse = InstanceType<typeof twilio.twiml.VoiceResponse>;
type SayAttributes = NonNullable<Parameters<VoiceResponse["say"]>[0]>;
export type SayOptions = Pick<SayAttributes, "language" | "voice">;

/** Twilio's <Say> wants a language with its region. */
const SAY_REGION: Record<string, string> = { en: "en-US", es: "es-MX", fr: "fr-FR", de: "de-DE", it: "it-IT", pt: "pt-BR", ja: "ja-JP", ko: "ko-KR", ar: "arb", ru: "ru-RU", vi: "vi-VN" };
/** Mandarin: Twilio's basic voices speak no Chinese, its Google voices do (language and voice together). */
const MANDARIN_CN: SayOptions = { language: "cmn-CN", voice: "Google.cmn-CN-Standard-A" };
const MANDARIN_TW: SayOptions = { language: "cmn-TW", voice: "Google.cmn-TW-Standard-A" };

/** How Twilio says text of a language tag: a content prompt's test language, or the lines' speech tag (en-US, zh-CN, zh-TW). */
export function sayOptionsOf(tag: string): SayOptions {
  const t = tag.toLowerCase();
  if (t === "zh-hant" || t === "zh-tw" || t === "zh-hk" || t === "cmn-tw") return MANDARIN_TW;
  if (t === "zh" || t === "zh-hans" || t === "zh-cn" || t === "cmn" || t === "cmn-cn") return MANDARIN_CN;
  if (t.includes("-")) return { language: tag as SayAttributes["language"] };
  return { language: (SAY_REGION[t] ?? "en-US") as SayAttributes["language"] };
}

export interface TwimlAddresses {
  /** The voice webhook with a query saying what happened at the step. */
  voice: (query: string) => string;
  /** The <Record> action of a step. */
  recording: (step: number) => string;
  /** The public, signed address of a prompt's recording. */
  prompt: (itemId: string) => string;
}

/** While the line holds, the hold message is said every this many rounds (the first round included). */
export const WAIT_MESSAGE_EVERY = 4;

/**
 * The TwiML of the call's step. `first`: the call was just answered (the welcome first);
 * `waitRound`: how many times the line has held so far (the wait step's address counts them).
 */
export function stepTwiml(view: IvrCallView, to: TwimlAddresses, first: boolean, waitRound = 0): string {
  const response = new twilio.twiml.VoiceResponse();
  const { lines, step } = view;
  const say = (text: string) => response.say(sayOptionsOf(lines.speech), text);
  if (!step) {
    say(view.submitted ? lines.goodbye : lines.ended);
    response.hangup();
    return response.toString();
  }
  if (first && step.index === 0) say(lines.welcome);
  if (step.prompt.kind === "wait") {
    if (waitRound % WAIT_MESSAGE_EVERY === 0) say(step.prompt.text);
    response.pause({ length: step.prompt.seconds });
    response.redirect({ method: "POST" }, to.voice(`wait=${waitRound + 1}`));
    return response.toString();
  }
  if (step.again === "repeat") say(lines.again);
  if (step.again === "silence") say(lines.silence);
  if (step.prompt.kind === "play") response.play(to.prompt(step.prompt.item_id));
  else response.say(sayOptionsOf(step.prompt.language), step.prompt.text);
  if (!step.record) {
    response.redirect({ method: "POST" }, to.voice(`played=${step.index}`));
    return response.toString();
  }
  if (step.index === 0 || step.again === null) say(lines.how_to_answer);
  response.record({
    action: to.recording(step.index),
    method: "POST",
    maxLength: step.record.max_seconds,
    timeout: step.record.silence_seconds,
    finishOnKey: "#*",
    playBeep: true,
    trim: "trim-silence",
  });
  // <Record> goes on to the next verb when nothing was said: silence at this step.
  response.redirect({ method: "POST" }, to.voice(`silence=${step.index}`));
  return response.toString();
}

/** Said when the engine cannot run the test on this call (withdrawn, expired, already taken). */
export function errorTwiml(lines: IvrLines): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(sayOptionsOf(lines.speech), lines.error);
  response.hangup();
  return response.toString();
}

/** An empty answer (a status callback wants nothing done). */
export const emptyTwiml = (): string => new twilio.twiml.VoiceResponse().toString();
