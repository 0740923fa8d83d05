import { eq } from "drizzle-orm";
import { scoringMessages, type scoringParams, DATE_STYLE, DATE_TIME_STYLE } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assignedTests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { HttpError } from "../../http/errors.js";
import type { PdfFile } from "../../http/pdf.js";
import { paperTestPdf } from "../../taking/index.js";
import { scoreableFor } from "./access.js";
import { scoringContentOf } from "./scoreable-content.js";

/**
 * GET /testing/results/{id}/paper_test_pdf: the paper test the candidate wrote on, for its
 * evaluator to score the scanned responses against (the same booklet as the candidate's, dated in
 * the provider's zone). Answer keys stay out of the PDF; the scoring page shows them.
 */
export async function evaluatorPaperPdf(ctx: AppContext, scope: Scope, { id }: z.output<typeof scoringParams>): Promise<PdfFile> {
  const s = await scoreableFor(ctx.db, scope, id);
  const content = s.method === "paper" ? await scoringContentOf(ctx.db, s) : null;
  if (!content) throw new HttpError(404, scoringMessages.retrieveFailure, "scoringApi.messages.retrieveFailure");
  const [assigned] = await ctx.db.select({ expiresAt: assignedTests.expiresAt }).from(assignedTests).where(eq(assignedTests.id, s.assignedTestId));
  const fmt = (d: Date, withTime: boolean) =>
    new Intl.DateTimeFormat("en-US", { ...(withTime ? DATE_TIME_STYLE : DATE_STYLE), timeZone: "America/New_York" }).format(d);
  const pdf = await paperTestPdf(content, {
    testName: s.description,
    candidateName: s.candidateName,
    accessCode: s.accessCode,
    assignedTestId: s.assignedTestId,
    timeLimitMinutes: s.timeLimitMinutes ? s.timeLimitMinutes * (s.adjustments ? 2 : 1) : null,
    expires: fmt(assigned.expiresAt, false),
    printed: fmt(new Date(), true),
  });
  return { pdf, filename: `paper-test-${s.id}.pdf` };
}
