import type { backofficeQtiRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { cutScores, exportQti, saveCutScores } from "./service.js";

/** /api/backoffice/tests/{id}/cut_scores and /content/qti: thin calls into the service. */
export const backofficeQtiHandlers = (ctx: AppContext): AreaHandlers<typeof backofficeQtiRoutes> => ({
  cutScores: ({ params, scope }) => cutScores(ctx, scope, params),
  saveCutScores: ({ params, input, scope }) => saveCutScores(ctx, scope, params, input),
  exportQti: async ({ params, scope, reply }) => {
    const { zip, filename } = await exportQti(ctx, scope, params);
    reply.header("content-type", "application/zip").header("content-disposition", `attachment; filename="${filename}"`).header("cache-control", "no-store");
    return zip as unknown as string;
  },
});
