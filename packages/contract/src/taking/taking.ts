import { z } from "zod";
import { INT4_MAX, positiveInt } from "../common/ids.js";
import { defineRoute } from "../route.js";
import { deliveryInput, deliveryOutput, deliveryParams, journalEvent, journalSetup, MAX_EVENTS_PER_SAVE, MAX_FILE_CHARS } from "./delivery-file.js";
import { candidateQtiItem } from "../content/interactions.js";
import { takingMessages } from "./messages.js";

/**
 * Online test taking (candidate spec §3, §7; DESIGN.md §6). `{id}` in every path is the assigned
 * test id the candidate holds; the attempt behind it is found by the server. The server owns the
 * clock: times are milliseconds remaining, computed from the deadline fixed at start.
 */

/** Saves are still accepted this long after the deadline (a save in flight when time ran out). */
export const SAVE_GRACE_SECONDS = 30;
/** Most items one save may carry; the browser sends what changed since the last acknowledgement. */
export const MAX_ITEMS_PER_SAVE = 500;
/** A long answer (a translation) fits; anything larger is not a typed answer. */
export const MAX_RESPONSE_CHARS = 100_000;

export { takingMessages } from "./messages.js";

export const takingParams = z.object({ id: positiveInt(takingMessages.badId) });

const language = z.object({ name: z.string(), right_to_left: z.boolean(), show_word_count: z.boolean() });

export const sectionSummary = z.object({
  /** Sections are numbered from 1 in content order; get_section takes this number. */
  id: z.number().int(),
  position: z.number().int(),
  title: z.string().nullable(),
  timed: z.boolean(),
  item_count: z.number().int(),
});

/** Test content, spec §3 (the answer of start_test). Answer keys and transcripts never appear. */
export const testContentView = z.object({
  id: z.number().int(),
  current_section: z.number().int(),
  target_language: language.nullable(),
  source_language: language.nullable(),
  minimum_response: z.number().int().nullable(),
  line_height: z.number().nullable(),
  font_size: z.number().int().nullable(),
  test_type_short_name: z.string(),
  test_type_id: z.number().int(),
  right_to_left: z.boolean(),
  description: z.string(),
  candidate_test_sections: z.array(sectionSummary),
  /** Milliseconds remaining by the server's deadline; null when untimed. */
  time_limit: z.number().int().nullable(),
  answer_review: z.boolean(),
  /** The answer journal's setup (issue 27): the key to seal a delivery file to, the chain so far. */
  journal: journalSetup.nullable().optional(),
});
export type TestContentView = z.infer<typeof testContentView>;

export const itemView = z.object({
  id: z.string(),
  /** Question number across the test, for numbered items. */
  number: z.number().int().nullable(),
  heading_text: z.string().nullable(),
  choices: z.array(z.object({ id: z.string(), label: z.string() })).nullable(),
  item_text: z.string().nullable(),
  item_image: z.object({ src: z.string(), alt: z.string() }).nullable(),
  item_audio: z.object({ src: z.string(), kind: z.enum(["audio", "video"]), direction: z.string(), plays: z.number().int().nullable() }).nullable(),
  override_rtl: z.boolean(),
  ignore_font_size: z.boolean(),
  required: z.boolean(),
  item_type_id: z.number().int(),
  position: z.number().int(),
  /** The candidate's saved response, with its seq so a resumed browser knows what the server holds. */
  response: z.string().nullable(),
  seq: z.number().int().nullable(),
  /** Kind-specific presentation: minimum_words, max_length, size, word_limit, rows. */
  minimum_words: z.number().int().nullable(),
  max_length: z.number().int().nullable(),
  size: z.number().int().nullable(),
  word_limit: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  /**
   * A QTI item (item_type_id 11): its body and interactions, never correct responses or scoring
   * (content/interactions.ts). The response is the item's canonical JSON (content/qti-response.ts).
   */
  qti: candidateQtiItem.nullable().optional(),
});
export type ItemView = z.infer<typeof itemView>;

export const sectionView = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  has_previous: z.boolean(),
  /** More sections follow this one. */
  has_next: z.boolean(),
  position: z.number().int(),
  timed: z.boolean(),
  items: z.array(itemView),
  time_limit: z.number().int().nullable(),
});
export type SectionView = z.infer<typeof sectionView>;

export const progressInput = z.object({
  /** The assigned test id again (spec §3 "Candidate test progress"); must equal the path's when given. */
  id: positiveInt(takingMessages.badId).optional(),
  candidate_test_items: z
    .array(
      z.object({
        id: z.string({ error: takingMessages.badItem }).min(1, takingMessages.badItem).max(64),
        response: z.string({ error: "A response must be text." }).max(MAX_RESPONSE_CHARS, `A response is at most ${MAX_RESPONSE_CHARS} characters.`),
        /** The browser's sequence number of this answer: a newer seq replaces an older one. */
        seq: z.number({ error: "seq must be a whole number." }).int("seq must be a whole number.").min(0).max(Number.MAX_SAFE_INTEGER),
      }),
      { error: "candidate_test_items must be a list." },
    )
    .max(MAX_ITEMS_PER_SAVE, `At most ${MAX_ITEMS_PER_SAVE} answers can be saved at once.`)
    .default([]),
  seconds_taken: z.number({ error: "seconds_taken must be a number." }).int().min(0).max(INT4_MAX).optional(),
  /** The journal's events not yet acknowledged, oldest first (issue 27); the answers above stay the same. */
  events: z.array(journalEvent).max(MAX_EVENTS_PER_SAVE, `At most ${MAX_EVENTS_PER_SAVE} events can be saved at once.`).default([]),
});
export type ProgressInput = z.input<typeof progressInput>;

export const saveOutput = z.object({
  /** Per item sent: the seq the server now holds (≥ the one sent); the browser clears its queue up to it. */
  saved: z.array(z.object({ id: z.string(), seq: z.number().int() })),
  time_limit: z.number().int().nullable(),
  /** The journal's chain head the server has acknowledged after this save (null: no journal). */
  journal_head: z.string().nullable().optional(),
  /** The server's clock when it answered (ms since the epoch): the journal times its events from it (docs/delivery-file.md §4.3). */
  server_time: z.number().int().optional(),
});

export const submitOutput = z.object({
  /** The receipt (receipt.ts receiptFor, docs/delivery-file.md §7.1): commits to the attempt, answers_digest, journal_head and journal_events. */
  receipt: z.string(),
  /** SHA-256 (hex) of the recorded answers in content order. */
  answers_digest: z.string(),
  /** The answer journal's chain head the server holds (issue 27): it commits to every answer event. */
  journal_head: z.string(),
  /** The events on the chain from the genesis to journal_head. */
  journal_events: z.number().int(),
  answered: z.number().int(),
  items: z.number().int(),
  submitted_at: z.string(),
});

export const statusOutput = z.object({
  success: z.boolean(),
  state: z.enum(["not_started", "in_progress", "received"]),
  remaining: z.number().int().nullable(),
});

export const mediaQuery = z.object({
  item: z.string({ error: takingMessages.badItem }).min(1, takingMessages.badItem).max(64),
  /** grant only: re-confirm a play already counted (after a reload) instead of spending a new one. */
  play: positiveInt("play must be a positive whole number.").optional(),
});

export const mediaOutput = z.object({
  success: z.boolean(),
  item: z.string(),
  plays_used: z.number().int(),
  /** Null: unlimited. */
  plays_allowed: z.number().int().nullable(),
  granted: z.boolean(),
});

export const heartbeatOutput = z.object({
  success: z.boolean(),
  /** The assigned test id of the open attempt, null when none is open. */
  id: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
});

export const takingRoutes = {
  start: defineRoute({
    method: "POST",
    path: "/api/test_content/start_test/:id",
    params: takingParams,
    input: z.object({}),
    output: testContentView,
    access: "tests",
    failure: "testContentFailure",
    summary: "Start (or resume) the online attempt: pins the content version, fixes the deadline, answers the test content",
  }),
  inProgress: defineRoute({
    method: "GET",
    path: "/api/test_content/in_progress/:id",
    params: takingParams,
    input: z.object({}),
    output: testContentView,
    access: "tests",
    failure: "testContentFailure",
    summary:
      "Ours (issue 26 §3): the attempt already in progress as start_test resumes it, changing nothing (409 when none is, or its time is over): a test page reloaded mid-test carries it",
  }),
  section: defineRoute({
    method: "GET",
    path: "/api/test_content/get_section/:id",
    params: takingParams,
    input: z.object({ section: positiveInt(takingMessages.badSection).optional() }),
    output: sectionView,
    access: "tests",
    failure: "sectionFailure",
    summary: "One section (page) of the started test with the candidate's saved responses",
  }),
  save: defineRoute({
    method: "POST",
    path: "/api/test_content/save_progress/:id",
    params: takingParams,
    input: progressInput,
    output: saveOutput,
    access: "tests",
    failure: "testContentFailure",
    summary: "Save answers (upsert where seq is newer) and acknowledge each item's seq; 409 after deadline + grace",
  }),
  submit: defineRoute({
    method: "POST",
    path: "/api/test_content/submit_test/:id",
    params: takingParams,
    input: progressInput,
    output: submitOutput,
    access: "tests",
    failure: "submitAnswersFailure",
    summary: "Save then submit (idempotent: a repeat answers the same receipt)",
  }),
  status: defineRoute({
    method: "GET",
    path: "/api/test_content/check_status/:id",
    params: takingParams,
    input: z.object({}),
    output: statusOutput,
    access: "tests",
    failure: "testContentFailure",
    summary: "The attempt's state and the milliseconds remaining",
  }),
  requestAudio: defineRoute({
    method: "GET",
    path: "/api/test_content/request_audio_access/:id",
    params: takingParams,
    input: mediaQuery,
    output: mediaOutput,
    access: "tests",
    failure: "grantAccessFailure",
    summary: "Plays used and allowed of an audio/video item (spends nothing)",
  }),
  grantAudio: defineRoute({
    method: "GET",
    path: "/api/test_content/grant_audio_access/:id",
    params: takingParams,
    input: mediaQuery,
    output: mediaOutput,
    access: "tests",
    failure: "grantAccessFailure",
    summary: "Spend the next play of an audio/video item, or re-confirm play N already counted (a reload)",
  }),
  heartbeat: defineRoute({
    method: "POST",
    path: "/api/heartbeat",
    input: z.object({ id: positiveInt(takingMessages.badId).optional() }),
    output: heartbeatOutput,
    access: "tests",
    failure: "testContentFailure",
    summary: "Keepalive during a test: records the heartbeat of the caller's open attempt, answers the time remaining",
  }),
  deliver: defineRoute({
    method: "POST",
    path: "/api/test_content/deliver_file/:id",
    params: deliveryParams,
    input: deliveryInput,
    output: deliveryOutput,
    // The candidate, the test's proctor or the account administrator: checked by the service (attempts/delivery-merge.ts).
    access: "signedIn",
    failure: "deliveryUploadFailure",
    // The file is JSON text of up to MAX_FILE_CHARS characters, inside a JSON body.
    bodyLimit: 2 * MAX_FILE_CHARS,
    summary: "Upload a sealed answers file (.parlance): open it, check its chain, merge the events the server lacks",
  }),
} as const;
