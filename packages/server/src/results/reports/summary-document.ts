import { formatVerificationKey } from "@parlance/contract";
import { PdfWriter } from "../../pdf/writer.js";
import { finishWithPages, table, urlLine } from "../../pdf/layout.js";
import { levelTexts, type PdfLocale } from "./locale.js";

/** The summary of several results: one table row per test, with level, equivalents and key. */

export interface SummaryRow {
  candidateName: string;
  employeeId: string;
  test: string;
  method: string;
  date: Date;
  resultState: "scored" | "not_completed" | "could_not_score" | null;
  resultValue: string | null;
  resultReason: string | null;
  verificationKey: string | null;
}

function resultText(l: PdfLocale, r: SummaryRow): { result: string; equivalents: string } {
  if (r.resultState === null) return { result: l.t("summary.noResult"), equivalents: "" };
  if (r.resultState !== "scored") {
    return { result: l.tr(`history.status.${r.resultState}`, { reason: l.tr(`history.reason.${r.resultReason ?? "unknown"}`) }), equivalents: "" };
  }
  const level = levelTexts(l, r.resultValue);
  if (!level) return { result: r.resultValue ?? "", equivalents: "" };
  return { result: level.level, equivalents: `${level.cefr} / ${level.ilr} / ${level.actfl}` };
}

export async function summaryPdf(l: PdfLocale, rows: SummaryRow[], o: { verifyUrl: string; generatedAt: Date }): Promise<Buffer> {
  const { t } = l;
  // PdfWriter needs a subject: pdfkit fails on an undefined info entry.
  const w = new PdfWriter({ title: t("summary.title"), subject: t("summary.count", { count: rows.length }) });
  w.text(t("summary.title"), { bold: true, size: 18, after: 2 });
  w.text(t("summary.count", { count: rows.length }), { size: 10, color: "#555555", after: 6 });
  // Four columns, so a key (24 characters) fits on one line of a portrait page.
  table(
    w,
    [
      { header: t("summary.candidate"), share: 2.3 },
      { header: t("summary.test"), share: 3 },
      { header: t("summary.result"), share: 2.6 },
      { header: t("summary.key"), share: 3.2 },
    ],
    rows.map((r) => {
      const { result, equivalents } = resultText(l, r);
      return [
        r.employeeId ? `${r.candidateName} (${r.employeeId})` : r.candidateName,
        `${r.test} (${l.tr(`history.method.${r.method}`)})\n${l.day(r.date)}`,
        equivalents ? `${result}\n${equivalents}` : result,
        r.verificationKey ? formatVerificationKey(r.verificationKey) : "—",
      ];
    }),
    { size: 8.5 },
  );
  w.text(t("summary.verifyHow"), { size: 9.5, after: 0 });
  urlLine(w, o.verifyUrl, { size: 9.5 });
  w.text(t("scaleNote"), { size: 9, color: "#555555" });
  return finishWithPages(w, t("generated", { date: l.dateTime(o.generatedAt) }), l.pageLabel);
}
