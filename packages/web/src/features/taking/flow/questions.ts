import { countWords, ITEM_KINDS, type CandidateQtiItem, type ItemView } from "@parlance/contract";
import { completion, questionKind } from "../qtiResponse";

/**
 * The questions of a test (items that take an answer), as the review table and the unanswered
 * warnings see them. Pure: the answers come in as a lookup.
 */
export interface Question {
  id: string;
  /** The question number shown to the candidate. */
  number: number;
  /** Radio choices, or written text. */
  kind: "choice" | "text";
  /** A short text item: its answer must reach minimumWords. */
  shortText: boolean;
  /** Words a short answer must reach (the item's own minimum, else the test's minimum_response). */
  minimumWords: number | null;
  required: boolean;
  /** The page (section number, from 1) the question is on. */
  page: number;
  /** A QTI item's interactions: answered means every interaction that asks for an answer has one. */
  qti?: Pick<CandidateQtiItem, "interactions">;
}

const TEXT_TYPES: number[] = [ITEM_KINDS.short_text, ITEM_KINDS.sized_text, ITEM_KINDS.textarea, ITEM_KINDS.fixed_textarea];

export const isChoiceItem = (item: ItemView) => item.item_type_id === ITEM_KINDS.radio;
export const isTextItem = (item: ItemView) => TEXT_TYPES.includes(item.item_type_id);
/** An imported QTI item (its interactions in `qti`): saved like any answer, even a media item's plays. */
export const isQtiItem = (item: ItemView): item is ItemView & { qti: CandidateQtiItem } => item.item_type_id === ITEM_KINDS.qti && Boolean(item.qti);
export const isQuestionItem = (item: ItemView) => isChoiceItem(item) || isTextItem(item) || isQtiItem(item);

/**
 * Every question of the loaded pages in test order. An answerable item the author left unnumbered
 * still needs a name in the warnings: it takes the count of questions so far.
 */
export function questionsOf(pages: { page: number; items: ItemView[] }[], minimumResponse: number | null): Question[] {
  const out: Question[] = [];
  for (const { page, items } of [...pages].sort((a, b) => a.page - b.page)) {
    for (const item of items) {
      if (!isQuestionItem(item)) continue;
      // A QTI item that asks nothing (a recording to play) is not a question.
      if (isQtiItem(item) && completion(item.qti, "").total === 0) continue;
      const shortText = item.item_type_id === ITEM_KINDS.short_text;
      out.push({
        id: item.id,
        number: item.number ?? out.length + 1,
        kind: isQtiItem(item) ? questionKind(item.qti) : isChoiceItem(item) ? "choice" : "text",
        ...(isQtiItem(item) ? { qti: item.qti } : {}),
        shortText,
        minimumWords: shortText ? (item.minimum_words ?? minimumResponse) : null,
        required: item.required,
        page,
      });
    }
  }
  return out;
}

/** Answered means something other than blanks was given (the review table's Yes). */
export const isAnswered = (response: string | undefined | null) => (response ?? "").trim() !== "";

/**
 * A question's answer: blank, partly given (a QTI item with some of its interactions answered) or
 * given. Only a fully answered question is the review table's Yes.
 */
export function answerState(q: Pick<Question, "qti">, response: string | undefined | null): "blank" | "partial" | "answered" {
  if (!q.qti) return isAnswered(response) ? "answered" : "blank";
  const { answered, total } = completion(q.qti, response ?? "");
  return answered === 0 ? "blank" : answered < total ? "partial" : "answered";
}

/** Whether a written answer falls short of its minimum word count. */
export const isTooShort = (q: Question, response: string | undefined) =>
  q.shortText && q.minimumWords !== null && isAnswered(response) && countWords(response ?? "") < q.minimumWords;

/**
 * The review table's three roughly equal columns (spec §9), as rows of up to three cells: the
 * first column holds the first third of the questions, read top to bottom.
 */
export function reviewRows<T>(questions: T[]): (T | undefined)[][] {
  const perColumn = Math.ceil(questions.length / 3);
  const columns = [0, 1, 2].map((c) => questions.slice(c * perColumn, (c + 1) * perColumn));
  return Array.from({ length: perColumn }, (_, r) => columns.map((col) => col[r]));
}

/** A review column's heading: an i18n key and its values. */
export interface ReviewHeading {
  key: string;
  values: Record<string, number>;
}

/**
 * The review table's three column headings, as an i18n key and its values: "Questions 1–4", and
 * "Question 7" for a column of one question (not "Questions 7–7", issue 23); null for an empty column.
 */
export function reviewHeadings(questions: Pick<Question, "number">[]): (ReviewHeading | null)[] {
  const perColumn = Math.ceil(questions.length / 3);
  return [0, 1, 2].map((c): ReviewHeading | null => {
    const col = questions.slice(c * perColumn, (c + 1) * perColumn);
    if (col.length === 0) return null;
    const [from, to] = [col[0].number, col[col.length - 1].number];
    return from === to ? { key: "takingFlow.review.columnOne", values: { number: from } } : { key: "takingFlow.review.column", values: { from, to } };
  });
}
