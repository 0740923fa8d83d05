import type { evaluatorRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { unassignedTests } from "../scoring/scoreable-tests.js";
import { assignEvaluator, listEvaluators } from "./service.js";

/** Testing Executives: evaluators with their load, unassigned tests, manual assignment. */
export const evaluatorHandlers = (ctx: AppContext): AreaHandlers<typeof evaluatorRoutes> => ({
  list: () => listEvaluators(ctx),
  unassigned: () => unassignedTests(ctx),
  assign: ({ scope, params, input }) => assignEvaluator(ctx, scope, { ...params, ...input }),
});
