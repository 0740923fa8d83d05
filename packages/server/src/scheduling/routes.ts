import type { schedulingRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { allowCandidateScheduling, availableTimes, schedulePage, scheduleTest } from "./service.js";

/** Scheduling live and video tests (/api/test_assignment/…): each route a thin call into the service. */
export const schedulingHandlers = (ctx: AppContext): AreaHandlers<typeof schedulingRoutes> => ({
  schedulePage: ({ params, scope }) => schedulePage(ctx, scope, params),
  availableTimes: async ({ input, scope }) => ({ availableTimes: await availableTimes(ctx, scope, input) }),
  schedule: ({ input, scope }) => scheduleTest(ctx, scope, input),
  allowCandidateScheduling: ({ input, scope }) => allowCandidateScheduling(ctx, scope, input),
});
