import { ACTFL_TEXT, ALTA_SCALE, EVALUATOR_DOCUMENTS, type EvaluatorDocumentKey, type Language } from "@parlance/contract";
import { PdfWriter } from "../pdf/writer.js";
import { centered, finishWithPages, table } from "../pdf/layout.js";
import type { PdfFile } from "../http/pdf.js";
import { notFound } from "../http/errors.js";
import { translate } from "../i18n/catalog.js";
import { SCORING_GUIDE } from "./scoring-guide-text.js";

/**
 * The evaluator documents of /help/documents (spec §2: "Files at /files/*.pdf are evaluator
 * documents"), written by our PDF tooling in the reader's language. Both are made from the data
 * the screens use (the scoring rules, the ALTA scale table), so they never drift from the portal.
 */

const pageLabel = (language: Language) => (page: number, pages: number) => translate(language, "resultReport.page", { page, pages });

async function scoringGuide(language: Language): Promise<Buffer> {
  const text = SCORING_GUIDE[language];
  const w = new PdfWriter({ title: text.title, subject: text.subtitle });
  centered(w, text.title, { size: 18, bold: true, after: 4 });
  centered(w, text.subtitle, { size: 10, color: "#555555", after: 14 });
  for (const section of text.sections) {
    w.keepRoom(80);
    w.text(section.heading, { bold: true, size: 13, after: 2 });
    for (const paragraph of section.paragraphs) w.text(paragraph, { size: 10.5 });
  }
  return finishWithPages(w, text.footer, pageLabel(language));
}

async function testingScales(language: Language): Promise<Buffer> {
  const tr = (key: string) => translate(language, `scales.${key}`);
  const title = tr("title");
  const w = new PdfWriter({ title, subject: tr("caption") });
  centered(w, title, { size: 18, bold: true, after: 10 });
  w.text(tr("intro"), { size: 10.5 });
  w.text(tr("scaleNames"), { size: 9, color: "#444444", after: 10 });
  table(
    w,
    [
      { header: tr("columns.level"), share: 1.1, align: "center" },
      { header: tr("columns.cefr"), share: 1, align: "center" },
      { header: tr("columns.ilr"), share: 0.8, align: "center" },
      { header: tr("columns.actfl"), share: 1.6 },
      { header: tr("columns.description"), share: 4.5 },
    ],
    ALTA_SCALE.map((l) => [l.level, l.cefr, l.ilr, translate(language, `scales.actfl.${l.actfl}`) || ACTFL_TEXT[l.actfl], tr(`levels.${l.key}`)]),
  );
  w.text(tr("note"), { size: 9, color: "#444444" });
  return finishWithPages(w, title, pageLabel(language));
}

const MAKERS: Record<EvaluatorDocumentKey, (language: Language) => Promise<Buffer>> = { scoringGuide, testingScales };

/**
 * Made once per document and language in each server process: they depend only on the code and the
 * translations, and setting a Chinese document (its font subset) takes a second or two of CPU.
 */
const made = new Map<string, Promise<Buffer>>();

/** The document named by its file name (scoring-guide.pdf, testing-scales.pdf); 404 for any other. */
export async function evaluatorDocument(file: string, language: Language): Promise<PdfFile> {
  const doc = EVALUATOR_DOCUMENTS.find((d) => d.file === file);
  if (!doc) throw notFound("That document");
  const key = `${doc.key}:${language}`;
  let pdf = made.get(key);
  if (!pdf) {
    pdf = MAKERS[doc.key](language);
    made.set(key, pdf);
    pdf.catch(() => made.delete(key)); // a failure is tried again by the next reader
  }
  return { pdf: await pdf, filename: doc.file };
}
