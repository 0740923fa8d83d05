import type { evaluatorScheduleRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { evaluatorSchedule } from "./service.js";

/** The evaluator's Scheduled Tests (evaluators-results-account.md §2, §7). */
export const evaluatorScheduleHandlers = (ctx: AppContext): AreaHandlers<typeof evaluatorScheduleRoutes> => ({
  schedule: ({ scope }) => evaluatorSchedule(ctx, scope),
});
