import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgSequence, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { candidateTests } from "./attempts.js";
import { languages } from "./catalogue.js";
import { createdAt } from "./columns.js";
import { users } from "./core.js";

// Scoring (issue 5): evaluators and their languages, the routing of submitted tests to them,
// automatic objective results and the recorded scores. The rules are in docs/scoring.md.

/** A user who scores tests (role 12): their zone (for due groups) and when work last reached them. */
export const evaluators = pgTable("evaluators", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** IANA zone the Due Today / Tomorrow groups are made in. */
  timeZone: text("time_zone").notNull().default("America/New_York"),
  /** False: keeps what they have, receives no new work. */
  acceptsWork: boolean("accepts_work").notNull().default(true),
  /** Ties of load go to whoever waited longest since their last assignment. */
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }),
  /** Capacity: at most this many open (unscored) tests routed to them; null = no limit. Set in the back office. */
  maxOpenTests: integer("max_open_tests"),
  createdAt: createdAt(),
});

/** The languages an evaluator scores. */
export const evaluatorLanguages = pgTable(
  "evaluator_languages",
  {
    evaluatorUserId: integer("evaluator_user_id")
      .notNull()
      .references(() => evaluators.userId, { onDelete: "cascade" }),
    languageId: integer("language_id")
      .notNull()
      .references(() => languages.id),
  },
  (t) => [primaryKey({ columns: [t.evaluatorUserId, t.languageId] }), index("evaluator_languages_language_idx").on(t.languageId)],
);

/** Counts routed tests for the review sample (every REVIEW_SAMPLE_EVERY-th), without counting the table. */
export const scoringReviewSampleSeq = pgSequence("scoring_review_sample_seq");

/**
 * A scoreable test: a received attempt waiting for (or done with) its evaluator. One row per
 * candidate test; `evaluator_user_id` null means no evaluator scores its language yet (Testing
 * Executives assign it by hand). `completed_at` is set when the result is recorded.
 */
export const scoringAssignments = pgTable(
  "scoring_assignments",
  {
    candidateTestId: integer("candidate_test_id")
      .primaryKey()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    evaluatorUserId: integer("evaluator_user_id").references(() => users.id),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    isReview: boolean("is_review").notNull().default(false),
    /** Why it is marked for review: 'sample' (every Nth) or 'retest'. */
    reviewReason: text("review_reason"),
    /** Automatic result of the choice items with an answer key (null: the test has none). */
    objectiveCorrect: integer("objective_correct"),
    objectiveTotal: integer("objective_total"),
    routedAt: timestamp("routed_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // An evaluator's open list, and the load count of routing.
    index("scoring_assignments_open_idx").on(t.evaluatorUserId, t.dueAt).where(sql`${t.completedAt} IS NULL`),
  ],
);

/**
 * The state of an item's objective: written by automatic scoring for choice items with an answer
 * key (`automatic` true) and by the evaluator's submission (which may confirm or change it).
 */
export const itemObjectiveResults = pgTable(
  "item_objective_results",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    objectiveId: text("objective_id").notNull(),
    stateId: text("state_id").notNull(),
    automatic: boolean("automatic").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.itemId, t.objectiveId] })],
);

/**
 * The evaluator's submission as recorded (one per candidate test; final). The result itself is
 * on candidate_tests (result_state, result_value, result_reason, scored_at, verification_key);
 * this keeps the detail reports print: category levels, recommendations, comments.
 */
export const scoreSheets = pgTable("score_sheets", {
  candidateTestId: integer("candidate_test_id")
    .primaryKey()
    .references(() => candidateTests.id, { onDelete: "cascade" }),
  evaluatorUserId: integer("evaluator_user_id").references(() => users.id),
  didFinish: boolean("did_finish").notNull().default(true),
  noShow: boolean("no_show").notNull().default(false),
  /** score_category_id → score_level_id */
  categories: jsonb("categories").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** "sectionId:categoryId" → score_level_id */
  sectionCategories: jsonb("section_categories").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  skippedSections: integer("skipped_sections").array().notNull().default(sql`'{}'::integer[]`),
  /** Scoring item ids the evaluator checked. */
  checkedScoringItems: text("checked_scoring_items").array().notNull().default(sql`'{}'::text[]`),
  /** Recommendation ids (server/results/rubrics.ts). */
  recommendations: text("recommendations").array().notNull().default(sql`'{}'::text[]`),
  comments: text("comments").notNull().default(""),
  submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
});
