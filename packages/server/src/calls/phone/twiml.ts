import twilio from "twilio";
import type { IvrCallView } from "@parlance/contract";

/**
 * The IVR engine's step as TwiML (Twilio's call instructions): the prompt (<Play> of the item's
 * recording, or <Say> of its text), then for a response <Record> with its limits (* asks for the
 * prompt again, # ends the answer), and a <Redirect> back to us for what comes next. Every address
 * names the step, so a retried webhook never advances the call twice. Pure: the routes verify the
 * request and drive the engine; this only writes what Twilio should do now.
 */

/** What the phone line says around the test's prompts (the test's own prompts are the content's). */
export const PHONE_LINES = {
  welcome: "Welcome to your language test.",
  howToAnswer: "After the tone, please speak your answer. Press star to hear the question again, or pound when you have finished.",
  again: "Here is the question again.",
  silence: "We did not hear an answer.",
  goodbye: "Thank you. Your responses have been recorded. Goodbye.",
  error: "An error occurred starting the test. Goodbye.",
} as const;

/** Twilio's <Say> wants a language with its region. */
const SAY_REGION: Record<string, string> = { en: "en-US", es: "es-MX", fr: "fr-FR", de: "de-DE", it: "it-IT", pt: "pt-BR", ja: "ja-JP", ko: "ko-KR", zh: "zh-CN", ar: "arb", ru: "ru-RU", vi: "vi-VN" };
type SayLanguage = NonNullable<Parameters<InstanceType<typeof twilio.twiml.VoiceResponse>["say"]>[0]>["language"];
export const sayLanguage = (tag: string): SayLanguage => (tag.includes("-") ? tag : (SAY_REGION[tag.toLowerCase()] ?? "en-US")) as SayLanguage;

export interface TwimlAddresses {
  /** The voice webhook with a query saying what happened at the step. */
  voice: (query: string) => string;
  /** The <Record> action of a step. */
  recording: (step: number) => string;
  /** The public, signed address of a prompt's recording. */
  prompt: (itemId: string) => string;
}

export function stepTwiml(view: IvrCallView, to: TwimlAddresses, first: boolean): string {
  const response = new twilio.twiml.VoiceResponse();
  const step = view.step;
  if (!step) {
    response.say({ language: "en-US" }, PHONE_LINES.goodbye);
    response.hangup();
    return response.toString();
  }
  if (first && step.index === 0) response.say({ language: "en-US" }, PHONE_LINES.welcome);
  if (step.again === "repeat") response.say({ language: "en-US" }, PHONE_LINES.again);
  if (step.again === "silence") response.say({ language: "en-US" }, PHONE_LINES.silence);
  if (step.prompt.kind === "play") response.play(to.prompt(step.prompt.item_id));
  else response.say({ language: sayLanguage(step.prompt.language) }, step.prompt.text);
  if (!step.record) {
    response.redirect({ method: "POST" }, to.voice(`played=${step.index}`));
    return response.toString();
  }
  if (step.index === 0 || step.again === null) response.say({ language: "en-US" }, PHONE_LINES.howToAnswer);
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
export function errorTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ language: "en-US" }, PHONE_LINES.error);
  response.hangup();
  return response.toString();
}

/** An empty answer (a status callback wants nothing done). */
export const emptyTwiml = (): string => new twilio.twiml.VoiceResponse().toString();
