import { formatVerificationKey, type CertificateType } from "@parlance/contract";
import { PdfWriter } from "../../pdf/writer.js";
import { centered, finishWithPages, table, urlLine } from "../../pdf/layout.js";
import { levelTexts, type PdfLocale } from "../reports/locale.js";
import { drawQr } from "../../pdf/qr.js";
import { attachCredentials, type PdfCredential } from "../credentials/pdf.js";

/**
 * A certificate: the candidate's name, what it covers (its rule and first day), and every
 * covered result with its level, equivalents and verification key, inside a printed frame.
 */

export interface CertificateFacts {
  type: CertificateType;
  candidateName: string;
  /** The first test day covered (YYYY-MM-DD). */
  minTestDate: string;
  results: { test: string; date: string; level: string; verificationKey: string }[];
  verifyUrl: string;
  issuedAt: Date;
  /** The signed credential of each result: attached, and a QR code each. */
  credentials: PdfCredential[];
}

/** A QR code's side in points (1.9 in): a whole credential each. */
const QR_SIZE = 138;

/** The QR codes, three to a row, each over its result's key. */
function qrCodes(w: PdfWriter, l: PdfLocale, credentials: readonly PdfCredential[]): void {
  if (credentials.length === 0) return;
  w.text(l.t("certificate.qrCaption"), { size: 9.5, after: 4 });
  const gap = (w.width - 3 * QR_SIZE) / 2;
  for (let i = 0; i < credentials.length; i += 3) {
    w.keepRoom(QR_SIZE + 20);
    const y = w.doc.y;
    credentials.slice(i, i + 3).forEach((c, j) => {
      const x = w.doc.page.margins.left + j * (QR_SIZE + gap);
      drawQr(w, c.qrUrl, x, y, QR_SIZE);
      w.doc.fontSize(8).fillColor("#333333").text(formatVerificationKey(c.verificationKey), x, y + QR_SIZE + 2, { width: QR_SIZE, align: "center", lineBreak: false });
    });
    w.doc.x = w.doc.page.margins.left;
    w.doc.y = y + QR_SIZE + 16;
  }
}

function frame(w: PdfWriter): void {
  const doc = w.doc;
  const inset = 24;
  doc.rect(inset, inset, doc.page.width - 2 * inset, doc.page.height - 2 * inset).lineWidth(2).strokeColor("#1c4fa0").stroke();
  doc.rect(inset + 5, inset + 5, doc.page.width - 2 * inset - 10, doc.page.height - 2 * inset - 10).lineWidth(0.6).strokeColor("#1c4fa0").stroke();
}

export async function certificatePdf(l: PdfLocale, f: CertificateFacts): Promise<Buffer> {
  const t = (key: string, vars?: Record<string, string | number>) => l.t(`certificate.${key}`, vars);
  const w = new PdfWriter({ title: t("title"), subject: `${t(`types.${f.type}`)} — ${f.candidateName}` });
  frame(w);
  w.doc.on("pageAdded", () => frame(w));

  w.doc.y += 24;
  centered(w, t("title"), { size: 24, bold: true, color: "#1c4fa0", after: 4 });
  centered(w, t(`types.${f.type}`), { size: 13, color: "#444444", after: 28 });
  centered(w, t("certifies"), { size: 12, after: 10 });
  centered(w, f.candidateName, { size: 22, bold: true, after: 10 });
  centered(w, t("achieved"), { size: 12, after: 6 });
  centered(w, t(`coverage.${f.type}`, { date: l.day(f.minTestDate) }), { size: 10, color: "#555555", after: 22 });

  // Three columns, so a key (24 characters) fits on one line of a portrait page.
  table(
    w,
    [
      { header: t("test"), share: 3.4 },
      { header: t("level"), share: 2.6 },
      { header: t("key"), share: 3.2 },
    ],
    f.results.map((r) => {
      const level = levelTexts(l, r.level);
      return [`${r.test}\n${l.day(r.date)}`, level ? `${r.level}\n${level.cefr} / ${level.ilr} / ${level.actfl}` : r.level, formatVerificationKey(r.verificationKey)];
    }),
    { size: 9.5 },
  );

  w.text(t("verifyHow"), { size: 9.5, after: 0 });
  // The address on a line of its own, whole: a link broken mid-path cannot be typed back.
  urlLine(w, f.verifyUrl, { size: 9.5 });
  w.text(l.t("scaleNote"), { size: 9, color: "#555555", after: 10 });
  attachCredentials(w, f.credentials, t("credentialFile"));
  qrCodes(w, l, f.credentials);
  centered(w, t("issued", { date: l.day(f.issuedAt) }), { size: 11 });
  return finishWithPages(w, t(`types.${f.type}`), l.pageLabel);
}
