import type { FastifyInstance } from "fastify";
import { takingShowRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { showTest } from "./service.js";

/** GET /api/tests/show/{id}: the test page's startup data. */
export function registerTestShowRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, takingShowRoutes.show, ({ params, caller }) => showTest(ctx, caller, params.id));
}
