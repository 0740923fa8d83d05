import { describe, expect, it } from "vitest";
import type { ItemView } from "@parlance/contract";
import en from "../../../i18n/en-US.json";
import zhHans from "../../../i18n/zh-HANS.json";
import { questionsOf, reviewHeadings, reviewRows } from "./questions";
import { joinNumbers, unansweredWarnings, warningMessage, type UnansweredWarning } from "./warnings";
import { translate, type TFunction } from "../../../i18n/translate";
import zhHant from "../../../i18n/zh-HANT.json";

const item = (id: string, item_type_id: number, number: number | null, over: Partial<ItemView> = {}): ItemView => ({
  id,
  number,
  heading_text: null,
  choices: item_type_id === 6 ? [{ id: "a", label: "A" }, { id: "b", label: "B" }] : null,
  item_text: "?",
  item_image: null,
  item_audio: null,
  override_rtl: false,
  ignore_font_size: false,
  required: true,
  item_type_id,
  position: 1,
  response: null,
  seq: null,
  minimum_words: null,
  max_length: null,
  size: null,
  word_limit: null,
  rows: null,
  ...over,
});

// Page 1: a heading, radios 1-3, short texts 4 (minimum 8) and 5 (test minimum 5); page 2: radio 6, sized text 7, textarea 8.
const pages = [
  { page: 2, items: [item("q6", 6, 6), item("q7", 8, 7), item("q8", 9, 8)] },
  { page: 1, items: [item("h", 1, null), item("q1", 6, 1), item("q2", 6, 2), item("q3", 6, 3), item("q4", 7, 4, { minimum_words: 8 }), item("q5", 7, 5)] },
];
const questions = questionsOf(pages, 5);

async function translator(resources: Record<string, unknown>, lng: string) {
  const t: TFunction = (key, options) => translate(resources, lng, key, options);
  return (w: UnansweredWarning) => {
    const join = (n: number[]) => joinNumbers(n, t("takingFlow.warnings.separator"), t("takingFlow.warnings.lastSeparator"));
    const { key, values } = warningMessage(w, join);
    return t(key, values);
  };
}

describe("the questions of a test", () => {
  it("are the answerable items in page order, with their numbers, pages and minimums", () => {
    expect(questions.map((q) => [q.id, q.number, q.page, q.kind, q.minimumWords])).toEqual([
      ["q1", 1, 1, "choice", null],
      ["q2", 2, 1, "choice", null],
      ["q3", 3, 1, "choice", null],
      ["q4", 4, 1, "text", 8],
      ["q5", 5, 1, "text", 5],
      ["q6", 6, 2, "choice", null],
      ["q7", 7, 2, "text", null],
      ["q8", 8, 2, "text", null],
    ]);
  });
  it("split into three roughly equal review columns read top to bottom", () => {
    expect(reviewRows([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([
      [1, 4, 7],
      [2, 5, 8],
      [3, 6, undefined],
    ]);
    expect(reviewRows([1, 2])).toEqual([[1, 2, undefined]]);
    expect(reviewRows([])).toEqual([]);
  });
  it("head a column of one question as that question, not as a range of one (issue 23)", () => {
    const numbered = (n: number) => Array.from({ length: n }, (_, i) => ({ number: i + 1 }));
    expect(reviewHeadings(numbered(7))).toEqual([
      { key: "takingFlow.review.column", values: { from: 1, to: 3 } },
      { key: "takingFlow.review.column", values: { from: 4, to: 6 } },
      { key: "takingFlow.review.columnOne", values: { number: 7 } },
    ]);
    expect(reviewHeadings(numbered(1))).toEqual([{ key: "takingFlow.review.columnOne", values: { number: 1 } }, null, null]);
    expect(reviewHeadings([])).toEqual([null, null, null]);
    // As read in each language.
    const shown = (strings: typeof en) => reviewHeadings(numbered(7)).map((h) => h && translate(strings, "en-US", h.key, h.values));
    expect(shown(en)).toEqual(["Questions 1–3", "Questions 4–6", "Question 7"]);
    expect(shown(zhHans)[2]).toBe("第 7 题");
    expect(shown(zhHant)[2]).toBe("第 7 題");
  });
});

describe("joinNumbers", () => {
  it('joins with commas and a final "and"', () => {
    expect(joinNumbers([2], ", ", " and ")).toBe("2");
    expect(joinNumbers([2, 5], ", ", " and ")).toBe("2 and 5");
    expect(joinNumbers([2, 5, 7], ", ", " and ")).toBe("2, 5 and 7");
  });
});

describe("the unanswered warnings (spec §5)", () => {
  const answers = (map: Record<string, string>) => (id: string) => map[id];

  it("say nothing when every question is answered well enough", () => {
    const all = { q1: "a", q2: "b", q3: "a", q4: "one two three four five six seven eight", q5: "one two three four five", q6: "a", q7: "x", q8: "y" };
    expect(unansweredWarnings(questions, answers(all))).toEqual([]);
  });

  it("list blank choices, blank texts and short answers by their limit", () => {
    const some = { q1: "a", q4: "too short", q5: "   ", q7: "x" };
    expect(unansweredWarnings(questions, answers(some))).toEqual([
      { kind: "blankChoice", numbers: [2, 3, 6] },
      { kind: "blankText", numbers: [5, 8] },
      { kind: "tooShort", numbers: [4], limit: 8 },
    ]);
  });

  it("do not name a blank item that is not required", () => {
    const optional = questionsOf([{ page: 1, items: [item("q1", 6, 1, { required: false }), item("q2", 9, 2, { required: false })] }], null);
    expect(unansweredWarnings(optional, () => undefined)).toEqual([]);
  });

  it("are worded exactly in en-US: question or questions, numbers joined with and", async () => {
    const say = await translator(en, "en-US");
    expect(say({ kind: "blankChoice", numbers: [2] })).toBe("You have not chosen an answer for question 2.");
    expect(say({ kind: "blankChoice", numbers: [2, 5, 7] })).toBe("You have not chosen an answer for questions 2, 5 and 7.");
    expect(say({ kind: "blankText", numbers: [8] })).toBe("You have not written an answer for question 8.");
    expect(say({ kind: "blankText", numbers: [8, 9] })).toBe("You have not written an answer for questions 8 and 9.");
    expect(say({ kind: "tooShort", numbers: [9], limit: 10 })).toBe("Your answer to question 9 is shorter than the word limit of 10 words.");
    expect(say({ kind: "tooShort", numbers: [8, 9], limit: 8 })).toBe("Your answers to questions 8 and 9 are shorter than the word limit of 8 words.");
  });

  it("are translated, with the Chinese list separators", async () => {
    const say = await translator(zhHans, "zh-Hans");
    expect(say({ kind: "blankChoice", numbers: [2, 5, 7] })).toBe("您尚未回答第 2、5 和 7 题的选择题。");
  });
});
