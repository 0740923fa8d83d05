import { scoringMessages, type scoringRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { sendBytes } from "../../http/byte-range.js";
import { sendPdf } from "../../http/pdf.js";
import { scoreableTests } from "./scoreable-tests.js";
import { scoreableContent } from "./scoreable-content.js";
import { markNoShow, submitResults } from "./submit.js";
import { evaluatorMedia, grantEvaluatorAudio } from "./media.js";
import { evaluatorPaperPdf } from "./paper-pdf.js";

/** The evaluator's scoring routes (docs/scoring.md); the logic is in the modules beside this one. */
export const scoringHandlers = (ctx: AppContext): AreaHandlers<typeof scoringRoutes> => ({
  scoreableTests: ({ scope, params }) => scoreableTests(ctx, scope, params),
  scoreableContent: ({ scope, params }) => scoreableContent(ctx, scope, params),
  submitResults: ({ scope, params, input }) => submitResults(ctx, scope, params, input),
  noShow: ({ scope, params }) => markNoShow(ctx, scope, params),
  grantAudio: ({ scope, params, input }) => grantEvaluatorAudio(ctx, scope, { ...params, ...input }),
  media: async ({ scope, params, input, req, reply }) =>
    sendBytes(req, reply, await evaluatorMedia(ctx, scope, { ...params, ...input }), () => new HttpError(416, scoringMessages.noAudio, "scoringApi.messages.noAudio")),
  paperTestPdf: async ({ scope, params, reply }) => sendPdf(reply, await evaluatorPaperPdf(ctx, scope, params)),
});
