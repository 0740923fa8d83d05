import PDFDocument from "pdfkit";
import { faceFor, fitText, pdfFonts, type FontFace, type PdfFontSet } from "./fonts.js";

/**
 * A small layer over pdfkit for printed forms: paragraphs in the right font for their script,
 * right-to-left paragraphs, answer lines and tick boxes, and a footer on every page.
 *
 * Right to left: fontkit (inside pdfkit) shapes Arabic (joined letter forms) and lays out a run
 * whose script is right-to-left from right to left. Lines are broken in reading order and set
 * flush right, so a paragraph in one RTL script reads correctly; there is no full bidi algorithm,
 * so digits and Latin words inside Arabic text may come out in the wrong order.
 */

export interface TextOptions {
  bold?: boolean;
  size?: number;
  rtl?: boolean;
  indent?: number;
  /** Space after the paragraph, in points. */
  after?: number;
  color?: string;
}

const MARGIN = 56;

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly fonts: PdfFontSet = pdfFonts();
  private readonly registered = new Set<string>();

  constructor(info: { title: string; subject?: string }) {
    this.doc = new PDFDocument({ size: "LETTER", margin: MARGIN, bufferPages: true, info: { Title: info.title, Subject: info.subject, Creator: "Parlance" } });
  }

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private use(face: FontFace): void {
    if (!face.embedded) {
      this.doc.font(face.src);
      return;
    }
    const name = `${face.src}#${face.family ?? ""}`;
    if (!this.registered.has(name)) {
      this.doc.registerFont(name, face.src, face.family);
      this.registered.add(name);
    }
    this.doc.font(name);
  }

  /** Starts a new page when fewer than `height` points are left on this one. */
  keepRoom(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN - 20) this.doc.addPage();
  }

  /** A paragraph (blank lines in `text` separate paragraphs). */
  text(text: string, o: TextOptions = {}): void {
    const face = faceFor(this.fonts, text, o.bold ?? false);
    this.use(face);
    const indent = o.indent ?? 0;
    this.doc.fontSize(o.size ?? 11).fillColor(o.color ?? "#000000");
    this.keepRoom(this.doc.currentLineHeight(true) * 2);
    this.doc.text(fitText(face, text.trim()), MARGIN + indent, this.doc.y, {
      width: this.width - indent,
      align: o.rtl ? "right" : "left",
      lineGap: 3,
      paragraphGap: 6,
    });
    this.doc.moveDown((o.after ?? 6) / this.doc.currentLineHeight(true));
  }

  /** Ruled lines to write an answer on. */
  answerLines(count: number, indent = 0): void {
    const gap = 24;
    for (let i = 0; i < count; i++) {
      this.keepRoom(gap);
      const y = this.doc.y + gap - 4;
      this.doc.moveTo(MARGIN + indent, y).lineTo(MARGIN + this.width, y).lineWidth(0.6).strokeColor("#888888").stroke();
      this.doc.y += gap;
    }
    this.doc.y += 8;
  }

  /** A tick box with its label (a choice of a multiple-choice question). */
  choice(label: string, o: { indent?: number; rtl?: boolean } = {}): void {
    const indent = o.indent ?? 0;
    const box = 10;
    const face = faceFor(this.fonts, label, false);
    this.use(face);
    this.doc.fontSize(11).fillColor("#000000");
    this.keepRoom(this.doc.currentLineHeight(true) + 6);
    const y = this.doc.y;
    const textWidth = this.width - indent - box - 8;
    const boxX = o.rtl ? MARGIN + this.width - box : MARGIN + indent;
    this.doc.rect(boxX, y + 1.5, box, box).lineWidth(0.8).strokeColor("#000000").stroke();
    const textX = o.rtl ? MARGIN + indent : MARGIN + indent + box + 8;
    this.doc.text(fitText(face, label), textX, y, { width: textWidth, align: o.rtl ? "right" : "left", lineGap: 2 });
    this.doc.y += 5;
  }

  /** A thin rule across the page. */
  rule(): void {
    this.keepRoom(16);
    const y = this.doc.y + 4;
    this.doc.moveTo(MARGIN, y).lineTo(MARGIN + this.width, y).lineWidth(0.8).strokeColor("#444444").stroke();
    this.doc.y = y + 12;
  }

  /** Writes `left` and "Page x of y" at the foot of every page, then the finished file. */
  async finish(footer: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    this.doc.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve, reject) => {
      this.doc.on("end", () => resolve());
      this.doc.on("error", reject);
    });
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const face = faceFor(this.fonts, footer, false);
      this.use(face);
      const y = this.doc.page.height - MARGIN + 16;
      // Writing below the bottom margin would start a new page: lift the margin for the footer.
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc.fontSize(8).fillColor("#555555");
      this.doc.text(fitText(face, footer), MARGIN, y, { width: this.width / 2, lineBreak: false });
      this.doc.text(`Page ${i + 1} of ${range.count}`, MARGIN + this.width / 2, y, { width: this.width / 2, align: "right", lineBreak: false });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    await done;
    return Buffer.concat(chunks);
  }
}
