import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";
import { evaluatorActionMessages, evaluatorActionRoutes } from "./actions.js";

export * from "./actions.js";

/**
 * The evaluator's Scheduled Tests (evaluators-results-account.md §2 /testing/evaluators/schedule,
 * §3 "Evaluator scheduled test", §7 GET /api/evaluators/schedule): the live and video tests booked
 * with them, from today on, grouped Today, Tomorrow, This Week, Next Week and Future by calendar
 * days in the evaluator's zone (weeks run Sunday to Saturday, as US calendars do).
 */

export const scheduleMessages = {
  loadFailure: evaluatorActionMessages.scheduleFailure,
} as const;

export const SCHEDULE_GROUPS = ["today", "tomorrow", "thisWeek", "nextWeek", "future"] as const;
export type ScheduleGroup = (typeof SCHEDULE_GROUPS)[number];

export const CONFIRMATION_STATUSES = ["unconfirmed", "confirmed", "declined"] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** One booked test (spec §3), with the instant and group the list is made from. */
export const evaluatorScheduledTest = z.object({
  /** The assigned test's id (Test #). */
  id: z.number().int(),
  description: z.string(),
  candidate_name: z.string(),
  test_method_short_name: z.enum(TEST_METHODS),
  /** The day and start time in the evaluator's zone: "2027-03-15", "11:00". */
  date: z.string(),
  time: z.string(),
  confirmation_status: z.enum(CONFIRMATION_STATUSES),
  /** Ours: the start as a UTC instant, and its group. */
  starts_at: z.string(),
  group: z.enum(SCHEDULE_GROUPS),
});
export type EvaluatorScheduledTest = z.infer<typeof evaluatorScheduledTest>;

export const evaluatorScheduleOutput = z.object({
  scheduled_tests: z.array(evaluatorScheduledTest),
  /** The IANA zone of date, time and the groups (the evaluator's; America/New_York by default). */
  time_zone: z.string(),
});
export type EvaluatorScheduleOutput = z.infer<typeof evaluatorScheduleOutput>;

export const evaluatorScheduleRoutes = {
  schedule: defineRoute({
    method: "GET",
    path: "/api/evaluators/schedule",
    input: z.object({}),
    output: evaluatorScheduleOutput,
    access: "evaluatorSchedule",
    failure: "scheduleLoadFailure",
    summary: "The signed-in evaluator's booked live and video tests from today on, soonest first, grouped in their zone",
  }),
  ...evaluatorActionRoutes,
};
