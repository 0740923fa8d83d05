import type { reportRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { sendPdf } from "../../http/pdf.js";
import { candidateCertificate } from "../certificates/service.js";
import { resultReport, resultsSummary } from "./service.js";

/**
 * The result PDFs: page paths of the portal the browser opens as links (a registered route
 * answers before the web app's fallback). Each is private to its reader: never cached.
 */
export const reportHandlers = (ctx: AppContext): AreaHandlers<typeof reportRoutes> => ({
  download: async ({ params, scope, reply }) => sendPdf(reply, await resultReport(ctx, scope, params)),
  // The summary is the reader's own document: in the language of this request.
  summary: async ({ input, scope, req, reply }) => sendPdf(reply, await resultsSummary(ctx, scope, { ...input, language: req.language })),
  certificate: async ({ params, input, scope, reply }) => sendPdf(reply, await candidateCertificate(ctx, scope, { ...params, ...input })),
});
