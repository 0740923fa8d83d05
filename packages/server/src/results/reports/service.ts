import { and, eq, inArray } from "drizzle-orm";
import { reportMessages, timeZoneById, verifiedPagePath, type Language, type reportRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { accounts, assignedTests, candidates, candidateTests, languages, offices, scoreSheets, tests } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import type { PdfFile } from "../../http/pdf.js";
import { HttpError, unprocessable } from "../../http/errors.js";
import { ensureVerificationKey } from "../verify/keys.js";
import { categoriesOf } from "../scoring/rubrics.js";
import { resultReportPdf } from "./document.js";
import { pdfCredential, signResultPdf } from "../credentials/pdf.js";
import { languageOfCandidate, pdfLocale } from "./locale.js";
import { resultsInReach } from "./scope.js";
import { summaryPdf, type SummaryRow } from "./summary-document.js";

/** The PDFs of results: one result's report (/testing/results/{id}/download) and a summary of several. */

const notFound = () => new HttpError(404, "That test result was not found.", "errors.notFound");

const resultColumns = {
  id: candidateTests.id,
  firstName: candidates.firstName,
  middleName: candidates.middleName,
  lastName: candidates.lastName,
  employeeId: candidates.employeeId,
  languageId: candidates.languageId,
  timeZoneId: candidates.timeZoneId,
  accountName: accounts.name,
  officeName: offices.name,
  test: tests.description,
  testLanguageCode: languages.code,
  method: tests.method,
  testType: tests.testType,
  assignedAt: assignedTests.createdAt,
  startedAt: candidateTests.startedAt,
  receivedAt: candidateTests.receivedAt,
  scoredAt: candidateTests.scoredAt,
  resultState: candidateTests.resultState,
  resultValue: candidateTests.resultValue,
  resultReason: candidateTests.resultReason,
  comments: scoreSheets.comments,
  categories: scoreSheets.categories,
};

/** Results in the caller's reach, by candidate test id (the rows found; the caller checks the count). */
function selectResults(db: Db, scope: Scope, ids: number[]) {
  return db
    .select(resultColumns)
    .from(candidateTests)
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(accounts, eq(accounts.id, candidates.accountId))
    .leftJoin(offices, eq(offices.id, candidates.officeId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(languages, eq(languages.id, tests.languageId))
    .leftJoin(scoreSheets, eq(scoreSheets.candidateTestId, candidateTests.id))
    .where(and(inArray(candidateTests.id, ids), resultsInReach(scope)));
}

export const fullName = (p: { firstName: string; middleName: string; lastName: string }) =>
  [p.firstName, p.middleName, p.lastName].filter((s) => s.trim() !== "").join(" ");

/** The analytic category levels the evaluator recorded, in rubric order, named as the rubric names them (English). */
function categoryLevels(type: (typeof tests.$inferSelect)["testType"], chosen: Record<string, string>): { name: string; level: string }[] {
  return categoriesOf(type)
    .filter((c) => !c.final && chosen[c.id])
    .map((c) => ({ name: c.name, level: c.levels.find((l) => l.id === chosen[c.id])?.display_as ?? chosen[c.id] }));
}

/** Absolute address of a page of the portal, as printed on paper. */
const portalUrl = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

export async function resultReport(ctx: AppContext, scope: Scope, { id }: { id: number }, now = new Date()): Promise<PdfFile> {
  const [r] = await selectResults(ctx.db, scope, [id]);
  if (!r) throw notFound();
  if (r.resultState === null) throw unprocessable(reportMessages.noResult, "resultReport.messages.noResult");
  const key = await ensureVerificationKey(ctx, r.id);
  // The candidate's report: their preferred language and their time zone.
  const locale = pdfLocale(languageOfCandidate(r.languageId), timeZoneById(r.timeZoneId).name);
  const pdf = await resultReportPdf(locale, {
    candidateName: fullName(r),
    employeeId: r.employeeId,
    accountName: r.accountName,
    officeName: r.officeName,
    test: r.test,
    testLanguageCode: r.testLanguageCode,
    method: r.method,
    testType: r.testType,
    assignedAt: r.assignedAt,
    startedAt: r.startedAt,
    receivedAt: r.receivedAt,
    scoredAt: r.scoredAt,
    resultState: r.resultState,
    resultValue: r.resultValue,
    resultReason: r.resultReason,
    categories: categoryLevels(r.testType, r.categories ?? {}),
    comments: r.comments,
    verificationKey: key,
    verifyUrl: portalUrl(ctx.config.publicUrl, "/testing/results/verify"),
    verifiedUrl: portalUrl(ctx.config.publicUrl, verifiedPagePath(key)),
    credential: await pdfCredential(ctx, ctx.db, r.id, key),
    candidateTestId: r.id,
    generatedAt: now,
  });
  return { pdf: await signResultPdf(ctx, pdf, locale.t("signatureReason")), filename: `result-${r.id}.pdf` };
}

/**
 * The summary of several results, in the caller's language (it is the caller's document, about
 * several candidates) and Eastern time. Every id must be in reach, or the answer is 404 for all.
 */
export async function resultsSummary(
  ctx: AppContext,
  scope: Scope,
  { candidate_tests: ids, language }: InputOf<typeof reportRoutes.summary> & { language: Language },
  now = new Date(),
): Promise<PdfFile> {
  const rows = await selectResults(ctx.db, scope, ids);
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: SummaryRow[] = [];
  for (const id of ids) {
    const r = byId.get(id)!;
    out.push({
      candidateName: fullName(r),
      employeeId: r.employeeId,
      test: r.test,
      method: r.method,
      date: r.receivedAt ?? r.startedAt ?? r.assignedAt,
      resultState: r.resultState,
      resultValue: r.resultValue,
      resultReason: r.resultReason,
      verificationKey: r.resultState === null ? null : await ensureVerificationKey(ctx, r.id),
    });
  }
  const pdf = await summaryPdf(pdfLocale(language, timeZoneById(null).name), out, {
    verifyUrl: portalUrl(ctx.config.publicUrl, "/testing/results/verify"),
    generatedAt: now,
  });
  return { pdf, filename: "results-summary.pdf" };
}
