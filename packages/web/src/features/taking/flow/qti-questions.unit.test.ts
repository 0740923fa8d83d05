import { describe, expect, it } from "vitest";
import type { CandidateQtiItem, ItemView } from "@parlance/contract";
import { answerState, questionsOf } from "./questions";
import { unansweredWarnings } from "./warnings";

const qtiItem = (id: string, number: number, interactions: CandidateQtiItem["interactions"]): ItemView =>
  ({
    id,
    number,
    heading_text: null,
    choices: null,
    item_text: null,
    item_image: null,
    item_audio: null,
    override_rtl: false,
    ignore_font_size: false,
    required: true,
    item_type_id: 11,
    position: 1,
    response: null,
    seq: null,
    minimum_words: null,
    max_length: null,
    size: null,
    word_limit: null,
    rows: null,
    qti: { title: id, body: "", dir: null, lang: null, interactions },
  }) as ItemView;

const base = { prompt: null, cardinality: "single", base_type: "identifier" } as const;
const cloze = qtiItem("cloze", 1, [
  { ...base, kind: "inline_choice", response_id: "G1", shuffle: false, required: false, choices: [{ id: "a", text: "went", fixed: false }] },
  { ...base, kind: "text_entry", response_id: "G2", base_type: "string", expected_length: null, pattern_mask: null, placeholder: null },
]);
const typed = qtiItem("typed", 2, [{ ...base, kind: "extended_text", response_id: "R", base_type: "string", expected_lines: null, expected_length: null, placeholder: null }]);
const listen = qtiItem("listen", 3, [
  { ...base, kind: "media", response_id: "M", base_type: "integer", media: { src: "/m.ogg", type: "audio/ogg", kind: "audio", width: null, height: null }, autostart: false, min_plays: 0, max_plays: 2, loop: false },
]);

describe("QTI items among the questions", () => {
  const questions = questionsOf([{ page: 1, items: [cloze, typed, listen] }], null);

  it("are questions (chosen or written by their interactions), except an item that asks nothing", () => {
    expect(questions.map((q) => [q.id, q.kind])).toEqual([
      ["cloze", "choice"],
      ["typed", "text"],
    ]);
  });

  it("are answered only when every interaction that asks for an answer has one", () => {
    const q = questions[0]!;
    expect(answerState(q, "")).toBe("blank");
    expect(answerState(q, '{"G1":"a"}')).toBe("partial");
    expect(answerState(q, '{"G1":"a","G2":"to"}')).toBe("answered");
    expect(answerState(q, '{"G2":"  "}')).toBe("blank");
    // A radio or a text answer: any text is an answer, as before.
    expect(answerState({}, "b")).toBe("answered");
  });

  it("raise the blank warnings by kind, and a warning of their own when partly answered", () => {
    const answers: Record<string, string> = { cloze: '{"G1":"a"}' };
    expect(unansweredWarnings(questions, (id) => answers[id])).toEqual([
      { kind: "blankText", numbers: [2] },
      { kind: "incomplete", numbers: [1] },
    ]);
    answers.cloze = "";
    expect(unansweredWarnings(questions, (id) => answers[id])[0]).toEqual({ kind: "blankChoice", numbers: [1] });
  });
});
