import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { users } from "./core.js";

// Evaluator declines (evaluators-results-account.md §4): an evaluator who declined a booked live or
// video test. The booking itself moves (to another evaluator, or to a new time); this row keeps the
// declined test on the decliner's Scheduled Tests, marked Declined, with nothing left to act on.

export const evaluatorDeclines = pgTable(
  "evaluator_declines",
  {
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    evaluatorUserId: integer("evaluator_user_id")
      .notNull()
      .references(() => users.id),
    /** The start the evaluator declined (the schedule shows the declined test at it). */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    /** The new start when the decline proposed one; null when the booking moved to another evaluator. */
    rebookedAt: timestamp("rebooked_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assignedTestId, t.evaluatorUserId] }), index("evaluator_declines_evaluator_idx").on(t.evaluatorUserId, t.scheduledAt)],
);
