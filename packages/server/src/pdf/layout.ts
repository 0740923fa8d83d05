import { faceFor, fitText, pdfFonts, type FontFace } from "./fonts.js";
import type { PdfWriter } from "./writer.js";

/**
 * Layout for reports and certificates on top of PdfWriter: label–value lists, ruled tables that
 * repeat their header on a new page, and page numbers in the reader's language. Every run of
 * text is set in the font for its script (fonts.ts), so Chinese labels beside Latin names work.
 */

type Doc = PDFKit.PDFDocument;

const registered = new WeakMap<Doc, Set<string>>();

/** Selects the font for `text` (registering embedded faces once per document). */
export function fontFor(doc: Doc, text: string, bold = false): FontFace {
  const face = faceFor(pdfFonts(), text, bold);
  if (!face.embedded) {
    doc.font(face.src);
    return face;
  }
  const name = `${face.src}#${face.family ?? ""}`;
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(name)) {
    doc.registerFont(name, face.src, face.family);
    names.add(name);
  }
  doc.font(name);
  return face;
}

const left = (doc: Doc) => doc.page.margins.left;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom - 20;

/** Height of `text` in a cell of `width` at `size` points, in its own font. */
function cellHeight(doc: Doc, text: string, width: number, size: number, bold: boolean): number {
  const face = fontFor(doc, text, bold);
  doc.fontSize(size);
  return doc.heightOfString(fitText(face, text || " "), { width, lineGap: 1 });
}

function cellText(doc: Doc, text: string, x: number, y: number, width: number, o: { size: number; bold?: boolean; color?: string; align?: "left" | "right" | "center" }): void {
  const face = fontFor(doc, text, o.bold ?? false);
  doc.fontSize(o.size).fillColor(o.color ?? "#000000");
  doc.text(fitText(face, text), x, y, { width, lineGap: 1, align: o.align ?? "left" });
}

/** A centred line or paragraph (titles and names of certificates). */
export function centered(w: PdfWriter, text: string, o: { size?: number; bold?: boolean; color?: string; after?: number } = {}): void {
  const doc = w.doc;
  const face = fontFor(doc, text, o.bold ?? false);
  doc.fontSize(o.size ?? 11).fillColor(o.color ?? "#000000");
  doc.text(fitText(face, text), left(doc), doc.y, { width: w.width, align: "center", lineGap: 2 });
  doc.x = left(doc);
  doc.y += o.after ?? 6;
}

/**
 * An address on one line of its own, never broken: a line break after a "/" would print a path
 * nobody can type back. A long address is set smaller until it fits the width.
 */
export function urlLine(w: PdfWriter, url: string, o: { size?: number; color?: string; after?: number; width?: number } = {}): void {
  const doc = w.doc;
  const face = fontFor(doc, url);
  const width = o.width ?? w.width;
  let size = o.size ?? 10;
  doc.fontSize(size);
  while (size > 6 && doc.widthOfString(url) > width) doc.fontSize((size -= 0.5));
  if (doc.y + doc.currentLineHeight(true) > bottomLimit(doc)) doc.addPage();
  const y = doc.y;
  doc.fillColor(o.color ?? "#000000").text(fitText(face, url), left(doc), y, { width, lineBreak: false });
  doc.x = left(doc);
  doc.y = y + doc.currentLineHeight(true) + (o.after ?? 6);
}

/** Label–value pairs in two columns (labels grey), e.g. the candidate and test facts of a report. */
export function facts(w: PdfWriter, pairs: readonly (readonly [string, string])[], o: { labelShare?: number; size?: number; gap?: number; after?: number } = {}): void {
  const doc = w.doc;
  const size = o.size ?? 10;
  const labelWidth = w.width * (o.labelShare ?? 0.32);
  const valueWidth = w.width - labelWidth - 8;
  for (const [label, value] of pairs) {
    const shown = value.trim() === "" ? "—" : value;
    const h = Math.max(cellHeight(doc, label, labelWidth, size, false), cellHeight(doc, shown, valueWidth, size, false));
    if (doc.y + h > bottomLimit(doc)) doc.addPage();
    const y = doc.y;
    cellText(doc, label, left(doc), y, labelWidth, { size, color: "#555555" });
    cellText(doc, shown, left(doc) + labelWidth + 8, y, valueWidth, { size });
    doc.x = left(doc);
    doc.y = y + h + (o.gap ?? 3);
  }
  doc.y += o.after ?? 2;
}

export interface Column {
  header: string;
  /** Share of the table's width (the shares are scaled to fill it). */
  share: number;
  align?: "left" | "right" | "center";
}

/** A ruled table; a row never splits across pages, and the header is repeated on each page. */
export function table(w: PdfWriter, columns: readonly Column[], rows: readonly (readonly string[])[], o: { size?: number } = {}): void {
  const doc = w.doc;
  const size = o.size ?? 9;
  const pad = 4;
  const total = columns.reduce((s, c) => s + c.share, 0);
  const widths = columns.map((c) => (w.width * c.share) / total);
  const xs = widths.map((_, i) => left(doc) + widths.slice(0, i).reduce((s, x) => s + x, 0));

  const rowHeight = (cells: readonly string[], bold: boolean) =>
    Math.max(...cells.map((c, i) => cellHeight(doc, c, widths[i] - 2 * pad, size, bold))) + 2 * pad;

  const drawRow = (cells: readonly string[], header: boolean) => {
    const h = rowHeight(cells, header);
    const y = doc.y;
    if (header) doc.rect(left(doc), y, w.width, h).fillColor("#eef1f5").fill();
    cells.forEach((c, i) => cellText(doc, c, xs[i] + pad, y + pad, widths[i] - 2 * pad, { size, bold: header, align: columns[i].align }));
    doc.moveTo(left(doc), y + h).lineTo(left(doc) + w.width, y + h).lineWidth(header ? 0.8 : 0.4).strokeColor(header ? "#444444" : "#bbbbbb").stroke();
    doc.x = left(doc);
    doc.y = y + h;
  };

  const headers = columns.map((c) => c.header);
  if (doc.y + rowHeight(headers, true) * 2 > bottomLimit(doc)) doc.addPage();
  drawRow(headers, true);
  for (const row of rows) {
    if (doc.y + rowHeight(row, false) > bottomLimit(doc)) {
      doc.addPage();
      drawRow(headers, true);
    }
    drawRow(row, false);
  }
  doc.y += 10;
}

/**
 * Writes `footer` and a page label in the reader's language ("Page 1 of 2", "第 1 页，共 2 页") at
 * the foot of every page, then ends the document and returns its bytes.
 */
export async function finishWithPages(w: PdfWriter, footer: string, pageLabel: (page: number, pages: number) => string): Promise<Buffer> {
  const doc = w.doc;
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - doc.page.margins.bottom + 16;
    // Writing below the bottom margin would start a new page: lift the margin for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const label = pageLabel(i + 1, range.count);
    let face = fontFor(doc, footer);
    doc.fontSize(8).fillColor("#555555");
    doc.text(fitText(face, footer), left(doc), y, { width: w.width * 0.7, lineBreak: false });
    face = fontFor(doc, label);
    doc.fontSize(8).fillColor("#555555");
    doc.text(fitText(face, label), left(doc) + w.width * 0.7, y, { width: w.width * 0.3, align: "right", lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
