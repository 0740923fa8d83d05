import type { ContentItem, TestContent } from "@parlance/contract";
import { PdfWriter } from "../../pdf/writer.js";
import { itemsInOrder } from "../../content/read.js";

/**
 * The paper test as a printable booklet: a cover block (test, candidate, access code, time,
 * instructions), then every section with its numbered questions, tick boxes for choices and
 * ruled lines for written answers. Answer keys and transcripts are never printed.
 */

export interface PaperFacts {
  testName: string;
  candidateName: string;
  accessCode: string;
  assignedTestId: number;
  /** Minutes, doubled with adjustments; null when untimed. */
  timeLimitMinutes: number | null;
  /** Already formatted for the candidate (their time zone). */
  expires: string;
  printed: string;
}

/** The booklet's own instructions (the test's come after them). */
export const PAPER_INSTRUCTIONS = [
  "Write your name and the access code on every page you hand in. Use a pen with black or blue ink.",
  "For a multiple-choice question, tick one box. For a written answer, write on the lines below the question; use the back of the page if you need more room and mark it with the question number.",
  "Your proctor times the test and collects this booklet and any notes when the time is over. Do not keep or copy any part of the test.",
];

/** Lines to leave for a written answer of each kind. */
function linesFor(item: ContentItem): number {
  switch (item.kind) {
    case "short_text":
      return 2;
    case "sized_text":
      return 1;
    case "textarea":
      return item.word_limit ? Math.min(24, Math.max(6, Math.ceil(item.word_limit / 10))) : 10;
    case "fixed_textarea":
      return item.rows;
    default:
      return 0;
  }
}

/** The booklet's own words; English unless a caller gives them in the candidate's language (paper packages). */
export interface PaperLabels {
  candidate: string;
  accessCode: string;
  timeLimit: (minutes: number) => string;
  noTimeLimit: string;
  takeBefore: string;
  printed: string;
  instructions: string;
  instructionLines: string[];
}

export const ENGLISH_PAPER_LABELS: PaperLabels = {
  candidate: "Candidate",
  accessCode: "Access code",
  timeLimit: (m) => `Time limit: ${m} minutes`,
  noTimeLimit: "Time limit: none",
  takeBefore: "Take this test before",
  printed: "Printed",
  instructions: "Instructions",
  instructionLines: PAPER_INSTRUCTIONS,
};

export async function paperTestPdf(content: TestContent, facts: PaperFacts): Promise<Buffer> {
  const w = new PdfWriter({ title: facts.testName, subject: `Paper test ${facts.accessCode}` });
  writePaperTest(w, content, facts);
  return w.finish(`${facts.testName} · ${facts.accessCode}`);
}

/** Writes one paper test into `w` from where it stands (a package writes several, each from a new page). */
export function writePaperTest(w: PdfWriter, content: TestContent, facts: PaperFacts, labels: PaperLabels = ENGLISH_PAPER_LABELS): void {
  const rtl = (item?: ContentItem) => content.right_to_left && !item?.override_rtl;

  w.text(facts.testName, { bold: true, size: 18, after: 4 });
  w.text(`${labels.candidate}: ${facts.candidateName}`, { size: 11, after: 0 });
  w.text(`${labels.accessCode}: ${facts.accessCode}`, { bold: true, size: 12, after: 0 });
  w.text(facts.timeLimitMinutes ? labels.timeLimit(facts.timeLimitMinutes) : labels.noTimeLimit, { after: 0 });
  w.text(`${labels.takeBefore}: ${facts.expires}`, { after: 0 });
  w.text(`${labels.printed}: ${facts.printed}`, { size: 9, color: "#555555" });
  w.rule();
  w.text(labels.instructions, { bold: true, size: 13, after: 2 });
  for (const line of labels.instructionLines) w.text(line, { after: 2 });
  if (content.source_language && content.target_language) {
    w.text(`Translate from ${content.source_language.name} into ${content.target_language.name}.`, { after: 2 });
  }

  const numbers = new Map(itemsInOrder(content).map((e) => [e.item.id, e.number]));
  content.sections.forEach((section, s) => {
    w.rule();
    w.text(section.title ?? `Section ${s + 1}`, { bold: true, size: 14, after: 4, rtl: content.right_to_left });
    for (const item of section.items) {
      const n = numbers.get(item.id);
      const prefix = n ? `${n}. ` : "";
      const indent = n ? 18 : 0;
      switch (item.kind) {
        case "heading":
          w.text(item.text, { bold: true, size: 12, rtl: rtl(item) });
          break;
        case "instructions":
          for (const para of item.text.split(/\n\s*\n/)) w.text(para, { rtl: rtl(item) });
          break;
        case "image":
          // pdfkit draws PNG and JPEG only: the booklet names the figure the proctor shows with it.
          w.text(`[Figure: ${item.alt}]`, { size: 10, color: "#333333", rtl: rtl(item) });
          if (item.text) w.text(item.text, { rtl: rtl(item) });
          break;
        case "audio":
        case "video":
          w.text(`[${item.kind === "audio" ? "Recording" : "Video"}: your proctor plays it${item.plays ? ` at most ${item.plays} time(s)` : ""}.]`, { size: 10, color: "#333333" });
          if (item.text) w.text(item.text, { rtl: rtl(item) });
          break;
        case "qti":
          // A QTI interaction (drag, order, hotspot …) has no paper form: the booklet names it.
          w.text(`${prefix}${item.title}`, { bold: true, rtl: rtl(item), after: 2 });
          w.text("[This question is answered online.]", { size: 10, color: "#333333", indent });
          break;
        case "radio":
          w.keepRoom(60);
          w.text(`${prefix}${item.text}`, { bold: true, rtl: rtl(item), after: 2 });
          item.choices.forEach((c, i) => w.choice(`${String.fromCharCode(97 + i)}) ${c.label}`, { indent, rtl: rtl(item) }));
          w.text("", { after: 4 });
          break;
        default:
          w.keepRoom(60);
          w.text(`${prefix}${item.text}`, { bold: true, rtl: rtl(item), after: 2 });
          if (item.kind === "textarea" && item.word_limit) w.text(`(At most ${item.word_limit} words.)`, { size: 9, color: "#555555", indent, after: 0 });
          if (item.kind === "short_text" && (item.minimum_words ?? content.minimum_response)) {
            w.text(`(At least ${item.minimum_words ?? content.minimum_response} words.)`, { size: 9, color: "#555555", indent, after: 0 });
          }
          w.answerLines(linesFor(item), indent);
      }
    }
  });
}
