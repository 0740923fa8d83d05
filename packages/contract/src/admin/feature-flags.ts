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

export const featureFlagRoutes = {
  getRules: defineRoute({
    method: "GET",
    path: "/api/feature_flags/get_rules",
    input: z.object({}),
    output: z.object({ feature_flags: z.array(featureFlag) }),
    access: "featureFlags",
    summary: "Every feature flag with its rules",
  }),
  deleteRule: defineRoute({
    method: "POST",
    path: "/api/feature_flags/delete_rule",
    input: z.object({ feature_flag_rule_id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    output: successOutput,
    access: "featureFlags",
    summary: "Delete one rule of a feature flag (audited)",
  }),
} as const;
