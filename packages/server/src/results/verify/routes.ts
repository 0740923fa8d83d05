import type { FastifyInstance } from "fastify";
import { verifyRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { verifiedResult, verifyKey } from "./service.js";

/** POST /api/test_results/verify and the public page's GET /api/test_results/verified/:key (both public). */
export function registerVerifyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, verifyRoutes.verify, ({ input, req }) => verifyKey(ctx.db, req.ip, input.verification_key));
  registerRoute(app, verifyRoutes.verified, ({ params, req, reply }) => {
    reply.header("cache-control", "no-store");
    return verifiedResult(ctx.db, req.ip, params.key);
  });
}
