import { z } from "zod";
import { defineRoute } from "../route.js";
import { positiveInt } from "../common/ids.js";
import { LANGUAGE_IDS, LANGUAGES, type Language } from "../common/languages.js";

/**
 * The IVR engine's views (one engine for the browser web call and the phone call, server
 * calls/ivr/) and the web-IVR routes (candidate spec §2 "Web-IVR screen", §4 call states, §7
 * `GET /api/webivr/candidate_access_token/{id}`). `{id}` in every web-IVR path is the assigned
 * test id the candidate holds, as in the test-taking routes.
 */

/** Spec §4 web-IVR call states: 0 not started, 1 calling, 2 accepted, 3 cancelled, 4 disconnected. */
export const CALL_STATE = { notStarted: 0, calling: 1, accepted: 2, cancelled: 3, disconnected: 4 } as const;
export type CallStateNumber = (typeof CALL_STATE)[keyof typeof CALL_STATE];

/** The provider events that set the state (spec §4): accept, disconnect, cancel. */
export const CALL_EVENTS = ["accept", "disconnect", "cancel"] as const;
export type CallEvent = (typeof CALL_EVENTS)[number];

/** Why a call ended: all prompts done, End Call confirmed, the line dropped (hang-up), or it never connected. */
export const CALL_END_REASONS = ["completed", "ended", "hangup", "cancelled", "replaced", "abandoned"] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** Times the candidate may ask for one prompt again (Request Repeat). */
export const IVR_MAX_REPEATS = 2;
/** A recording step with no answer is asked again this many times, then the call moves on. */
export const IVR_MAX_SILENCES = 2;
/** The longest spoken response; the recorder stops here. */
export const IVR_MAX_RESPONSE_SECONDS = 120;
/** Quiet this long after speech ends a response (phone: Record's timeout). */
export const IVR_SILENCE_SECONDS = 3;
/** A recording larger than this is not a spoken response. */
export const IVR_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** The web-IVR token lives this long; the screen asks for a new one before it runs out. */
export const WEBIVR_TOKEN_SECONDS = 30 * 60;
/** While a call waits for the online part of its test, the phone line pauses this long between checks. */
export const IVR_WAIT_SECONDS = 15;
/**
 * A test that continues by phone: once its online part is submitted, the phone part has this long.
 * Then the attempt is received with what it holds (the deadline jobs of taking), call or no call.
 */
export const IVR_PHONE_PART_MINUTES = 60;
/** What a recorded response may be (the browser's MediaRecorder, or the phone provider's WAV/MP3). */
export const IVR_RESPONSE_TYPES = ["audio/webm", "audio/ogg", "audio/wav", "audio/mpeg", "audio/mp4"] as const;

export const ivrMessages = {
  setupFailure: "An error occurred while setting up the IVR test.",
  notIvr: "This test is not taken by phone.",
  webCallOff: "This test cannot be taken by a call from the browser. Please ask for a phone call.",
  noContent: "This phone test has no prompts yet.",
  badToken: "This call's access token is not valid for this test. Start the call again.",
  tokenExpired: "This call's access token has expired. Start the call again.",
  noCall: "There is no call in progress for this test.",
  callEnded: "This call has already ended.",
  staleStep: "That prompt is no longer the current one.",
  notRecording: "This prompt does not take a spoken response.",
  awaitingResponse: "This prompt waits for a spoken response.",
  noAudio: "A recorded response must be sent as one audio file.",
  badAudioType: "A recorded response must be audio (WebM, Ogg, WAV, MP3 or MP4 audio).",
  emptyAudio: "The recorded response is empty.",
  audioTooLarge: "The recorded response is too large.",
  noResponse: "There is no recorded response for this item.",
  noPrompt: "That prompt is not part of this test.",
  repeatsUsed: "This prompt cannot be repeated again.",
  waitingOnline: "The call waits until the online part of the test is submitted.",
} as const;

/**
 * The call's prompt language (spec §3 phone call request `prompt_language_id`: 140 English, 104
 * Simplified Chinese, 106 Traditional Chinese): the language of what the engine itself says —
 * welcome, hold, how to answer, again, silence, goodbye. The test's own prompts stay in its language.
 */
export const PROMPT_LANGUAGE_IDS = LANGUAGE_IDS;

/** The prompt language of a `prompt_language_id`, or null when it is not one of the three. */
export function promptLanguageOfId(id: number | null | undefined): Language | null {
  return LANGUAGES.find((l) => PROMPT_LANGUAGE_IDS[l] === id) ?? null;
}

/** The prompt language a test's own language gives (its catalogue code: en, zh-Hans, zh-Hant, …): else English. */
export function promptLanguageOfTest(code: string): Language {
  const c = code.toLowerCase();
  if (c === "zh-hans" || c === "zh-cn" || c === "zh-sg") return "zh-HANS";
  if (c === "zh-hant" || c === "zh-tw" || c === "zh-hk") return "zh-HANT";
  return "en-US";
}

/** The BCP 47 tag a browser speaks a prompt language with (speechSynthesis, the `lang` of its text). */
export const PROMPT_SPEECH_TAGS: Record<Language, string> = { "en-US": "en-US", "zh-HANS": "zh-CN", "zh-HANT": "zh-TW" };

/** What the engine says on a call, in the call's prompt language (server i18n `ivrLines.*`). */
export const ivrLines = z.object({
  /** The prompt language (140 en-US, 104 zh-HANS, 106 zh-HANT). */
  prompt_language: z.enum(LANGUAGES),
  /** BCP 47 tag to speak and mark the texts with. */
  speech: z.string(),
  welcome: z.string(),
  /** The hold message while the online part of the test is still open. */
  wait: z.string(),
  how_to_answer: z.string(),
  again: z.string(),
  silence: z.string(),
  goodbye: z.string(),
  /** The call ended without the test being done on it. */
  ended: z.string(),
  error: z.string(),
});
export type IvrLines = z.infer<typeof ivrLines>;
export const IVR_LINE_KEYS = ["welcome", "wait", "how_to_answer", "again", "silence", "goodbye", "ended", "error"] as const;

/** What a channel plays for a step: a recording of the content (by item), or text the provider speaks. */
export const ivrPrompt = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("play"),
    /** The content item whose recording plays; fetch it from the channel's prompt-audio route. */
    item_id: z.string(),
    content_type: z.string(),
    /** What the recording says, shown on the web screen as it plays (null: nothing to show). */
    text: z.string().nullable(),
  }),
  z.object({
    kind: z.literal("say"),
    text: z.string(),
    /** BCP 47 tag of the test's language, for the provider's voice. */
    language: z.string(),
  }),
  z.object({
    /**
     * A test that continues by phone, whose online part is still open: the line holds (the hold
     * message in the prompt language, then a pause of `seconds`) and asks again (the call's view)
     * until the step to play is a real one. Nothing is reported for it: no promptPlayed.
     */
    kind: z.literal("wait"),
    text: z.string(),
    language: z.string(),
    seconds: z.number().int(),
  }),
]);
export type IvrPrompt = z.infer<typeof ivrPrompt>;

export const ivrStepView = z.object({
  /** 0-based position in the call's steps; every engine call names it so a retried request never advances twice. */
  index: z.number().int(),
  total: z.number().int(),
  item_id: z.string(),
  prompt: ivrPrompt,
  /** Null: play the prompt and go on (promptPlayed). Otherwise record the response after it. */
  record: z.object({ item_id: z.string(), max_seconds: z.number().int(), silence_seconds: z.number().int() }).nullable(),
  /** The same step again after Request Repeat or after silence. */
  again: z.enum(["repeat", "silence"]).nullable(),
  repeats_left: z.number().int(),
});
export type IvrStepView = z.infer<typeof ivrStepView>;

export const ivrCallView = z.object({
  call_id: z.number().int(),
  channel: z.enum(["web", "phone"]),
  /** Spec §4: 1 calling, 2 accepted, 3 cancelled, 4 disconnected. */
  state: z.number().int(),
  end_reason: z.enum(CALL_END_REASONS).nullable(),
  /** The step to play now; null once the call has ended. */
  step: ivrStepView.nullable(),
  /** Responses stored for this attempt (acknowledged). */
  responses: z.number().int(),
  /** The attempt was received and routed to an evaluator when the call ended. */
  submitted: z.boolean(),
  /** What the engine itself says on this call, in its prompt language. */
  lines: ivrLines,
});
export type IvrCallView = z.infer<typeof ivrCallView>;

/** A stored response, as the engine acknowledges it: once answered, it is never lost. */
export const ivrResponseAck = z.object({
  item_id: z.string(),
  seq: z.number().int(),
  sha256: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type IvrResponseAck = z.infer<typeof ivrResponseAck>;

export const webIvrParams = z.object({ id: positiveInt("The test id must be a positive whole number.") });

const token = z.string({ error: ivrMessages.badToken }).min(16, ivrMessages.badToken).max(200, ivrMessages.badToken);
const stepIndex = z.number({ error: "The step must be a whole number." }).int("The step must be a whole number.").min(0, "The step must be a whole number.").max(10_000);
const callId = z.number({ error: "The call id must be a positive whole number." }).int().min(1, "The call id must be a positive whole number.").max(2_147_483_647);

export const webIvrTokenOutput = z.object({
  token: z.string(),
  expires_at: z.string(),
  assigned_test_id: z.number().int(),
  /** The test's language (BCP 47), for the prompts the browser speaks. */
  language: z.string(),
  description: z.string(),
  /** An open call of this test the screen may resume (a reload during the call). */
  open_call_id: z.number().int().nullable(),
});

const stepInput = z.object({ token, call_id: callId, step: stepIndex });

export const webIvrRoutes = {
  candidateAccessToken: defineRoute({
    method: "GET",
    path: "/api/webivr/candidate_access_token/:id",
    params: webIvrParams,
    input: z.object({}),
    output: webIvrTokenOutput,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "A short-lived token for the web-IVR call of this test, bound to the test and the caller",
  }),
  begin: defineRoute({
    method: "POST",
    path: "/api/webivr/begin/:id",
    params: webIvrParams,
    input: z.object({ token }),
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "Begin Call: starts (or resumes) the web call of this IVR test; answers the first step",
  }),
  event: defineRoute({
    method: "POST",
    path: "/api/webivr/event/:id",
    params: webIvrParams,
    input: z.object({ token, call_id: callId, event: z.enum(CALL_EVENTS, { error: "The event must be accept, disconnect or cancel." }), ended_by_candidate: z.boolean().default(false) }),
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "A provider event (accept, disconnect, cancel) of the web call; disconnect and cancel conclude it",
  }),
  state: defineRoute({
    method: "POST",
    path: "/api/webivr/state/:id",
    params: webIvrParams,
    input: z.object({ token, call_id: callId }),
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "The call as the server has it (the step to play now)",
  }),
  promptPlayed: defineRoute({
    method: "POST",
    path: "/api/webivr/prompt_played/:id",
    params: webIvrParams,
    input: stepInput,
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "A prompt without a response has played: the next step",
  }),
  repeat: defineRoute({
    method: "POST",
    path: "/api/webivr/repeat/:id",
    params: webIvrParams,
    input: stepInput,
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "Request Repeat: the current prompt again",
  }),
  noResponse: defineRoute({
    method: "POST",
    path: "/api/webivr/no_response/:id",
    params: webIvrParams,
    input: stepInput,
    output: ivrCallView,
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "Silence: nothing was said after the prompt (asked again, then the call moves on)",
  }),
  response: defineRoute({
    method: "POST",
    path: "/api/webivr/response/:id",
    params: webIvrParams,
    input: z.object({}),
    output: z.object({ ack: ivrResponseAck, call: ivrCallView }),
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "A recorded response (multipart: fields token, call_id, step, seq, duration_ms, then one audio file); acknowledged once stored",
  }),
  promptAudio: defineRoute({
    method: "GET",
    path: "/api/webivr/prompt_audio/:id",
    params: webIvrParams,
    input: z.object({ token, call_id: positiveInt("The call id must be a positive whole number."), item: z.string().min(1).max(64) }),
    output: z.string().describe("the prompt's recording (audio/*)"),
    access: "tests",
    failure: "ivrSetupFailure",
    summary: "The recording of a prompt of this call",
  }),
} as const;

/** The recorded responses on the scoring page (evaluators and Testing Executives). */
export const ivrResultRoutes = {
  responseAudio: defineRoute({
    method: "GET",
    path: "/api/test_results/response_audio/:id",
    params: webIvrParams,
    input: z.object({ item: z.string({ error: ivrMessages.noResponse }).min(1, ivrMessages.noResponse).max(64) }),
    output: z.string().describe("the candidate's recorded response (audio/*), with Range support"),
    access: "results",
    failure: "retrieveTestFailure",
    summary: "The candidate's recorded spoken response to an item of a phone or web-call test",
  }),
} as const;
