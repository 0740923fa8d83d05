import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * The overview (evaluators-results-account.md §2 /overview, §3 Alert event and the Overview
 * startup data, §7 GET /api/overview/events), and, beyond the spec, the client's tests by month
 * and by level for its chart.
 */

export const overviewMessages = {
  eventsFailure: "Unable to load recent activity at this time.",
  statsFailure: "Unable to load the test figures at this time.",
} as const;

/** Kinds of alert event: results received, tests overdue for scoring, tests expiring, payments due. */
export const OVERVIEW_EVENT_TYPES = ["result_received", "scoring_overdue", "test_expiring", "payment_due"] as const;
export type OverviewEventType = (typeof OVERVIEW_EVENT_TYPES)[number];

/** How far the overview looks: results of the last days, tests expiring and invoices due in the next days. */
export const RECENT_RESULT_DAYS = 14;
export const EXPIRING_WITHIN_DAYS = 7;
export const PAYMENT_DUE_WITHIN_DAYS = 14;
export const OVERVIEW_EVENT_LIMIT = 20;

/**
 * An alert event (spec §3: type, description, created_at). `description` is the English text; the
 * screen writes it in the chosen language from the type and the fields beside it.
 */
export const overviewEvent = z.object({
  type: z.enum(OVERVIEW_EVENT_TYPES),
  description: z.string(),
  /** The instant the event is about: a result recorded, a scoring due time, an expiry, a due date. */
  created_at: z.string(),
  /** Who or what it concerns: a candidate's name, an invoice number. */
  subject: z.string(),
  /** The test's name (results, scoring, expiring tests), or null. */
  test: z.string().nullable(),
  /** An amount in cents (payments due), or null. */
  amount_cents: z.number().int().nullable(),
  /** Where to act on it in the portal. */
  link: z.string().nullable(),
});
export type OverviewEvent = z.infer<typeof overviewEvent>;

/** The overview's authorised flags, by the spec's names. */
export const OVERVIEW_AUTHORIZED = ["Candidates", "EvaluatorSchedule", "Groups", "OutstandingPaperTests", "Results", "Settings", "TestHistory", "Tests"] as const;

/** Overview startup data (spec §3 "Overview gets …"). */
export const overviewStartupOutput = z.object({
  authorized: z.record(z.enum(OVERVIEW_AUTHORIZED), z.boolean()),
  isCandidate: z.boolean(),
  ivrLocalNumber: z.string(),
  ivrTollFree: z.string(),
  officeUser: z.boolean(),
  /** Candidates get limited support from the provider: their employer is their first contact. */
  shouldViewLimitedSupport: z.boolean(),
});
export type OverviewStartup = z.infer<typeof overviewStartupOutput>;

/** ALTA levels as the history records them, in order: 1 … 12, 12+. */
export const ALTA_LEVELS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12+"] as const;
export const STATS_MONTHS = 12;

export const testStatsOutput = z.object({
  /** The last 12 calendar months (Eastern), oldest first: "2026-03". */
  by_month: z.array(z.object({ month: z.string(), assigned: z.number().int(), scored: z.number().int() })),
  /** Scored results of those months by ALTA level, 1 to 12+. */
  by_level: z.array(z.object({ level: z.enum(ALTA_LEVELS), count: z.number().int() })),
});
export type TestStats = z.infer<typeof testStatsOutput>;

export const overviewRoutes = {
  events: defineRoute({
    method: "GET",
    path: "/api/overview/events",
    input: z.object({}),
    output: z.object({ events: z.array(overviewEvent) }),
    access: "signedIn",
    failure: "listLoadFailure",
    summary: "Recent activity and alerts of the caller's scope (results received, overdue scoring, expiring tests, payments due)",
  }),
  startup: defineRoute({
    method: "GET",
    path: "/api/overview/startup",
    input: z.object({}),
    output: overviewStartupOutput,
    access: "signedIn",
    failure: "listLoadFailure",
    summary: "The Overview's startup data",
  }),
  testStats: defineRoute({
    method: "GET",
    path: "/api/overview/test_stats",
    input: z.object({}),
    output: testStatsOutput,
    access: "testHistory",
    failure: "listLoadFailure",
    summary: "The account's (an office user: the office's) tests by month and results by level, last 12 months",
  }),
} as const;
