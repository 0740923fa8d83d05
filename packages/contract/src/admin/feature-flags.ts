import { z } from "zod";
import { defineRoute } from "../route.js";
import { successOutput } from "../common/success.js";
import { TEST_TYPES } from "../catalogue/catalogue.js";

/**
 * Feature flags (evaluators-results-account.md §2 /feature_flags, §3 "Feature flag", §7, §8): each
 * flag with its rules. A rule turns its flag on (permits) or off for one test (rule type Test) or
 * every test of a type (Test Type); of the rules matching a test the highest weight decides, a tie
 * going to the Test rule and then to the one that does not permit; no rule: on_by_default.
 */
export const featureFlagMessages = {
  deleted: "The rule has been deleted",
  notDeleted: "The rule could not be deleted.",
  deleteFailed: "An error occurred while attempting to delete the rule.",
  // Ours (the spec lists only deleting; rules must be made somewhere): adding a rule.
  added: "The rule has been added",
  flagNotFound: "That feature flag does not exist.",
  testNotFound: "That test is not in the catalogue.",
} as const;

/** The flags the code consults: `web_call` (a phone test may be taken as a web call), `video` (a video test meets in a video room). */
export const FEATURE_FLAG_NAMES = ["web_call", "video"] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];

export const RULE_TYPES = ["Test", "Test Type"] as const;

export const featureFlagRule = z.object({
  id: z.number().int(),
  weight: z.number().int(),
  permits: z.boolean(),
  rule_type: z.enum(RULE_TYPES),
  /** The test of a Test rule; null for a Test Type rule. */
  test_description: z.string().nullable(),
  /** The type of a Test Type rule (its English name); null for a Test rule. */
  test_type_description: z.string().nullable(),
  /** Ours: the type's code, for the screen's own words. */
  test_type: z.enum(TEST_TYPES).nullable(),
});
export type FeatureFlagRule = z.infer<typeof featureFlagRule>;

export const featureFlag = z.object({
  id: z.number().int(),
  name: z.string(),
  on_by_default: z.boolean(),
  /** Highest weight first: the order in which they decide. */
  rules: z.array(featureFlagRule),
});
export type FeatureFlag = z.infer<typeof featureFlag>;

/** Ours: a new rule. A Test rule names a catalogue test, a Test Type rule a type; weight decides between rules. */
export const addFeatureFlagRuleInput = z
  .object({
    feature_flag_id: z.coerce.number().int().min(1).max(2_147_483_647),
    weight: z.coerce.number().int().min(-1000, "The weight must be between -1000 and 1000.").max(1000, "The weight must be between -1000 and 1000."),
    permits: z.boolean(),
    rule_type: z.enum(RULE_TYPES),
    test_id: z.coerce.number().int().min(1).max(2_147_483_647).nullable().optional(),
    test_type: z.enum(TEST_TYPES).nullable().optional(),
  })
  .refine((r) => (r.rule_type === "Test" ? r.test_id != null && r.test_type == null : r.test_type != null && r.test_id == null), {
    message: "A Test rule names a test; a Test Type rule names a test type.",
    path: ["rule_type"],
  });

export const featureFlagRoutes = {
  getRules: defineRoute({
    method: "GET",
    path: "/api/feature_flags/get_rules",
    input: z.object({}),
    output: z.object({ feature_flags: z.array(featureFlag) }),
    access: "featureFlags",
    failure: "listLoadFailure",
    summary: "Every feature flag with its rules",
  }),
  deleteRule: defineRoute({
    method: "POST",
    path: "/api/feature_flags/delete_rule",
    input: z.object({ feature_flag_rule_id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    output: successOutput,
    access: "featureFlags",
    failure: "ruleDeleteFailure",
    summary: "Delete one rule of a feature flag (audited)",
  }),
  addRule: defineRoute({
    method: "POST",
    path: "/api/feature_flags/add_rule",
    input: addFeatureFlagRuleInput,
    output: successOutput.extend({ feature_flag_rule_id: z.number().int() }),
    access: "featureFlags",
    failure: "genericSaveFailure",
    summary: "Ours: add a rule to a feature flag (audited)",
  }),
  ruleOptions: defineRoute({
    method: "GET",
    path: "/api/feature_flags/rule_options",
    input: z.object({}),
    output: z.object({ tests: z.array(z.object({ id: z.number().int(), description: z.string(), test_type: z.enum(TEST_TYPES) })) }),
    access: "featureFlags",
    failure: "listLoadFailure",
    summary: "Ours: the catalogue tests a Test rule may name",
  }),
} as const;
