import { eq } from "drizzle-orm";
import { takingPaperMessages, timeZoneById, type takingParams, DATE_STYLE, DATE_TIME_STYLE } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assignedTests, candidates, candidateTests, tests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { unprocessable } from "../../http/errors.js";
import type { PdfFile } from "../../http/pdf.js";
import { audit } from "../../audit/audit.js";
import { contentOf, newestVersion } from "../../content/read.js";
import { heldTest, refuse, startRefusal, startValues } from "../../attempts/index.js";
import { proctorStepsLeft } from "../../proctoring/index.js";
import { paperTestPdf } from "./document.js";

/** GET /testing/tests/{id}/pdf: the paper test the session holds, once its proctor steps are done. */
export async function paperTest(ctx: AppContext, scope: Scope, { id }: z.output<typeof takingParams>): Promise<PdfFile> {
  const now = new Date();
  const held = await heldTest(ctx.db, scope, id);
  if (held.method !== "paper") throw unprocessable(takingPaperMessages.notPaper, "delivery.notPaper");
  // Responses already received count as taken, whatever the assigned test's state says.
  const refusal = !held.deletedAt && held.attempt?.state === "received" ? "alreadySubmitted" : startRefusal(held, now);
  if (refusal) throw refuse(refusal);
  // The proctor receives the paper: the agreement (and the exam password with the proctor service) come first.
  if (await proctorStepsLeft(ctx.db, held)) throw refuse("needsProctor");
  const versionId = await newestVersion(ctx.db, held.testId);
  if (versionId === null) throw refuse("accessFailure");
  const content = await contentOf(ctx.db, versionId);

  const [who] = await ctx.db
    .select({
      firstName: candidates.firstName,
      middleName: candidates.middleName,
      lastName: candidates.lastName,
      timeZoneId: candidates.timeZoneId,
      accessCode: assignedTests.accessCode,
      testName: tests.description,
      timeLimitMinutes: tests.timeLimitMinutes,
    })
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(eq(assignedTests.id, id));
  // Printed for the candidate's desk: dates in their time zone (the PDF is in English, as the test's instructions are).
  const zone = timeZoneById(who.timeZoneId);
  const fmt = (d: Date, withTime: boolean) =>
    new Intl.DateTimeFormat("en-US", { ...(withTime ? DATE_TIME_STYLE : DATE_STYLE), timeZone: zone.name }).format(d) + (withTime ? ` (${zone.displayAs})` : "");
  const pdf = await paperTestPdf(content, {
    testName: who.testName,
    candidateName: [who.firstName, who.middleName, who.lastName].filter(Boolean).join(" "),
    accessCode: who.accessCode,
    assignedTestId: id,
    timeLimitMinutes: who.timeLimitMinutes ? who.timeLimitMinutes * (held.adjustments ? 2 : 1) : null,
    expires: fmt(held.expiresAt, false),
    printed: fmt(now, true),
  });

  // The first download makes the paper outstanding (history: sent out, responses not back yet).
  if (!held.attempt) {
    await ctx.db
      .insert(candidateTests)
      .values(startValues("outstanding", { assignedTestId: id, candidateId: held.candidateId, accountId: held.accountId, startedAt: now }))
      .onConflictDoNothing({ target: candidateTests.assignedTestId });
  }
  await audit(ctx, { actor: scope, accountId: held.accountId, action: "taking.paper_download", targetType: "assigned_test", targetId: id, details: {} });
  return { pdf, filename: `${who.accessCode.replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
}
