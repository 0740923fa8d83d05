import type { FastifyInstance } from "fastify";
import { scoringMessages, scoringRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { registerRoute } from "../http/register-route.js";
import { HttpError } from "../http/errors.js";
import { parseRange } from "../taking/media/range.js";
import { scoreableTests } from "./scoreable-tests.js";
import { scoreableContent } from "./scoreable-content.js";
import { markNoShow, submitResults } from "./submit.js";
import { evaluatorMedia, grantEvaluatorAudio } from "./evaluator-media.js";
import { evaluatorPaperPdf } from "./paper-pdf.js";

/** The evaluator's scoring routes (docs/scoring.md); the logic is in the modules beside this one. */
export function registerScoringRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerRoute(app, scoringRoutes.scoreableTests, ({ caller, params }) => scoreableTests(ctx, caller, params.id));
  registerRoute(app, scoringRoutes.scoreableContent, ({ caller, params }) => scoreableContent(ctx, caller, params.id));
  registerRoute(app, scoringRoutes.submitResults, ({ caller, params, input, req }) => submitResults(ctx, caller, params.id, input, { ip: req.ip }));
  registerRoute(app, scoringRoutes.noShow, ({ caller, params, req }) => markNoShow(ctx, caller, params.id, { ip: req.ip }));
  registerRoute(app, scoringRoutes.grantAudio, ({ caller, params, input, req }) => grantEvaluatorAudio(ctx, caller, params.id, input.item, req.ip));
  registerRoute(app, scoringRoutes.media, async ({ caller, params, input, req, reply }) => {
    const file = await evaluatorMedia(ctx, caller, params.id, input.item);
    const size = file.data.length;
    const range = parseRange(req.headers.range, size);
    if (range === "unsatisfiable") {
      reply.header("content-range", `bytes */${size}`);
      throw new HttpError(416, scoringMessages.noAudio, "scoringApi.messages.noAudio");
    }
    reply
      .header("content-type", file.contentType)
      .header("accept-ranges", "bytes")
      .header("cache-control", file.limited ? "private, no-store" : "private, max-age=300")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    if (range === null) {
      reply.header("content-length", size);
      return file.data as unknown as string;
    }
    reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`).header("content-length", range.end - range.start + 1);
    return file.data.subarray(range.start, range.end + 1) as unknown as string;
  });
  registerRoute(app, scoringRoutes.paperTestPdf, async ({ caller, params, reply }) => {
    const { pdf, filename } = await evaluatorPaperPdf(ctx, caller, params.id);
    reply.header("content-type", "application/pdf").header("content-disposition", `attachment; filename="${filename}"`).header("cache-control", "no-store");
    return pdf as unknown as string;
  });
}
