import { z } from "zod";
import { defineRoute } from "../route.js";
import { positiveInt } from "../common/ids.js";
import { pageInput } from "../common/paging.js";
import { ivrCallView, ivrResponseAck } from "./ivr.js";

/**
 * Phone (IVR) calls (candidate spec §2 phone call screen and call-candidate dialog, §3 phone call
 * request, §4, §7, §8; client spec §7): the candidate asks to be called for a phone test, or a
 * client user calls the candidate; the voice provider (Twilio in production, the developer phone
 * by default) rings the number and the IVR engine runs the test on the call.
 */

export const phoneCallMessages = {
  // Spec texts (§8).
  assigned: "The test has been assigned.",
  notAssigned: "The test could not be assigned.",
  startError: "An error occurred starting the test.",
  // Ours.
  numberRequired: "Please enter a phone number.",
  badNumber: "That is not a valid phone number for the chosen country.",
  badCountry: "Please choose a country.",
  badAccount: "The account must be a positive whole number.",
  wrongAccount: "That test was not found.",
  testNotFound: "That test was not found.",
  notByPhone: "This test is not taken by phone.",
  notOpen: "This test cannot be taken now.",
  callNotFound: "That call was not found.",
  badCall: "The call id must be a positive whole number.",
  badStep: "The step and sequence number must be whole numbers.",
  badSignature: "The webhook signature is not valid.",
  providerFailed: "The call could not be placed. Please try again later.",
  callRequested: "You will receive a call shortly.",
  badLanguage: "Choose the prompt language from the list.",
  tooManyCalls: "Too many calls for this test. Please wait an hour and try again.",
} as const;
export type PhoneCallMessage = keyof typeof phoneCallMessages;

/** E.164 allows 15 digits; with spaces, dashes and brackets a typed number stays well under this. */
export const PHONE_NUMBER_MAX = 40;

export const PHONE_CALL_STATUSES = ["requested", "ringing", "in_progress", "completed", "failed", "busy", "no_answer", "canceled"] as const;
export type PhoneCallStatus = (typeof PHONE_CALL_STATUSES)[number];
/** A call in one of these is over: the developer phone no longer rings for it. */
export const ENDED_PHONE_CALL_STATUSES: readonly PhoneCallStatus[] = ["completed", "failed", "busy", "no_answer", "canceled"];

const isoCode = z
  .string({ error: phoneCallMessages.badCountry })
  .trim()
  .regex(/^[A-Za-z]{2}$/, phoneCallMessages.badCountry)
  .transform((v) => v.toUpperCase());
const phoneNumberText = z
  .string({ error: phoneCallMessages.numberRequired })
  .trim()
  .min(1, phoneCallMessages.numberRequired)
  .max(PHONE_NUMBER_MAX, phoneCallMessages.badNumber);
const assignedTestId = positiveInt(phoneCallMessages.testNotFound);

export const phoneCallParams = z.object({ id: positiveInt(phoneCallMessages.testNotFound) });
export const phoneCallIdParams = z.object({ callId: positiveInt(phoneCallMessages.badCall) });

/** Tests Call (spec §3): the phone call screen's startup data; the fields after the spec's are ours. */
export const testsCallView = z.object({
  accessCode: z.string(),
  assignedTestId: z.number().int(),
  officeId: z.number().int().nullable(),
  testDescription: z.string(),
  /** The number on the candidate's record (may be empty), to start the input with. */
  phoneNumber: z.string(),
  /** The test's language name: the IVR speaks it. */
  language: z.string(),
});
export type TestsCallView = z.infer<typeof testsCallView>;

/** The phone call request (spec §3): the number as typed with its country; the prompts' language. */
export const phoneCallRequest = z.object({
  iso_code: isoCode,
  phone_number: phoneNumberText,
  /**
   * The language the IVR speaks its own instructions in (welcome, hold, how to answer, goodbye):
   * 140 English, 104 Simplified Chinese, 106 Traditional Chinese. Null or absent: the test's own
   * language when it is one of those, else English.
   */
  prompt_language_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  assigned_test_id: assignedTestId,
});
export type PhoneCallRequest = z.input<typeof phoneCallRequest>;

export const phoneCallAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  messageKey: z.string(),
  /** The call placed (null when it could not be). */
  call_id: z.number().int().nullable(),
});
export type PhoneCallAnswer = z.infer<typeof phoneCallAnswer>;

/** POST /api/call_candidate/call_candidate (client spec §7): account, number with its country code, test. */
export const callCandidateInput = z.object({
  account: positiveInt(phoneCallMessages.badAccount),
  /** International form with the country code: "+1 617 555 0142", "+44 20 7946 0958". */
  phone_number: phoneNumberText,
  assigned_test_id: assignedTestId,
});
export type CallCandidateInput = z.input<typeof callCandidateInput>;

/** What the developer phone tells the engine about a step. */
export const DEV_PHONE_ACTIONS = ["played", "repeat", "silence"] as const;

/** One call as the developer phone lists it. */
export const devPhoneCall = z.object({
  id: z.number().int(),
  to: z.string(),
  testDescription: z.string(),
  candidateName: z.string(),
  status: z.enum(PHONE_CALL_STATUSES),
  created_at: z.string(),
});
export type DevPhoneCall = z.infer<typeof devPhoneCall>;

/** TwiML (text/xml) answers of the voice webhooks, as Twilio reads them. */
const twiml = z.string().describe("TwiML (text/xml)");

export const phoneCallRoutes = {
  callStartup: defineRoute({
    method: "GET",
    path: "/api/tests/call/:id",
    params: phoneCallParams,
    input: z.object({}),
    output: testsCallView,
    access: "tests",
    failure: "phoneStartFailure",
    summary: "Tests Call: the phone call screen's startup data for a phone test the candidate holds",
  }),
  requestCall: defineRoute({
    method: "POST",
    path: "/api/tests/request_call",
    input: phoneCallRequest,
    output: phoneCallAnswer,
    access: "tests",
    failure: "phoneStartFailure",
    summary: "The candidate's phone call request: the voice provider calls the number (validated for its country) and the IVR runs the test",
  }),
  callCandidate: defineRoute({
    method: "POST",
    path: "/api/call_candidate/call_candidate",
    input: callCandidateInput,
    output: phoneCallAnswer,
    access: "candidates",
    failure: "assignFailure",
    summary: "A client user calls the candidate for a phone test of theirs (number in international form); success and 'The test has been assigned.'",
  }),
  twilioVoice: defineRoute({
    method: "POST",
    path: "/api/calls/phone/twilio/voice/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: twiml,
    access: "public",
    failure: "generic",
    summary: "Twilio's voice webhook (form-encoded, X-Twilio-Signature checked against PUBLIC_URL): the IVR's next step as TwiML",
  }),
  twilioRecording: defineRoute({
    method: "POST",
    path: "/api/calls/phone/twilio/recording/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: twiml,
    access: "public",
    failure: "generic",
    summary: "Twilio's <Record> action (signed): the response's recording is fetched into our storage and the IVR goes on",
  }),
  twilioStatus: defineRoute({
    method: "POST",
    path: "/api/calls/phone/twilio/status/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: twiml,
    access: "public",
    failure: "generic",
    summary: "Twilio's call status callback (signed): ringing, answered, completed, busy, no answer, failed",
  }),
  twilioPrompt: defineRoute({
    method: "GET",
    path: "/api/calls/phone/twilio/prompt/:callId",
    params: phoneCallIdParams,
    input: z.object({ item: z.string().min(1).max(64), sig: z.string().regex(/^[0-9a-f]{64}$/) }),
    output: z.string().describe("the prompt's recording (audio/*)"),
    access: "public",
    failure: "generic",
    summary: "The recording a <Play> of this call names; the address carries an HMAC of call and item (Twilio fetches it unsigned)",
  }),
} as const;

/** The developer phone: a development tool, never registered in production (as the mailbox). */
export const devPhoneRoutes = {
  devCalls: defineRoute({
    method: "GET",
    path: "/api/dev/phone/calls",
    input: z.object({ page: pageInput }),
    output: z.object({ calls: z.array(devPhoneCall), itemCount: z.number().int(), pageCount: z.number().int() }),
    // A call answered here takes the candidate's test: the provider's Administrator only, as the mailbox.
    access: "devMailbox",
    failure: "listLoadFailure",
    summary: "Developer phone: the calls the local voice provider placed, newest first (not in production; Administrator only)",
  }),
  devAnswer: defineRoute({
    method: "POST",
    path: "/api/dev/phone/answer/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: ivrCallView,
    access: "devMailbox",
    failure: "generic",
    summary: "Developer phone: answers a ringing local call; the IVR engine starts the test on it (its first step)",
  }),
  devStep: defineRoute({
    method: "POST",
    path: "/api/dev/phone/step/:callId",
    params: phoneCallIdParams,
    input: z.object({
      action: z.enum(DEV_PHONE_ACTIONS, { error: "The action must be played, repeat or silence." }),
      step: z.number({ error: "The step must be a whole number." }).int().min(0).max(10_000),
    }),
    output: ivrCallView,
    access: "devMailbox",
    failure: "generic",
    summary: "Developer phone: a prompt played, Request Repeat, or silence after a prompt",
  }),
  devResponse: defineRoute({
    method: "POST",
    path: "/api/dev/phone/response/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: z.object({ ack: ivrResponseAck, call: ivrCallView }),
    access: "devMailbox",
    failure: "generic",
    summary: "Developer phone: a spoken response (multipart: fields step, seq, duration_ms, then one audio file), acknowledged once stored",
  }),
  devCall: defineRoute({
    method: "GET",
    path: "/api/dev/phone/call/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: ivrCallView,
    access: "devMailbox",
    failure: "listLoadFailure",
    summary: "Developer phone: where the answered call is (polled while it waits for the online part of its test)",
  }),
  devPromptAudio: defineRoute({
    method: "GET",
    path: "/api/dev/phone/prompt_audio/:callId",
    params: phoneCallIdParams,
    input: z.object({ item: z.string().min(1).max(64) }),
    output: z.string().describe("the prompt's recording (audio/*)"),
    access: "devMailbox",
    failure: "generic",
    summary: "Developer phone: the recording a prompt of this call plays",
  }),
  devHangUp: defineRoute({
    method: "POST",
    path: "/api/dev/phone/hang_up/:callId",
    params: phoneCallIdParams,
    input: z.object({}),
    output: ivrCallView.nullable(),
    access: "devMailbox",
    failure: "generic",
    summary: "Developer phone: hangs up (a ringing call is declined; an answered one ends as a hang-up)",
  }),
} as const;
