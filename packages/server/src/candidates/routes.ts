import { candidateMessages, type candidateRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { candidateDownload } from "./csv.js";
import { deleteCandidate, getCandidate, searchCandidates } from "./service.js";
import { getCandidateForm, saveCandidate } from "./form-service.js";
import { activateCandidate, notifyCandidate } from "./outreach.js";

/** /api/candidates/*: each route a thin call into the service. */
export const candidateHandlers = (ctx: AppContext): AreaHandlers<typeof candidateRoutes> => ({
  search: ({ input, scope }) => searchCandidates(ctx, scope, input),
  download: async ({ input, scope, reply }) => {
    const stream = await candidateDownload(ctx, scope, input);
    reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="candidates.csv"')
      .header("cache-control", "no-store");
    // Fastify pipes a returned stream to the response.
    return stream as unknown as string;
  },
  form: ({ input, scope }) => getCandidateForm(ctx, scope, input),
  edit: async ({ input, scope }) => ({ success: true, id: await saveCandidate(ctx, scope, input), message: candidateMessages.saved }),
  get: ({ params, scope }) => getCandidate(ctx, scope, params),
  delete: async ({ input, scope }) => {
    await deleteCandidate(ctx, scope, input);
    return { success: true, message: candidateMessages.deleted };
  },
  notify: async ({ input, scope }) => {
    await notifyCandidate(ctx, scope, input);
    return { success: true, message: candidateMessages.notified };
  },
  activate: async ({ input, scope }) => {
    await activateCandidate(ctx, scope, input);
    return { success: true, message: candidateMessages.activationSent };
  },
});
