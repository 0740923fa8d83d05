import { z } from "zod";
import { positiveInt } from "../common/ids.js";
import { defineRoute } from "../route.js";
import { candidateQtiItem } from "../content/interactions.js";
import { qtiValue } from "../content/qti-processing.js";
import { TEST_METHODS, TEST_TYPES } from "../catalogue/catalogue.js";
import { COULD_NOT_SCORE_REASONS, NOT_COMPLETED_REASONS, RESULT_STATES } from "../history/display-status.js";

/**
 * Scoring (evaluators-results-account.md §2–§8): the tests an evaluator has to score, the
 * scoreable content of one of them, and the submission of its result. `{id}` of
 * get_scoreable_tests is the evaluator's user id; of every other route the candidate test id.
 * The rules behind them (routing, due times, review, finality) are in docs/scoring.md.
 */

/** Spec §8 (scoring) word for word, and the few sentences of ours the web shows by key. */
export const scoringMessages = {
  loadTestsFailure: "An error has occurred loading tests to score.",
  retrieveFailure: "An error occurred while retrieving the test.",
  submitFailure: "An error occurred while submitting results.",
  loadFailure: "An error occurred while loading the test.",
  grantFailure: "An error occurred while granting access to this question.",
  selectEachItem: "Please select a value for each item.",
  requiredFieldMissing: "A required field is missing.",
  submitted: "Your results have been submitted successfully.",
  // Ours (the spec leaves these open):
  notFound: "That test was not found.",
  badId: "The id must be a positive whole number.",
  alreadySubmitted: "The results of this test have already been submitted; they cannot be changed.",
  notYours: "This test is not assigned to you.",
  unknownCategory: "Category '{id}' is not part of this test's scoring.",
  unknownLevel: "Level '{level}' is not a level of category '{id}'.",
  unknownSection: "Section {id} is not part of this test.",
  unknownItem: "Question '{id}' is not part of this test.",
  unknownObjective: "Objective '{id}' is not an objective of question '{item}'.",
  unknownObjectiveState: "'{state}' is not a state of objective '{id}'.",
  unknownScoringItem: "Scoring item '{id}' is not part of this test.",
  unknownRecommendation: "Recommendation '{id}' is not one of this test's recommendations.",
  duplicate: "'{id}' is given twice.",
  badReason: "Choose the reason the test was not completed or could not be scored.",
  reasonWithoutOutcome: "A reason is given only when the test was not finished or could not be scored.",
  noShowNotApplicable: "Only a test without any response, or a live or video test, can be marked as a no-show.",
  noShowRecorded: "The test has been marked as a no-show.",
  noAudio: "That question has no recording to grant.",
  audioGranted: "Access to this recording has been granted.",
} as const;


export const scoringParams = z.object({ id: positiveInt(scoringMessages.badId) });

/** The four groups of the list (spec §2), by the due time in the evaluator's zone. */
export const DUE_GROUPS = ["overdue", "today", "tomorrow", "later"] as const;
export type DueGroup = (typeof DUE_GROUPS)[number];

/** A test to score (spec §2), with the due facts the groups are made from. */
export const scoreableTest = z.object({
  /** The candidate test id (the scoring page is /testing/results/{id}/edit). */
  id: z.number().int(),
  is_review: z.boolean(),
  /** Test # as the list shows it. */
  number: z.string(),
  description: z.string(),
  method_short_name: z.enum(TEST_METHODS),
  candidate_name: z.string().optional(),
  /** When the responses arrived (ISO). */
  test_datetime: z.string(),
  /** ISO; null while the test waits for a Testing Executive to assign it. */
  evaluator_assigned_at: z.string().nullable(),
  due_at: z.string(),
  due_group: z.enum(DUE_GROUPS),
  language: z.string(),
  evaluator_id: z.number().int().nullable(),
  evaluator_name: z.string().nullable(),
});
export type ScoreableTest = z.infer<typeof scoreableTest>;

export const scoreableTestsOutput = z.object({
  scoreable_tests: z.array(scoreableTest),
  /** The IANA zone the groups were made in (the evaluator's; America/New_York by default). */
  time_zone: z.string(),
});

/** One state an objective can take (e.g. Correct, Incorrect, Not answered). */
const objectiveState = z.object({ id: z.string(), name: z.string() });

export const itemObjective = z.object({
  id: z.string(),
  name: z.string(),
  states: z.array(objectiveState),
  /** The state recorded: set by automatic scoring for choice items, or by the evaluator. */
  state_id: z.string().nullable(),
  /** True while the state is the automatic one. */
  automatic: z.boolean(),
});

export const scoringItem = z.object({ id: z.string(), text: z.string(), checked: z.boolean() });

export const scoreableItem = z.object({
  /** The content item id (candidate_test_item_id of the submission). */
  id: z.string(),
  /** The question number when the item is numbered. */
  number: z.number().int().nullable(),
  position: z.number().int(),
  kind: z.string(),
  is_instructions: z.boolean(),
  audio_triggered: z.boolean(),
  heading_text: z.string().nullable(),
  item_text: z.string().nullable(),
  /** An image's alternative text, or a recording's transcript. */
  alternate_text: z.string().nullable(),
  /** The answer key of a choice item (its label). */
  answer: z.string().nullable(),
  /** The candidate's response (a choice item: the label chosen). */
  response: z.string().nullable(),
  /** Where the evaluator plays or sees the item's file (GET, the evaluator's session). */
  media_url: z.string().nullable(),
  /** Where the evaluator hears the candidate's spoken response (phone and web-call tests); null or absent when none was recorded. */
  response_audio_url: z.string().nullable().optional(),
  objectives: z.array(itemObjective),
  scoring_items: z.array(scoringItem),
  /** A QTI item: what the candidate saw (media URLs are the evaluator's); `response` is then its canonical JSON. */
  qti: candidateQtiItem.nullable().optional(),
  /** A QTI item's correct responses by response identifier (null when it declares none), for the evaluator. */
  qti_correct: z.record(z.string(), qtiValue).nullable().optional(),
  /** The server's response processing of a machine-scored item at submit (null: scored by hand or not yet processed). */
  machine_score: z.object({ score: z.number(), max: z.number() }).nullable().optional(),
});
export type ScoreableItem = z.infer<typeof scoreableItem>;

export const scoreLevel = z.object({ id: z.string(), display_as: z.string() });
export const scoreCategory = z.object({ id: z.string(), name: z.string(), final: z.boolean(), levels: z.array(scoreLevel) });
export type ScoreCategory = z.infer<typeof scoreCategory>;

export const scoreableSection = z.object({
  /** Sections are numbered from 1 in content order (candidate_test_section_id). */
  id: z.number().int(),
  position: z.number().int(),
  section_name: z.string(),
  /** No required question in it: the candidate could leave it out. */
  optional: z.boolean(),
  items: z.array(scoreableItem),
  /** Categories scored per section. */
  categories: z.array(scoreCategory),
  /** Recorded when submitted. */
  skipped: z.boolean(),
});

/** The result as recorded, when submitted (the page shows it read-only). */
export const recordedResult = z.object({
  result_state: z.enum(RESULT_STATES).nullable(),
  result_value: z.string().nullable(),
  result_reason: z.string().nullable(),
  no_show: z.boolean(),
  scored_at: z.string(),
  scored_by: z.string().nullable(),
  verification_key: z.string().nullable(),
  did_not_finish: z.boolean(),
  /** score_category_id → score_level_id */
  categories: z.record(z.string(), z.string()),
  /** "sectionId:categoryId" → score_level_id */
  section_categories: z.record(z.string(), z.string()),
  recommendations: z.array(z.string()),
  comments: z.string(),
});

export const scoreableContent = z.object({
  id: z.number().int(),
  number: z.string(),
  description: z.string(),
  method_short_name: z.enum(TEST_METHODS),
  test_type: z.enum(TEST_TYPES),
  language: z.string(),
  /** The test language's BCP 47 tag: the `lang` of its content and the candidate's responses. */
  language_code: z.string(),
  candidate_name: z.string().optional(),
  test_datetime: z.string(),
  due_at: z.string().nullable(),
  is_review: z.boolean(),
  /** online: items with responses; paper: a PDF and scanned responses; recording: phone, live or video. */
  content_kind: z.enum(["online", "paper", "recording"]),
  download_kind: z.enum(["pdf"]).nullable(),
  download_url: z.string().nullable(),
  /** Paper: the scanned responses (a PDF) when they came back scanned, and the responses when typed in. */
  scanned_responses_url: z.string().nullable().optional(),
  entered_responses: z.string().nullable().optional(),
  /** Earlier results this candidate has for the same test (a retest when above 0). */
  repeats: z.number().int(),
  sections: z.array(scoreableSection),
  categories: z.array(scoreCategory),
  recommendations: z.array(z.object({ id: z.string(), text: z.string() })),
  /** Objective items exist: the button reads Save Results, otherwise Add Results (spec §4). */
  has_objectives: z.boolean(),
  /**
   * The sum of the machine-scored items' scores (QTI response processing at submit), with the level
   * the catalogue's cut scores give it when every answered item is machine-scored (else null).
   */
  raw_score: z.object({ score: z.number(), max: z.number(), all_machine_scored: z.boolean(), level: z.string().nullable() }).nullable().optional(),
  /** Automatic result of the choice items. */
  objective_score: z.object({ correct: z.number().int(), total: z.number().int() }).nullable(),
  /** The caller may submit (assigned to them, not yet submitted). */
  can_submit: z.boolean(),
  /** A no-show applies (docs/scoring.md). */
  can_mark_no_show: z.boolean(),
  result: recordedResult.nullable(),
  not_completed_reasons: z.array(z.enum(NOT_COMPLETED_REASONS)),
  could_not_score_reasons: z.array(z.enum(COULD_NOT_SCORE_REASONS)),
  /**
   * Answer changes a delivery file brought that the candidate's clock put after the deadline and
   * its grace (issue 27): shown "after the deadline, held for review", never counted.
   */
  held_events: z.array(z.object({ item_id: z.string(), response: z.string(), client_at: z.string() })).optional(),
});
export type ScoreableContent = z.infer<typeof scoreableContent>;

// The schema-wide message is for a missing value only: an out-of-range one gets the contract's range words.
const onlyMissing = (iss: { code: string }) => (iss.code === "invalid_type" ? scoringMessages.requiredFieldMissing : undefined);
const key = z.string({ error: onlyMissing }).trim().min(1, scoringMessages.requiredFieldMissing).max(100);
const sectionId = z.number({ error: onlyMissing }).int().min(1).max(1000);

/** Submit results (spec §3, §7): every field of the spec, plus the reason when not scored. */
export const submitResultsInput = z.object({
  did_not_finish: z.boolean().default(false),
  /** With did_not_finish: the reason (NOT_COMPLETED_REASONS). */
  not_completed_reason: z.string().max(60).optional(),
  /** Instead of a level: the reason it could not be scored (COULD_NOT_SCORE_REASONS). */
  could_not_score_reason: z.string().max(60).optional(),
  item_objectives: z
    .array(z.object({ candidate_test_item_id: key, test_objective_id: key, test_objective_state_id: key }))
    .max(2000)
    .default([]),
  categories: z.array(z.object({ score_category_id: key, score_level_id: key })).max(100).default([]),
  section_categories: z
    .array(z.object({ candidate_test_section_id: sectionId, score_category_id: key, score_level_id: key }))
    .max(1000)
    .default([]),
  skipped_sections: z.array(z.object({ candidate_test_section_id: sectionId, skipped: z.boolean().default(true) })).max(1000).default([]),
  scoring_items: z.array(z.object({ candidate_test_scoring_item_id: key, checked: z.boolean() })).max(5000).default([]),
  recommendations: z.array(z.object({ recommendation_id: key, checked: z.boolean().default(true) })).max(100).default([]),
  comments: z.string().max(4000, "Comments are at most 4000 characters.").default(""),
});
export type SubmitResultsInput = z.input<typeof submitResultsInput>;

export const submitResultsOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  result_state: z.enum(RESULT_STATES),
  result_value: z.string().nullable(),
  verification_key: z.string(),
});

export const scoringRoutes = {
  scoreableTests: defineRoute({
    method: "GET",
    path: "/api/test_results/get_scoreable_tests/:id",
    params: scoringParams,
    input: z.object({}),
    output: scoreableTestsOutput,
    access: "results",
    failure: "scoreableTestsFailure",
    summary: "Tests assigned to evaluator {id} and not yet scored, with due group (an evaluator: only their own id)",
  }),
  scoreableContent: defineRoute({
    method: "GET",
    path: "/api/test_results/get_scoreable_content/:id",
    params: scoringParams,
    input: z.object({}),
    output: scoreableContent,
    access: "results",
    failure: "retrieveTestFailure",
    summary: "The scoreable content of candidate test {id}: sections, items with responses and objectives, categories, recommendations; the recorded result once submitted",
  }),
  submitResults: defineRoute({
    method: "POST",
    path: "/api/test_results/submit_results/:id",
    params: scoringParams,
    input: submitResultsInput,
    output: submitResultsOutput,
    access: "results",
    failure: "submitResultsFailure",
    summary: "Records the result of candidate test {id} (final: a second submission answers 409), audits it and mails the result recipients",
  }),
  noShow: defineRoute({
    method: "POST",
    path: "/api/test_results/noshow/:id",
    params: scoringParams,
    input: z.object({}),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "results",
    failure: "submitResultsFailure",
    summary: "Marks candidate test {id} as a no-show (no responses, or a live or video test); final like a result",
  }),
  grantAudio: defineRoute({
    method: "POST",
    path: "/api/test_results/grant_audio_access/:id",
    params: scoringParams,
    input: z.object({ item: z.string({ error: scoringMessages.noAudio }).min(1, scoringMessages.noAudio).max(64) }),
    output: z.object({ success: z.boolean(), message: z.string(), item: z.string(), plays_allowed: z.number().int().nullable() }),
    access: "results",
    failure: "grantAccessFailure",
    summary: "Unlocks a limited recording of test {id} for the evaluator's own playback on the scoring page (audited)",
  }),
  media: defineRoute({
    method: "GET",
    path: "/api/test_results/media/:id",
    params: scoringParams,
    input: z.object({
      item: z.string({ error: scoringMessages.unknownItem }).min(1).max(64),
      /** A QTI item's file: its index (from 1) in the item's media list (the item's URLs carry it). */
      file: positiveInt("file must be a positive whole number.").optional(),
    }),
    output: z.string().describe("the item's file (image/*, audio/*, video/*), with Range support"),
    access: "results",
    failure: "retrieveTestFailure",
    summary: "An item's image, audio or video of candidate test {id}, for its evaluator (a limited recording after grant_audio_access)",
  }),
  paperTestPdf: defineRoute({
    method: "GET",
    path: "/testing/results/:id/paper_test_pdf",
    params: scoringParams,
    input: z.object({}),
    output: z.string().describe("the paper test (application/pdf), as an attachment"),
    access: "results",
    failure: "retrieveTestFailure",
    summary: "The paper test of candidate test {id} as its evaluator scores it (spec §2)",
  }),
} as const;
