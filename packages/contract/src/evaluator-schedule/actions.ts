import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";
import { parseTimeOfDay } from "../scheduling/time-of-day.js";
import { isoDate } from "../scheduling/routes.js";
import { recordId } from "../settings/fields.js";

/**
 * What an evaluator does with a booked live or video test (evaluators-results-account.md §2, §3,
 * §4, §7, §8): confirm it, decline it (another evaluator takes it, or it moves to a new date and
 * time), or administer it (a value for each item; the attempt ends). `candidateTestId` and `{id}`
 * are the assigned test's id, the Test # of Scheduled Tests. Rules the spec leaves open are in
 * docs/api.md "Evaluator confirm, decline and administer".
 */

export const evaluatorActionMessages = {
  // Spec §8 word for word.
  scheduleFailure: "An error occurred while retrieving your schedule.",
  confirmFailure: "An error occurred while confirming your evaluation for the scheduled test",
  declineFailure: "An error occurred while declining your evaluator for the scheduled test",
  loadFailure: "An error occurred while loading the test.",
  submitFailure: "An error occurred while submitting this test.",
  selectEachItem: "Please select a value for each item.",
  // Ours (the spec leaves these open).
  notYetOpen: "This test can be administered from {minutes} minutes before its start.",
  confirmed: "You have confirmed your evaluation of this test.",
  declinedToOther: "You have declined this test. Another evaluator will conduct it.",
  declinedRebooked: "You have declined the booked time. The test has been moved to the new date and time.",
  administered: "The test has been administered and its scores recorded.",
  badId: "The test id must be a positive whole number.",
  badStatus: "The status must be confirmed.",
  badTime: "The start time must be a time such as 09:30.",
  dateAndTime: "Give both a new date and a start time, or neither.",
  notFound: "That scheduled test was not found.",
  alreadyConfirmed: "You have already confirmed this test.",
  isDeclined: "You have declined this test; there is nothing left to do.",
  tooSoon: "This test starts within {hours} hours and can no longer be declined.",
  noOtherEvaluator: "No other evaluator is available at this time. Choose a new date and time.",
  timeUnavailable: "That time is no longer available. Please choose another time.",
  sameTime: "Choose a time other than the one you are declining.",
  outOfRange: "Choose a date from {first} to {last}: a test can move only within those dates.",
  notBusinessDay: "Tests are given Monday to Friday: choose a weekday.",
  outsideHours: "Tests start between 09:00 and {lastStart} Eastern Time, every 15 minutes: choose one of those times.",
  alreadyRecorded: "This test has already been administered or its result recorded.",
  unknownItem: "Item '{id}' is not part of this test.",
  unknownState: "'{state}' is not one of the values an item can take.",
  duplicate: "Item '{id}' is given twice.",
} as const;
export type EvaluatorActionMessage = keyof typeof evaluatorActionMessages;

/** A booked test can no longer be declined this many hours before its start (spec §4 "happening soon"). */
export const DECLINE_CUTOFF_HOURS = 24;

/** The values an administered item takes (get_objective_states), in the order offered. */
export const ADMINISTER_STATES = [
  { id: "completed", name: "Completed" },
  { id: "partial", name: "Partially completed" },
  { id: "not_completed", name: "Not completed" },
  { id: "not_attempted", name: "Not attempted" },
] as const;
export type AdministerStateId = (typeof ADMINISTER_STATES)[number]["id"];
/** The objective every administered item is scored on (item_objective_results.objective_id). */
export const ADMINISTER_OBJECTIVE_ID = "administered";

const testId = recordId(evaluatorActionMessages.badId);
export const evaluatorTestParams = z.object({ id: testId });

const startTime = z.string({ error: evaluatorActionMessages.badTime }).refine((t) => parseTimeOfDay(t) !== null, evaluatorActionMessages.badTime);

const actionResult = z.object({ success: z.boolean(), message: z.string(), messageKey: z.string() });
export type EvaluatorActionResult = z.infer<typeof actionResult>;

/** Spec §3 "Evaluator page data", with what the status allows (spec §4) and the decline page's dates. */
export const scheduledTestPage = z.object({
  candidateName: z.string(),
  candidateTestId: z.number().int(),
  testDescription: z.string(),
  useVideo: z.boolean(),
  method: z.enum(TEST_METHODS),
  /** The first and last dates the decline page offers (the evaluator's zone), null when none. */
  firstAvailableDate: z.string().nullable(),
  lastAvailableDate: z.string().nullable(),
  /** Every date with at least one available time (the decline page's enabled days). */
  availableDates: z.array(z.string()),
  durationDescription: z.string(),
  durationMinutes: z.number().int(),
  /** The evaluator's IANA zone; `today` is their date. */
  timeZone: z.string(),
  today: z.string(),
  confirmationStatus: z.enum(["unconfirmed", "confirmed", "declined"]),
  /** The booked start (UTC ISO). */
  datetime: z.string(),
  /** Not within DECLINE_CUTOFF_HOURS of the start. */
  isCancelable: z.boolean(),
  phoneNumber: z.string(),
  canConfirm: z.boolean(),
  canDecline: z.boolean(),
  canAdminister: z.boolean(),
});
export type ScheduledTestPage = z.infer<typeof scheduledTestPage>;

export const evaluatorAvailableTime = z.object({
  /** "HH:MM" in the evaluator's zone. */
  startTime: z.string(),
  /** "HH:MM–HH:MM" (the screen formats its own from starts_at). */
  label: z.string(),
  availability: z.boolean(),
  starts_at: z.string(),
});
export type EvaluatorAvailableTime = z.infer<typeof evaluatorAvailableTime>;

export const administerItem = z.object({
  /** The content item id (candidate_test_item_id). */
  id: z.string(),
  section_name: z.string(),
  kind: z.string(),
  text: z.string(),
  /** The state recorded already (null until submitted). */
  state_id: z.string().nullable(),
});
export type AdministerItem = z.infer<typeof administerItem>;

export const objectiveStates = z.array(z.object({ id: z.string(), name: z.string() }));

export const administerView = z.object({
  candidateTestId: z.number().int(),
  testDescription: z.string(),
  candidateName: z.string(),
  method: z.enum(TEST_METHODS),
  useVideo: z.boolean(),
  datetime: z.string(),
  timeZone: z.string(),
  items: z.array(administerItem),
  states: objectiveStates,
  /** True once the scores are recorded (the page then shows them read-only). */
  administered: z.boolean(),
  /** From when the scores can be submitted: LIVE_START_EARLY_MINUTES before the appointment, as the candidate's start. */
  opensAt: z.string(),
  /** Whether that time has come (the server's clock decides, not the browser's). */
  open: z.boolean(),
});
export type AdministerView = z.infer<typeof administerView>;

export const submitObjectiveScoresInput = z.object({
  item_objectives: z
    .array(
      z.object({
        candidate_test_item_id: z.string({ error: evaluatorActionMessages.selectEachItem }).min(1, evaluatorActionMessages.selectEachItem).max(200, evaluatorActionMessages.selectEachItem),
        test_objective_state_id: z.string({ error: evaluatorActionMessages.selectEachItem }).min(1, evaluatorActionMessages.selectEachItem).max(50, evaluatorActionMessages.selectEachItem),
      }),
      { error: evaluatorActionMessages.selectEachItem },
    )
    .max(500, evaluatorActionMessages.selectEachItem),
});
export type SubmitObjectiveScoresInput = z.input<typeof submitObjectiveScoresInput>;

export const evaluatorActionRoutes = {
  scheduledTest: defineRoute({
    method: "GET",
    path: "/api/evaluators/scheduled_test/:id",
    params: evaluatorTestParams,
    input: z.object({}),
    output: scheduledTestPage,
    access: "evaluatorSchedule",
    failure: "loadTestFailure",
    summary: "Ours: the confirm, confirmation status and decline pages' data for a test booked with (or declined by) the signed-in evaluator",
  }),
  availableTimes: defineRoute({
    method: "POST",
    path: "/api/evaluators/available_times",
    input: z.object({ date: isoDate, candidateTestId: testId }),
    output: z.object({ availableTimes: z.array(evaluatorAvailableTime) }),
    access: "evaluatorSchedule",
    failure: "scheduleLoadFailure",
    summary: "The 15-minute start times of a date (evaluator's zone, 90 days ahead) a declined test can move to",
  }),
  decline: defineRoute({
    method: "POST",
    path: "/api/evaluators/decline",
    input: z
      .object({ candidateTestId: testId, date: isoDate.nullish(), startTime: startTime.nullish() })
      .refine((v) => (v.date == null) === (v.startTime == null), evaluatorActionMessages.dateAndTime),
    output: actionResult.extend({ scheduledAt: z.string().nullable() }),
    access: "evaluatorSchedule",
    failure: "declineEvaluationFailure",
    summary: "Declines a booked test: without a date it moves to another evaluator free then; with one, to that date and time",
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/api/evaluators/confirm",
    input: z.object({ candidateTestId: testId, status: z.literal("confirmed", { error: evaluatorActionMessages.badStatus }) }),
    output: actionResult,
    access: "evaluatorSchedule",
    failure: "confirmEvaluationFailure",
    summary: "Confirms the signed-in evaluator's unconfirmed booking",
  }),
  otherEvaluatorsAvailable: defineRoute({
    method: "POST",
    path: "/api/evaluators/get_other_evaluators_available",
    input: z.object({ candidateTestId: testId }),
    output: z.object({ otherEvaluatorsAvailable: z.boolean() }),
    access: "evaluatorSchedule",
    failure: "scheduleLoadFailure",
    summary: "Whether another evaluator of the test's language is free for its booked time",
  }),
  administer: defineRoute({
    method: "GET",
    path: "/api/evaluators/administer/:id",
    params: evaluatorTestParams,
    input: z.object({}),
    output: administerView,
    access: "evaluatorSchedule",
    failure: "loadTestFailure",
    summary: "The test to administer: its items, each to be given one of the objective states",
  }),
  submitObjectiveScores: defineRoute({
    method: "POST",
    path: "/api/evaluators/submit_objective_scores/:id",
    params: evaluatorTestParams,
    input: submitObjectiveScoresInput,
    output: actionResult.extend({ candidateTestId: z.number().int() }),
    access: "evaluatorSchedule",
    failure: "submitTestFailure",
    summary: "Records a value for each item of an administered test; the live or video attempt ends and goes to scoring",
  }),
  objectiveStates: defineRoute({
    method: "POST",
    path: "/api/test_results/get_objective_states",
    input: z.object({ candidateTestId: testId }),
    output: z.object({ objective_states: objectiveStates }),
    access: "evaluatorSchedule",
    failure: "loadTestFailure",
    summary: "The values each item of a test to administer can take",
  }),
};
