import type { FastifyInstance, FastifyRequest } from "fastify";
import { HISTORY_FILE_NAME, historyMessages, historyRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { forbidden } from "../http/errors.js";
import { queueMail } from "../mail/outbox.js";
import { clientScopeOf } from "./records.js";
import { candidateHistory, parseHistoryQuery, searchHistory, summaryItems } from "./service.js";
import { DOWNLOAD_CONTENT_TYPE, historyCsv, historyXlsx } from "./downloads.js";
import { summaryMail } from "./summary.js";

/**
 * email_summary is a GET (the spec's) that sends mail. A link on another site must not be able to
 * make a signed-in user's browser send their results to a stranger, so, like a state-changing
 * request, it must come from our own pages: same-origin fetch metadata, or an Origin/Referer of ours.
 */
function requireOwnPage(req: FastifyRequest, publicUrl: string): void {
  const site = req.headers["sec-fetch-site"];
  if (site === "same-origin") return;
  if (site && site !== "none") throw forbidden();
  const allowed = new Set([new URL(publicUrl).origin]);
  if (req.headers.host) {
    allowed.add(`http://${req.headers.host}`);
    allowed.add(`https://${req.headers.host}`);
  }
  const raw = req.headers.origin ?? req.headers.referer;
  let origin: string | null = null;
  try {
    origin = raw ? new URL(raw).origin : null;
  } catch {
    origin = null;
  }
  if (!origin || !allowed.has(origin)) throw forbidden();
}

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

  registerRoute(app, historyRoutes.file, ({ input, caller, reply }) => {
    const scope = clientScopeOf(caller);
    const query = parseHistoryQuery(input.query);
    const stream = input.format === "xlsx" ? historyXlsx(db, scope, query) : historyCsv(db, scope, query);
    reply
      .header("content-type", DOWNLOAD_CONTENT_TYPE[input.format])
      .header("content-disposition", `attachment; filename="${HISTORY_FILE_NAME[input.format]}"`)
      .header("cache-control", "no-store");
    return reply.send(stream);
  });

  registerRoute(app, historyRoutes.emailSummary, async ({ input, caller, req }) => {
    requireOwnPage(req, ctx.config.publicUrl);
    const items = await summaryItems(db, clientScopeOf(caller), input.candidate_test_ids);
    const sender = `${caller.firstName} ${caller.lastName}`.trim();
    await queueMail(ctx, summaryMail(caller.language, input.email_address, sender, items));
    return { success: true, message: historyMessages.summaryQueued, messageKey: "history.messages.summaryQueued" };
  });
}
