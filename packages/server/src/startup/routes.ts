import type { FastifyInstance } from "fastify";
import { authRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { buildStartup } from "./service.js";

/** GET /api/startup: public; answers for the signed-in caller or for a visitor. */
export function registerStartupRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, authRoutes.startup, async ({ caller, req }) => {
    return buildStartup(ctx, caller, req.language, req.query as { error?: unknown; notice?: unknown });
  });
}
