import type { evaluatorScheduleRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { evaluatorSchedule } from "./service.js";
import { availableTimes, confirmTest, declineTest, otherEvaluatorsAvailable, scheduledTestPage } from "./decline.js";
import { administerView, objectiveStates, submitObjectiveScores } from "./administer.js";

/** The evaluator's Scheduled Tests, and confirm, decline and administer (evaluators-results-account.md §2, §4, §7). */
export const evaluatorScheduleHandlers = (ctx: AppContext): AreaHandlers<typeof evaluatorScheduleRoutes> => ({
  schedule: ({ scope }) => evaluatorSchedule(ctx, scope),
  scheduledTest: ({ scope, params }) => scheduledTestPage(ctx, scope, params),
  availableTimes: ({ scope, input }) => availableTimes(ctx, scope, input),
  decline: ({ scope, input }) => declineTest(ctx, scope, input),
  confirm: ({ scope, input }) => confirmTest(ctx, scope, input),
  otherEvaluatorsAvailable: ({ scope, input }) => otherEvaluatorsAvailable(ctx, scope, input),
  administer: ({ scope, params }) => administerView(ctx, scope, params),
  submitObjectiveScores: ({ scope, params, input }) => submitObjectiveScores(ctx, scope, params, input),
  objectiveStates: ({ scope, input }) => objectiveStates(ctx, scope, input),
});
