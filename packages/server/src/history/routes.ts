import { HISTORY_FILE_NAME, historyMessages, type historyRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { requireOwnPage } from "../http/same-origin.js";
import { candidateHistory, historyDownloadLink, historyDownloadRows, searchHistory } from "./service.js";
import { DOWNLOAD_CONTENT_TYPE, historyCsv, historyXlsx } from "./downloads.js";
import { emailSummary } from "./email-summary.js";

/** /api/test_history/*: each route a thin call into the service. */
export const historyHandlers = (ctx: AppContext): AreaHandlers<typeof historyRoutes> => ({
  getHistory: ({ input, scope }) => candidateHistory(ctx, scope, input),
  search: ({ input, scope }) => searchHistory(ctx, scope, input),
  download: ({ input, scope }) => historyDownloadLink(scope, input),
  file: async ({ input, scope, reply }) => {
    const batches = await historyDownloadRows(ctx, scope, input);
    const stream = input.format === "xlsx" ? historyXlsx(batches) : historyCsv(batches);
    reply
      .header("content-type", DOWNLOAD_CONTENT_TYPE[input.format])
      .header("content-disposition", `attachment; filename="${HISTORY_FILE_NAME[input.format]}"`)
      .header("cache-control", "no-store");
    return reply.send(stream);
  },
  emailSummary: async ({ input, scope, req }) => {
    // A GET that sends mail: a link on another site must not make a browser send results away.
    requireOwnPage(req, ctx.config.publicUrl);
    await emailSummary(ctx, scope, input);
    return { success: true, message: historyMessages.summaryQueued, messageKey: "history.messages.summaryQueued" };
  },
});
