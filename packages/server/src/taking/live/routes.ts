import type { takingLiveRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { liveShow, startLive } from "./service.js";

/** The live/video page's data and the three interpreter-session starts. */
export const takingLiveHandlers = (ctx: AppContext): AreaHandlers<typeof takingLiveRoutes> => ({
  show: ({ params, scope }) => liveShow(ctx, scope, params),
  startLive: ({ params, scope }) => startLive(ctx, scope, params, "live"),
  startVideo: ({ params, scope }) => startLive(ctx, scope, params, "video"),
  startSightTranslation: ({ params, scope }) => startLive(ctx, scope, params, "sight"),
});
