import type { takingPaperRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { sendPdf } from "../../http/pdf.js";
import { paperTest } from "./service.js";

/**
 * GET /testing/tests/{id}/pdf. A page path of the web app, but a registered route answers it
 * before the single-page fallback (which only takes paths no route claims).
 */
export const takingPaperHandlers = (ctx: AppContext): AreaHandlers<typeof takingPaperRoutes> => ({
  pdf: async ({ params, scope, reply }) => sendPdf(reply, await paperTest(ctx, scope, params)),
});
