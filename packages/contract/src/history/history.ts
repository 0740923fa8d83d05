import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS, TEST_TYPES } from "../catalogue/catalogue.js";
import { pageNumber, recordId } from "../settings/fields.js";
import { SEARCH_QUERY_MAX } from "../search/query.js";
import {
  ASSIGNED_TEST_STATES,
  COULD_NOT_SCORE_REASONS,
  DISPLAY_STATUSES,
  NOT_COMPLETED_REASONS,
  NOT_COMPLETED_TEXTS,
  RESULT_STATES,
  SCORE_TEXTS,
} from "./display-status.js";

/**
 * Test history (client spec §2 "Test history", §3, §7): the per-candidate tests table, the search
 * over every test of the account, its downloads, and the summary mail.
 *
 * A "candidate test" in these routes is a test assigned to a candidate (its assigned test id):
 * tests not yet started have no attempt, and they belong in the history and the summary too.
 * `candidate_test_id` of a record is the attempt, when there is one.
 */

/** Test summaries one user may mail in an hour (email_summary mails any address: a spam limit). */
export const SUMMARY_MAILS_PER_HOUR = 20;

export const historyMessages = {
  // Spec texts.
  loadFailure: "An error occurred while loading test history.",
  summaryQueued: "The test summary will be delivered in a few minutes.",
  summaryFailure: "An error occurred while attempting to deliver the test summary.",
  // Ours.
  badCandidateId: "The candidate id must be a positive whole number.",
  candidateNotFound: "That candidate was not found.",
  emailMissing: "Please provide an email address.",
  emailInvalid: "Please provide a valid email address.",
  noTestsChosen: "Please choose at least one test.",
  badTestIds: "The tests must be given as a comma-separated list of test ids.",
  tooManyTests: "Choose at most 200 tests for one summary.",
  testNotFound: "One of the chosen tests was not found.",
  badFormat: "The format must be csv or xlsx.",
  queryTooLong: `The search is too long (at most ${SEARCH_QUERY_MAX} characters).`,
  tooManySummaries: `You have sent ${SUMMARY_MAILS_PER_HOUR} test summaries in the last hour. Please try again later.`,
} as const;
export type HistoryMessage = keyof typeof historyMessages;

export const MAX_SUMMARY_TESTS = 200;
export const EMAIL_ADDRESS_MAX = 125;

/** The display status of a test as testStatusOf derives it (display-status.ts). */
export const testStatusView = z.object({
  status: z.enum(DISPLAY_STATUSES),
  reason: z.enum([...NOT_COMPLETED_REASONS, ...COULD_NOT_SCORE_REASONS]).nullable(),
  date: z.string().nullable(),
  score: z
    .union([z.object({ kind: z.literal("result"), value: z.string() }), z.object({ kind: z.literal("text"), text: z.enum(SCORE_TEXTS) })])
    .nullable(),
  notCompleted: z.enum(Object.keys(NOT_COMPLETED_TEXTS) as [keyof typeof NOT_COMPLETED_TEXTS]).nullable(),
  expired: z.boolean(),
});

/** Candidate test record (spec §3), plus its display status and what the caller may do with it. */
export const candidateTestRecord = z.object({
  candidate_test_id: z.number().int().nullable(),
  assigned_test_id: z.number().int(),
  account_test_id: z.number().int(),
  candidate_track_id: z.number().int().nullable(),
  candidate_track_test_id: z.number().int().nullable(),
  /** The assigned-test state: takeable, needs_scheduling, needs_payment, expired, taken, cancelled. */
  state: z.enum(ASSIGNED_TEST_STATES),
  description: z.string(),
  method_short_name: z.enum(TEST_METHODS),
  access_code: z.string(),
  expired: z.boolean(),
  /** When the assigned test expires (ISO). */
  expiration: z.string(),
  /** A scheduled live or video test that can be cancelled now with its fees waived (before 5 pm ET the day before). */
  cancelable: z.boolean(),
  /** A scheduled live or video test that can still be cancelled, but late (fees apply). */
  late_cancelable: z.boolean(),
  result_state: z.enum(RESULT_STATES).nullable(),
  result_value: z.string().nullable(),
  proctor_state: z.string().nullable(),
  proctor_value: z.string().nullable(),
  is_scheduled: z.boolean(),
  /** The test's date: the appointment, else when it was started or received (ISO); null before. */
  datetime: z.string().nullable(),
  can_reschedule: z.boolean(),
  // Beyond the spec's record: what the table shows and allows.
  /** When the test was assigned (ISO). */
  assigned_at: z.string(),
  /** Not started, so delete_test may remove it. */
  deletable: z.boolean(),
  /** Assigned with the proctor service: its sitting is reserved on the proctoring reservation screen. */
  uses_proctor_service: z.boolean(),
  view: testStatusView,
});
export type CandidateTestRecord = z.infer<typeof candidateTestRecord>;

/** Test history item (spec §3) of the search, plus the candidate's name and the display status. */
export const testHistoryItem = z.object({
  /** The assigned test id (the "candidate test" of email_summary). */
  id: z.number().int(),
  candidateId: z.number().int(),
  candidateName: z.string(),
  employeeId: z.string(),
  healthCareRole: z.string().nullable(),
  office: z.string().nullable(),
  clientNotes: z.string(),
  test: z.string(),
  method: z.enum(TEST_METHODS),
  testType: z.enum(TEST_TYPES),
  requiresLiveProctor: z.boolean(),
  accessCode: z.string(),
  /** The Score column in English: a result, or a score text such as No Show. */
  result: z.string(),
  /** The test's date (ISO), null before it is taken or scheduled. */
  date: z.string().nullable(),
  expiresAt: z.string(),
  expired: z.boolean(),
  /** When it was assigned (ISO). */
  assigned: z.string(),
  candidateTrackId: z.number().int().nullable(),
  view: testStatusView,
});
export type TestHistoryItem = z.infer<typeof testHistoryItem>;

export const testHistoryPage = z.object({
  results: z.array(testHistoryItem),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
});
export type TestHistoryPage = z.infer<typeof testHistoryPage>;

/** The query language of search.ts; parsed by the server (400 with its message). */
export const historyQuery = z
  .string({ error: "The search must be text." })
  .max(SEARCH_QUERY_MAX, historyMessages.queryTooLong)
  .optional()
  .transform((v) => v ?? "");

export const DOWNLOAD_FORMATS = ["csv", "xlsx"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
const downloadFormat = z.enum(DOWNLOAD_FORMATS, { error: historyMessages.badFormat });

/** Columns of the CSV and XLSX downloads, in order (English headers, as the spec's entity names them). */
export const HISTORY_DOWNLOAD_COLUMNS = [
  "Candidate",
  "Candidate Id",
  "Employee Id",
  "Office",
  "Health Care Role",
  "Test",
  "Method",
  "Test Type",
  "Live Proctor",
  "Access Code",
  "Status",
  "Result",
  "Date",
  "Assigned",
  "Expires",
  "Expired",
  "Client Notes",
] as const;

export const HISTORY_FILE_NAME: Record<DownloadFormat, string> = { csv: "test_history.csv", xlsx: "test_history.xlsx" };

/** candidate_test_ids=1,2,3 (at most 200 ids). */
const testIdList = z
  .string({ error: historyMessages.noTestsChosen })
  .transform((v, ctx) => {
    const parts = v
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
    if (parts.length === 0) {
      ctx.addIssue({ code: "custom", message: historyMessages.noTestsChosen });
      return z.NEVER;
    }
    if (parts.length > MAX_SUMMARY_TESTS) {
      ctx.addIssue({ code: "custom", message: historyMessages.tooManyTests });
      return z.NEVER;
    }
    const ids = parts.map((p) => (/^[1-9]\d{0,9}$/.test(p) ? Number(p) : Number.NaN));
    if (ids.some((n) => !Number.isInteger(n) || n > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: historyMessages.badTestIds });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const summaryEmailAddress = z
  .string({ error: historyMessages.emailMissing })
  .trim()
  .min(1, historyMessages.emailMissing)
  .max(EMAIL_ADDRESS_MAX, historyMessages.emailInvalid)
  .regex(EMAIL, historyMessages.emailInvalid);

export const historyResult = z.object({ success: z.boolean(), message: z.string(), messageKey: z.string() });

export const historyRoutes = {
  getHistory: defineRoute({
    method: "GET",
    path: "/api/test_history/get_history",
    input: z.object({ candidate_profile_id: recordId(historyMessages.badCandidateId) }),
    output: z.array(candidateTestRecord),
    access: "testHistory",
    failure: "historyLoadFailure",
    summary: "Every test of one candidate (newest first), with its display status",
  }),
  search: defineRoute({
    method: "GET",
    path: "/api/test_history/search",
    input: z.object({ query: historyQuery, page: pageNumber }),
    output: testHistoryPage,
    access: "testHistory",
    failure: "historyLoadFailure",
    summary: "Tests of the caller's account (or office) matching the search language, 20 a page",
  }),
  download: defineRoute({
    method: "GET",
    path: "/api/test_history/download",
    input: z.object({ query: historyQuery, format: downloadFormat.optional().default("csv") }),
    output: z.object({ link: z.string() }),
    access: "testHistory",
    failure: "generic",
    summary: "A link to the file (CSV or XLSX) of every test matching the query",
  }),
  file: defineRoute({
    method: "GET",
    path: "/api/test_history/file",
    input: z.object({ query: historyQuery, format: downloadFormat.optional().default("csv") }),
    output: z.unknown(),
    access: "testHistory",
    failure: "generic",
    summary: "Streams test_history.csv or test_history.xlsx: every test matching the query",
  }),
  emailSummary: defineRoute({
    method: "GET",
    path: "/api/test_history/email_summary",
    input: z.object({ email_address: summaryEmailAddress, candidate_test_ids: testIdList }),
    output: historyResult,
    access: "testHistory",
    failure: "summaryEmailFailure",
    summary: "Mails a summary of the chosen tests (the caller's own) to an address; sent by a job",
  }),
} as const;
