import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";
import { takingParams } from "./taking.js";

/**
 * The test page's startup data ("Tests Show", candidate spec §3): what the prelude of
 * /testing/tests/{id} needs before anything is started. The spec's fields keep their names; the
 * ones after them are ours (the spec leaves how the prelude decides open).
 */
export const HONOR_STATEMENTS = ["short", "long"] as const;

/** The five statements of the long honor statement (spec §2: "a longer five-statement variant"). */
export const LONG_HONOR_STATEMENT_COUNT = 5;

export const testShowView = z.object({
  // --- spec §3 "Test page startup data (Tests Show)" ---
  accessCode: z.string(),
  /** The phone test may also be taken as a web call in the browser. */
  allowWebIVR: z.boolean(),
  assignedTestId: z.number().int(),
  /** An administrator may call the candidate to start the phone test. */
  callCandidate: z.boolean(),
  /** The appointment (ISO 8601) of a scheduled live, video or proctored test; null otherwise. */
  date: z.string().nullable(),
  description: z.string(),
  /** Whole days until the test expires (0 on its last day). */
  expireLength: z.number().int(),
  /** The IVR prompt language when it differs from the test's, else null. */
  ivrLanguageOverride: z.string().nullable(),
  /** The phone number to call for the IVR test (the voice provider's local number); null when not a phone test. */
  ivrLocalNumberTwilio: z.string().nullable(),
  /** The proctor must sign the agreement before this test starts (and has not yet). */
  proctorSignatureNeeded: z.boolean(),
  showAppleConsent: z.boolean(),
  /** The test is taken by sight translation (start_sight_translation). */
  sightTranslation: z.boolean(),
  testMethod: z.enum(TEST_METHODS),
  /** Milliseconds the candidate will have (doubled with adjustments); null when untimed. */
  timeLimit: z.number().int().nullable(),
  // --- ours ---
  /** The toll-free number for the phone test (spec §9: the instructions give two numbers); null when not a phone test. */
  ivrTollFreeNumber: z.string().nullable(),
  /** ISO 8601 of the expiry. */
  expiresAt: z.string(),
  proctored: z.boolean(),
  /** A proctor must enter the exam password (/api/proctorservice/authorize) before the test starts (and has not yet). */
  proctorPasswordNeeded: z.boolean(),
  /** Which honor statement the prelude shows. */
  honorStatement: z.enum(HONOR_STATEMENTS),
  /** Online sections first, then the test continues by phone (the "phone plus online" prelude and Thank You). */
  phoneContinued: z.boolean(),
  /**
   * A test that continues by phone: a call of it is ringing or in progress (the prelude's Start
   * needs one, as the Thank You needs the candidate on the line).
   */
  phoneCallActive: z.boolean(),
  /**
   * Its online part is submitted and its phone part is not done yet: the page shows the Thank You
   * that says not to hang up (attemptState is "received" from the browser's side).
   */
  phonePartPending: z.boolean(),
  /** Groups the tests one proctor agreement covers (a battery, or the test alone); null when not proctored. */
  groupKey: z.string().nullable(),
  /** The attempt, as check_status would say (a test that continues by phone: its online part). */
  attemptState: z.enum(["not_started", "in_progress", "received"]),
  /** The sections a content test has (0 for tests without online content, such as ivr or live). */
  sectionCount: z.number().int(),
  /** The test's language name, as the catalogue has it. */
  language: z.string(),
  /** Its BCP 47 tag: the `lang` of the test's content and answers, whatever the interface language. */
  languageCode: z.string(),
});
export type TestShowView = z.infer<typeof testShowView>;

/**
 * The test page opens on the test in progress (the web app's flow/stages.ts): a started attempt
 * resumes at once, except a phone test's, whose page stays the prelude during its call.
 */
export const resumesInProgress = (show: Pick<TestShowView, "attemptState" | "testMethod">) => show.attemptState === "in_progress" && show.testMethod !== "ivr";

export const takingShowRoutes = {
  show: defineRoute({
    method: "GET",
    path: "/api/tests/show/:id",
    params: takingParams,
    input: z.object({}),
    output: testShowView,
    access: "tests",
    failure: "testContentFailure",
    summary: "The test page's startup data (Tests Show): method, access code, time limit, proctor steps, expiry",
  }),
} as const;
