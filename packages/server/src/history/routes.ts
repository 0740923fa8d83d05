import type { FastifyInstance } from "fastify";
import { HISTORY_FILE_NAME, historyMessages, historyRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { requireOwnPage } from "../http/same-origin.js";
import { clientScopeOf } from "./records.js";
import { candidateHistory, historyRows, parseHistoryQuery, searchHistory } from "./service.js";
import { firstBatchFetched } from "../http/prefetch.js";
import { DOWNLOAD_CONTENT_TYPE, historyCsv, historyXlsx } from "./downloads.js";
import { emailSummary } from "./email-summary.js";

/** /api/test_history/*: the contract's historyRoutes, each a thin call into the service. */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerRoute(app, historyRoutes.getHistory, ({ input, caller }) => candidateHistory(db, clientScopeOf(caller), input.candidate_profile_id));

  registerRoute(app, historyRoutes.search, ({ input, caller }) => searchHistory(db, clientScopeOf(caller), input.query, input.page));

  registerRoute(app, historyRoutes.download, ({ input, caller }) => {
    clientScopeOf(caller);
    parseHistoryQuery(input.query);
    const qs = new URLSearchParams({ query: input.query, format: input.format });
    return { link: `${historyRoutes.file.path}?${qs.toString()}` };
  });

  registerRoute(app, historyRoutes.file, async ({ input, caller, reply }) => {
    // The query is checked and its first batch read before any header goes out.
    const batches = await firstBatchFetched(historyRows(db, clientScopeOf(caller), parseHistoryQuery(input.query)));
    const stream = input.format === "xlsx" ? historyXlsx(batches) : historyCsv(batches);
    reply
      .header("content-type", DOWNLOAD_CONTENT_TYPE[input.format])
      .header("content-disposition", `attachment; filename="${HISTORY_FILE_NAME[input.format]}"`)
      .header("cache-control", "no-store");
    return reply.send(stream);
  });

  registerRoute(app, historyRoutes.emailSummary, async ({ input, caller, req }) => {
    // A GET that sends mail: a link on another site must not make a browser send results away.
    requireOwnPage(req, ctx.config.publicUrl);
    await emailSummary(ctx, caller, input, req.ip);
    return { success: true, message: historyMessages.summaryQueued, messageKey: "history.messages.summaryQueued" };
  });
}
