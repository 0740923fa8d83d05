import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { candidates } from "./candidates.js";
import { accountTests } from "./catalogue.js";
import { createdAt } from "./columns.js";
import { accounts } from "./core.js";
import { testGroups } from "./settings.js";

// Tracks (server tracks/): batteries, the tests of a test group assigned together.

/** A battery: the tests of a test group assigned together to one candidate. */
export const candidateTracks = pgTable(
  "candidate_tracks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    testGroupId: integer("test_group_id").references(() => testGroups.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    isCompleted: boolean("is_completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("candidate_tracks_candidate_idx").on(t.candidateId)],
);

export const candidateTrackTests = pgTable(
  "candidate_track_tests",
  {
    id: serial("id").primaryKey(),
    trackId: integer("track_id")
      .notNull()
      .references(() => candidateTracks.id, { onDelete: "cascade" }),
    accountTestId: integer("account_test_id")
      .notNull()
      .references(() => accountTests.id),
    position: integer("position").notNull().default(0),
    requiresScheduling: boolean("requires_scheduling").notNull().default(false),
  },
  (t) => [index("candidate_track_tests_track_idx").on(t.trackId)],
);
