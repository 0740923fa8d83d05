import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { candidateTests } from "./attempts.js";
import { tests } from "./catalogue.js";

// QTI 3 (issue 29): the machine scores of QTI items worked out at submit, the test's raw score, and
// the catalogue's cut scores that give a level to a test whose items are all machine-scored.

/** One QTI item's response processing at submit: its SCORE, the most it could score, and every outcome. */
export const qtiItemScores = pgTable(
  "qti_item_scores",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    score: doublePrecision("score").notNull(),
    maxScore: doublePrecision("max_score").notNull(),
    /** Outcome identifier → value (qti-processing.ts value shapes). */
    outcomes: jsonb("outcomes").notNull(),
    scoredAt: timestamp("scored_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.itemId] })],
);

/** The raw score of an attempt with machine-scored items, and the level its test's cut scores give it. */
export const qtiTestScores = pgTable("qti_test_scores", {
  candidateTestId: integer("candidate_test_id")
    .primaryKey()
    .references(() => candidateTests.id, { onDelete: "cascade" }),
  score: doublePrecision("score").notNull(),
  maxScore: doublePrecision("max_score").notNull(),
  /** Every item that takes a response is machine-scored. */
  allMachineScored: boolean("all_machine_scored").notNull(),
  /** The ALTA level by the cut scores at submit; null without cut scores or with items scored by hand. */
  level: text("level"),
  scoredAt: timestamp("scored_at", { withTimezone: true }).notNull(),
});

/** A catalogue test's cut scores: [{ level, min_score }], lowest level first. */
export const testCutScores = pgTable("test_cut_scores", {
  testId: integer("test_id")
    .primaryKey()
    .references(() => tests.id, { onDelete: "cascade" }),
  cutScores: jsonb("cut_scores").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
