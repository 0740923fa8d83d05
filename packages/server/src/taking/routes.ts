import type { FastifyInstance } from "fastify";
import { takingRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { audioAccess, checkStatus, getSection, heartbeat, saveProgress, startTest, submitTest } from "./service.js";

/** /api/test_content/* and /api/heartbeat: the contract's takingRoutes, each a thin call into the service. */
export function registerTakingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, takingRoutes.start, ({ params, caller, req }) => startTest(ctx, caller, params.id, req.ip));
  registerRoute(app, takingRoutes.section, ({ params, input, caller }) => getSection(ctx, caller, params.id, input.section));
  registerRoute(app, takingRoutes.save, ({ params, input, caller }) => saveProgress(ctx, caller, params.id, input));
  registerRoute(app, takingRoutes.submit, ({ params, input, caller, req }) => submitTest(ctx, caller, params.id, input, req.ip));
  registerRoute(app, takingRoutes.status, ({ params, caller }) => checkStatus(ctx, caller, params.id));
  registerRoute(app, takingRoutes.requestAudio, ({ params, input, caller }) => audioAccess(ctx, caller, params.id, input, false));
  registerRoute(app, takingRoutes.grantAudio, ({ params, input, caller }) => audioAccess(ctx, caller, params.id, input, true));
  registerRoute(app, takingRoutes.heartbeat, ({ input, caller }) => heartbeat(ctx, caller, input.id));
}
