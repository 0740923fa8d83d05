import type { FastifyInstance } from "fastify";
import { liveRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { liveShow, startLive } from "./service.js";

/** The live/video page's data and the three interpreter-session starts. */
export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, liveRoutes.show, ({ params, caller }) => liveShow(ctx, caller, params.aid));
  registerRoute(app, liveRoutes.startLive, ({ params, caller }) => startLive(ctx, caller, params.id, "live"));
  registerRoute(app, liveRoutes.startVideo, ({ params, caller }) => startLive(ctx, caller, params.id, "video"));
  registerRoute(app, liveRoutes.startSightTranslation, ({ params, caller }) => startLive(ctx, caller, params.id, "sight"));
}
