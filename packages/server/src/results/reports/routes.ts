import type { FastifyInstance, FastifyReply } from "fastify";
import { reportRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { registerRoute } from "../../http/register-route.js";
import { candidateCertificate } from "../certificates/service.js";
import { resultReport, resultsSummary } from "./service.js";

/**
 * The result PDFs: page paths of the portal the browser opens as links (a registered route
 * answers before the web app's fallback). Each is private to its reader: never cached.
 */
function sendPdf(reply: FastifyReply, file: { pdf: Buffer; filename: string }): string {
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store");
  return file.pdf as unknown as string;
}

export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, reportRoutes.download, async ({ params, caller, reply }) => sendPdf(reply, await resultReport(ctx, caller, params.id)));

  registerRoute(app, reportRoutes.summary, async ({ input, caller, req, reply }) =>
    sendPdf(reply, await resultsSummary(ctx, caller, req.language, input.candidate_tests)),
  );

  registerRoute(app, reportRoutes.certificate, async ({ params, input, caller, reply }) =>
    sendPdf(reply, await candidateCertificate(ctx, caller, params.id, input.type, input.min_test_date)),
  );
}
