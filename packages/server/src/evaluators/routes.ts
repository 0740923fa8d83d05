import type { FastifyInstance } from "fastify";
import { evaluatorRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { unassignedTests } from "../results/scoreable-tests.js";
import { assignEvaluator, listEvaluators } from "./service.js";

/** Testing Executives: evaluators with their load, unassigned tests, manual assignment. */
export function registerEvaluatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, evaluatorRoutes.list, () => listEvaluators(ctx));
  registerRoute(app, evaluatorRoutes.unassigned, () => unassignedTests(ctx));
  registerRoute(app, evaluatorRoutes.assign, ({ caller, params, input, req }) => assignEvaluator(ctx, caller, params.id, input.evaluator_id, req.ip));
}
