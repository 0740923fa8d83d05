import { reportMessages, timeZoneById, type reportRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { unprocessable } from "../../http/errors.js";
import type { PdfFile } from "../../http/pdf.js";
import { getCandidate } from "../../candidates/index.js";
import { ensureVerificationKey } from "../verify/keys.js";
import { languageOfCandidate, pdfLocale } from "../reports/locale.js";
import { certificatePdf } from "./document.js";
import { pdfCredential, signResultPdf } from "../credentials/pdf.js";

/**
 * /testing/candidates/{id}/certificate?type=&min_test_date=: the certificate the candidate
 * qualifies for. Which tests a certificate covers is decided once, by the candidates area
 * (getCandidate's `certificates`: kace the last 5 years, multicare on or after 2025-01-01); the
 * same call scopes the candidate (another account's or office's answers 404). `min_test_date`
 * may narrow a certificate to later tests, never widen it past its rule.
 */
export async function candidateCertificate(
  ctx: AppContext,
  scope: Scope,
  { id: candidateId, type, min_test_date: minTestDate }: { id: number } & InputOf<typeof reportRoutes.certificate>,
  now = new Date(),
): Promise<PdfFile> {
  const candidate = await getCandidate(ctx, scope, { id: candidateId }, now);
  const cert = candidate.certificates.find((c) => c.type === type);
  const from = cert && minTestDate && minTestDate > cert.minTestDate ? minTestDate : cert?.minTestDate;
  const covered = cert?.tests.filter((t) => from !== undefined && t.date >= from) ?? [];
  if (!cert || from === undefined || covered.length === 0) throw unprocessable(reportMessages.notQualified, "resultReport.messages.notQualified");

  const results = [];
  const credentials = [];
  for (const t of covered) {
    const verificationKey = await ensureVerificationKey(ctx, t.candidateTestId);
    results.push({ test: t.description, date: t.date, level: t.score, verificationKey });
    const credential = await pdfCredential(ctx, ctx.db, t.candidateTestId, verificationKey);
    if (credential) credentials.push(credential);
  }
  // The candidate's certificate: their language and time zone.
  const locale = pdfLocale(languageOfCandidate(candidate.languageId), timeZoneById(candidate.timeZoneId).name);
  const pdf = await certificatePdf(locale, {
    type,
    candidateName: [candidate.firstName, candidate.middleName, candidate.lastName].filter((s) => s.trim() !== "").join(" "),
    minTestDate: from,
    results,
    verifyUrl: new URL("/testing/results/verify", ctx.config.publicUrl).toString(),
    issuedAt: now,
    credentials,
  });
  return { pdf: await signResultPdf(ctx, pdf, locale.t("signatureReason")), filename: `${type}-certificate-${candidate.id}.pdf` };
}
