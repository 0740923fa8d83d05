import type { FastifyInstance } from "fastify";
import { paperRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { paperTest } from "./service.js";

/**
 * GET /testing/tests/{id}/pdf. A page path of the web app, but a registered route answers it
 * before the single-page fallback (which only takes paths no route claims).
 */
export function registerPaperRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, paperRoutes.pdf, async ({ params, caller, req, reply }) => {
    const { pdf, filename } = await paperTest(ctx, caller, params.id, req.ip);
    reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .header("cache-control", "no-store");
    return pdf as unknown as string;
  });
}
