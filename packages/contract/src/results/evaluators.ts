import { z } from "zod";
import { defineRoute } from "../route.js";
import { scoreableTest, scoringParams } from "./scoring.js";
import { positiveInt } from "../common/ids.js";

/**
 * Evaluators and the routing of work to them (docs/scoring.md). Testing Executives (role 4) see
 * every evaluator with their languages and load, the tests no evaluator could take, and assign
 * or reassign a test by hand.
 */

export const evaluatorMessages = {
  cannotScoreLanguage: "This evaluator does not score the test's language.",
  notAnEvaluator: "That user is not an evaluator.",
  assigned: "The test has been assigned.",
} as const;

export const evaluatorRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  time_zone: z.string(),
  languages: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Tests assigned and not yet scored. */
  open_tests: z.number().int(),
  last_assigned_at: z.string().nullable(),
});
export type EvaluatorRow = z.infer<typeof evaluatorRow>;

export const evaluatorRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/evaluators/list",
    input: z.object({}),
    output: z.object({ evaluators: z.array(evaluatorRow) }),
    access: "assignEvaluators",
    failure: "listLoadFailure",
    summary: "Every active evaluator with the languages they score and their open load",
  }),
  unassigned: defineRoute({
    method: "GET",
    path: "/api/test_results/unassigned",
    input: z.object({}),
    output: z.object({ scoreable_tests: z.array(scoreableTest), time_zone: z.string() }),
    access: "assignEvaluators",
    failure: "listLoadFailure",
    summary: "Scoreable tests no evaluator could take (no evaluator scores their language), oldest first",
  }),
  assign: defineRoute({
    method: "POST",
    path: "/api/test_results/assign_evaluator/:id",
    params: scoringParams,
    input: z.object({ evaluator_id: positiveInt("Choose an evaluator.") }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "assignEvaluators",
    failure: "genericSaveFailure",
    summary: "Assigns (or reassigns) unscored candidate test {id} to an evaluator who scores its language",
  }),
} as const;
