import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { tests } from "./catalogue.js";
import { createdAt } from "./columns.js";

// Feature flags (evaluators-results-account.md §3 "Feature flag", §2 /feature_flags): a flag is on
// or off by default; its rules turn it on or off for one test (rule type Test) or every test of a
// test type (rule type Test Type). Of the rules that match a test, the highest weight decides
// (admin/feature-flags.ts isFeatureEnabled).

export const featureFlags = pgTable(
  "feature_flags",
  {
    id: serial("id").primaryKey(),
    /** The name the code asks for (admin/flags.ts FEATURE_FLAGS), e.g. `web_call`. */
    name: text("name").notNull(),
    onByDefault: boolean("on_by_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("feature_flags_name_idx").on(t.name)],
);

export const featureFlagRules = pgTable(
  "feature_flag_rules",
  {
    id: serial("id").primaryKey(),
    featureFlagId: integer("feature_flag_id")
      .notNull()
      .references(() => featureFlags.id, { onDelete: "cascade" }),
    /** Precedence: of the rules matching a test, the highest weight decides. */
    weight: integer("weight").notNull().default(0),
    /** true: the flag is on where the rule matches; false: off. */
    permits: boolean("permits").notNull(),
    ruleType: text("rule_type", { enum: ["test", "test_type"] }).notNull(),
    /** For a Test rule: the catalogue test. */
    testId: integer("test_id").references(() => tests.id, { onDelete: "cascade" }),
    /** For a Test Type rule: the catalogue's test type (tests.test_type). */
    testType: text("test_type"),
    createdAt: createdAt(),
  },
  (t) => [index("feature_flag_rules_flag_idx").on(t.featureFlagId)],
);
