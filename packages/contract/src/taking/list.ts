import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";

/**
 * The Take a Test list (candidate spec §2 "Take a Test list", §3 "Test list entry") and the
 * Choose Employer screen. The spec's entry fields keep their names; the ones after them are what
 * the screen needs (docs/api.md "Take a Test list" says how entries are sorted into the lists).
 */

/** A missed test stays on the list this many days after its appointment or expiry. */
export const MISSED_TEST_DAYS = 30;
/** A live or video test can be started this many minutes before its appointment. */
export const LIVE_START_EARLY_MINUTES = 15;
/** Most ids one Choose Employer address may carry. */
export const MAX_CHOOSE_ACCOUNT_IDS = 20;

export const testListMessages = {
  badIds: "The test ids must be positive whole numbers separated by commas.",
  tooManyIds: `At most ${MAX_CHOOSE_ACCOUNT_IDS} tests can be chosen from.`,
} as const;

export const testListEntry = z.object({
  // --- spec §3 "Test list entry" ---
  assignedTestId: z.number().int(),
  /** The attempt, when one exists (an in-progress test the candidate can resume). */
  candidateTestId: z.number().int().nullable(),
  /** The appointment (ISO 8601) of a scheduled test; null when the test has none. */
  testAt: z.string().nullable(),
  testDescription: z.string(),
  testMethod: z.enum(TEST_METHODS),
  // --- ours ---
  /** How long the session is (30, 60 or 120), as the catalogue has it. */
  durationMinutes: z.number().int(),
  /** The time limit of a timed test (before adjustments); null when untimed. */
  timeLimitMinutes: z.number().int().nullable(),
  accountName: z.string(),
  officeName: z.string().nullable(),
  /** ISO 8601: after this the test can no longer be taken. */
  expiresAt: z.string(),
  /** The attempt is in progress: the entry resumes it. */
  inProgress: z.boolean(),
  /** A live or video appointment can be started now (from 15 minutes before until its end). */
  startsNow: z.boolean(),
  /** Where the entry leads (spec §2 "Links on entries"); null when there is nowhere to go yet. */
  href: z.string().nullable(),
  /**
   * The same catalogue test takeable from several employers: every assigned test id (href is then
   * the Choose Employer screen, and accountName the first of them). One id otherwise.
   */
  assignedTestIds: z.array(z.number().int()),
  /** The employers of those tests, in the order of assignedTestIds. */
  accountNames: z.array(z.string()),
});
export type TestListEntry = z.infer<typeof testListEntry>;

export const testListView = z.object({
  takableTests: z.array(testListEntry),
  upcomingTests: z.array(testListEntry),
  schedulableTests: z.array(testListEntry),
  purchasableTests: z.array(testListEntry),
  missedTests: z.array(testListEntry),
  /** The offices of the tests listed (spec §3 "plus offices"). */
  offices: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TestListView = z.infer<typeof testListView>;

const INT4_MAX = 2_147_483_647;

/** "12,15": the assigned test ids of the Choose Employer address. */
export const chooseAccountParams = z.object({
  ids: z.string().transform((raw, ctx) => {
    const parts = raw.split(",").map((p) => p.trim());
    const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > INT4_MAX)) {
      ctx.addIssue({ code: "custom", message: testListMessages.badIds });
      return z.NEVER;
    }
    const unique = [...new Set(ids)];
    if (unique.length > MAX_CHOOSE_ACCOUNT_IDS) {
      ctx.addIssue({ code: "custom", message: testListMessages.tooManyIds });
      return z.NEVER;
    }
    return unique;
  }),
});

export const chooseAccountView = z.object({
  employers: z.array(
    z.object({
      assignedTestId: z.number().int(),
      testDescription: z.string(),
      testMethod: z.enum(TEST_METHODS),
      accountName: z.string(),
      officeName: z.string().nullable(),
      /** ISO 8601: when the employer assigned the test. */
      assignedAt: z.string(),
      expiresAt: z.string(),
      /** The test page of this assignment. */
      href: z.string(),
    }),
  ),
});
export type ChooseAccountView = z.infer<typeof chooseAccountView>;

export const takingListRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/tests/list",
    input: z.object({}),
    output: testListView,
    access: "tests",
    failure: "listLoadFailure",
    summary: "The caller's Take a Test list: takable, upcoming, schedulable, purchasable and missed tests over all their employers",
  }),
  chooseAccount: defineRoute({
    method: "GET",
    path: "/api/tests/choose_account/:ids",
    params: chooseAccountParams,
    input: z.object({}),
    output: chooseAccountView,
    access: "tests",
    failure: "generic",
    summary: "Choose Employer: the employers that assigned these tests (the caller's, still takable); 404 if any id is not the caller's",
  }),
} as const;
