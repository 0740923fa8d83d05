import type { FastifyInstance } from "fastify";
import { candidateMessages, candidateRoutes, parseSearchQuery, type SearchQuery } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { badRequest } from "../http/errors.js";
import { candidateBatches, candidatesCsv } from "./csv.js";
import { firstBatchFetched } from "../http/prefetch.js";
import {
  activateCandidate,
  candidateScopeOf,
  deleteCandidate,
  getCandidate,
  getCandidateForm,
  notifyCandidate,
  saveCandidate,
  searchCandidates,
} from "./service.js";

/** The query language text, parsed; 400 with the parser's own message when it cannot be read. */
function parsedQuery(text: string): SearchQuery {
  const parsed = parseSearchQuery(text);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.query;
}

/** /api/candidates/*: the contract's candidateRoutes, each a thin call into the service. */
export function registerCandidateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  registerRoute(app, candidateRoutes.search, ({ input, caller }) => searchCandidates(db, candidateScopeOf(caller), parsedQuery(input.query), input.page));

  registerRoute(app, candidateRoutes.download, async ({ input, caller, reply }) => {
    // The query is checked and its first batch read before any header goes out.
    const batches = await firstBatchFetched(candidateBatches(db, candidateScopeOf(caller), parsedQuery(input.query)));
    const stream = candidatesCsv(batches);
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="candidates.csv"')
      .header("cache-control", "no-store");
    // Fastify pipes a returned stream to the response.
    return stream as unknown as string;
  });

  registerRoute(app, candidateRoutes.form, ({ input, caller }) => getCandidateForm(db, candidateScopeOf(caller), input.id));

  registerRoute(app, candidateRoutes.edit, async ({ input, caller, req }) => {
    const id = await saveCandidate(db, caller, candidateScopeOf(caller), input, req.ip);
    return { success: true, id, message: candidateMessages.saved };
  });

  registerRoute(app, candidateRoutes.get, ({ params, caller }) => getCandidate(db, candidateScopeOf(caller), params.id));

  registerRoute(app, candidateRoutes.delete, async ({ input, caller, req }) => {
    await deleteCandidate(db, caller, candidateScopeOf(caller), input.id, req.ip);
    return { success: true, message: candidateMessages.deleted };
  });

  registerRoute(app, candidateRoutes.notify, async ({ input, caller }) => {
    await notifyCandidate(ctx, caller, candidateScopeOf(caller), input.id);
    return { success: true, message: candidateMessages.notified };
  });

  registerRoute(app, candidateRoutes.activate, async ({ input, caller }) => {
    await activateCandidate(ctx, caller, candidateScopeOf(caller), input.id);
    return { success: true, message: candidateMessages.activationSent };
  });
}
