import type { overviewRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { overviewEvents } from "./events.js";
import { overviewStartup } from "./startup.js";
import { testStats } from "./stats.js";

/** The overview (evaluators-results-account.md §2 /overview, §7 GET /api/overview/events). */
export const overviewHandlers = (ctx: AppContext): AreaHandlers<typeof overviewRoutes> => ({
  events: ({ scope }) => overviewEvents(ctx, scope),
  startup: ({ scope }) => overviewStartup(ctx, scope),
  testStats: ({ scope }) => testStats(ctx, scope),
});
