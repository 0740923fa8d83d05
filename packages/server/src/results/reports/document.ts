import { formatVerificationKey } from "@parlance/contract";
import { PdfWriter } from "../../pdf/writer.js";
import { facts, finishWithPages, fontFor, urlLine } from "../../pdf/layout.js";
import { fitText } from "../../pdf/fonts.js";
import { drawQr } from "../../pdf/qr.js";
import { attachCredentials, type PdfCredential } from "../credentials/pdf.js";

import { levelTexts, type PdfLocale } from "./locale.js";

/** The QR code's side in points (2.1 in): a whole credential is 137 modules a side (version 30), 0.37 mm each. */
const QR_SIZE = 150;

/**
 * The report of one result: who, for whom, which test and how, the dates, the ALTA level with its
 * CEFR/ILR/ACTFL equivalents and description, the category levels and comments the evaluator
 * recorded, and the verification key with the address where anyone can check it.
 */

export interface ResultReportFacts {
  candidateName: string;
  employeeId: string;
  accountName: string;
  officeName: string | null;
  test: string;
  testLanguageCode: string;
  method: string;
  testType: string;
  assignedAt: Date;
  startedAt: Date | null;
  receivedAt: Date | null;
  scoredAt: Date | null;
  resultState: "scored" | "not_completed" | "could_not_score";
  resultValue: string | null;
  resultReason: string | null;
  /** Category levels the evaluator chose (empty when the scoring recorded none). */
  categories: { name: string; level: string }[];
  comments: string | null;
  verificationKey: string | null;
  /** Where to check a key: the verify screen and this key's own page. */
  verifyUrl: string;
  verifiedUrl: string | null;
  /** The signed credential: attached, and its QR code printed beside the key. */
  credential: PdfCredential | null;
  candidateTestId: number;
  generatedAt: Date;
}

/** Label–value rows set close, so a report with its categories and a comment fits one page. */
const FACTS = { size: 9.5, gap: 1.5, after: 6 };

export async function resultReportPdf(l: PdfLocale, f: ResultReportFacts): Promise<Buffer> {
  const { t } = l;
  const w = new PdfWriter({ title: t("title"), subject: `${f.candidateName} — ${f.test}` });

  w.text(t("title"), { bold: true, size: 17, after: 0 });
  w.text(t("reportNumber", { id: f.candidateTestId }), { size: 9, color: "#555555", after: 4 });
  w.rule();

  w.text(t("candidateSection"), { bold: true, size: 12, after: 0 });
  facts(w, [
    [t("candidate"), f.candidateName],
    [t("employeeId"), f.employeeId],
    [t("account"), f.accountName],
    [t("office"), f.officeName ?? ""],
  ], FACTS);

  w.text(t("testSection"), { bold: true, size: 12, after: 0 });
  facts(w, [
    [t("test"), f.test],
    [t("testLanguage"), l.languageName(f.testLanguageCode)],
    [t("method"), l.tr(`history.method.${f.method}`)],
    [t("testType"), t(`testTypes.${f.testType}`)],
    [t("assigned"), l.dateTime(f.assignedAt)],
    [t("started"), f.startedAt ? l.dateTime(f.startedAt) : ""],
    [t("received"), f.receivedAt ? l.dateTime(f.receivedAt) : ""],
    [t("scored"), f.scoredAt ? l.dateTime(f.scoredAt) : ""],
  ], FACTS);

  w.text(t("resultSection"), { bold: true, size: 12, after: 0 });
  const level = f.resultState === "scored" ? levelTexts(l, f.resultValue) : null;
  if (level) {
    w.text(t("altaLevel", { level: level.level }), { bold: true, size: 14, after: -2 });
    facts(w, [
      ["CEFR", level.cefr],
      ["ILR", level.ilr],
      ["ACTFL", level.actfl],
      [t("levelMeaning"), level.description],
    ], FACTS);
    w.text(t("scaleNote"), { size: 8.5, color: "#555555", after: 0 });
  } else if (f.resultState === "scored") {
    // A score outside the ALTA scale (a custom scale) is printed as given, without equivalents.
    w.text(t("score", { score: f.resultValue ?? "" }), { bold: true, size: 15 });
  } else {
    const reason = l.tr(`history.reason.${f.resultReason ?? "unknown"}`);
    w.text(l.tr(`history.status.${f.resultState}`, { reason }), { bold: true, size: 13 });
  }

  verification(w, l, f);

  if (f.categories.length > 0) {
    // Label–level rows like the equivalents above (a ruled table took twice the height).
    w.text(t("categories"), { bold: true, size: 11.5, after: 0 });
    facts(w, f.categories.map((c) => [c.name, c.level] as const), FACTS);
  }
  if (f.comments && f.comments.trim() !== "") {
    w.text(t("comments"), { bold: true, size: 11.5, after: 2 });
    w.text(f.comments, { size: 10.5 });
  }

  return finishWithPages(w, t("generated", { date: l.dateTime(f.generatedAt) }), l.pageLabel);
}

/**
 * The key block, right after the level it vouches for: the part of the report before it has a
 * fixed length, so the block always lands on page one and never alone on a nearly empty page
 * (categories and comments, of any length, follow it). Addresses are never broken mid-path.
 */
function verification(w: PdfWriter, l: PdfLocale, f: ResultReportFacts): void {
  const { t } = l;
  w.keepRoom(f.credential ? QR_SIZE + 30 : 90);
  w.rule();
  w.text(t("verificationSection"), { bold: true, size: 12, after: -2 });
  if (!f.verificationKey) return w.text(t("noKey"), { size: 10 });
  // With a credential its QR code stands at the right of the key block, the block narrowed beside it.
  const top = w.doc.y;
  const width = f.credential ? w.width - QR_SIZE - 14 : w.width;
  if (f.credential) {
    drawQr(w, f.credential.qrUrl, w.doc.page.margins.left + w.width - QR_SIZE, top, QR_SIZE);
    attachCredentials(w, [f.credential], t("credentialFile"));
  }
  line(w, formatVerificationKey(f.verificationKey), { bold: true, size: 14, width });
  line(w, t("verifyHow"), { size: 10, width });
  urlLine(w, f.verifyUrl, { size: 10, after: 2, width });
  if (f.verifiedUrl) urlLine(w, f.verifiedUrl, { size: 9, color: "#1c4fa0", width });
  if (f.credential) {
    line(w, t("qrCaption"), { size: 8.5, width, color: "#333333" });
    w.doc.y = Math.max(w.doc.y, top + QR_SIZE + 8);
  }
}

/** A paragraph of the given width at the left margin. */
function line(w: PdfWriter, text: string, o: { size: number; width: number; bold?: boolean; color?: string }): void {
  const face = fontFor(w.doc, text, o.bold ?? false);
  w.doc.fontSize(o.size).fillColor(o.color ?? "#000000").text(fitText(face, text), w.doc.page.margins.left, w.doc.y, { width: o.width, lineGap: 2 });
  w.doc.x = w.doc.page.margins.left;
  w.doc.y += 3;
}
