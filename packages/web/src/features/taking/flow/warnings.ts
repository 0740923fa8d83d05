import { answerState, isTooShort, type Question } from "./questions";

/**
 * Spec §5: before submit, unanswered items raise warnings, followed by a continue prompt:
 *  - blank radio or choice items: one warning listing their question numbers;
 *  - blank text items: one warning listing their question numbers;
 *  - short text items below their minimum word count: a warning naming the word limit (one per limit);
 *  - QTI items with some of their parts answered and others not: one warning listing them.
 * Items the author marked not required are not named when blank.
 */
export type UnansweredWarning =
  | { kind: "blankChoice"; numbers: number[] }
  | { kind: "blankText"; numbers: number[] }
  | { kind: "tooShort"; numbers: number[]; limit: number }
  | { kind: "incomplete"; numbers: number[] };

export function unansweredWarnings(questions: Question[], answerOf: (id: string) => string | undefined): UnansweredWarning[] {
  const blank = (kind: Question["kind"]) => questions.filter((q) => q.kind === kind && q.required && answerState(q, answerOf(q.id)) === "blank").map((q) => q.number);
  const out: UnansweredWarning[] = [];
  const choices = blank("choice");
  if (choices.length) out.push({ kind: "blankChoice", numbers: choices });
  const texts = blank("text");
  if (texts.length) out.push({ kind: "blankText", numbers: texts });
  const short = new Map<number, number[]>();
  for (const q of questions) {
    if (!isTooShort(q, answerOf(q.id))) continue;
    const limit = q.minimumWords!;
    short.set(limit, [...(short.get(limit) ?? []), q.number]);
  }
  for (const [limit, numbers] of [...short].sort((a, b) => a[0] - b[0])) out.push({ kind: "tooShort", numbers, limit });
  const partial = questions.filter((q) => q.required && answerState(q, answerOf(q.id)) === "partial").map((q) => q.number);
  if (partial.length) out.push({ kind: "incomplete", numbers: partial });
  return out;
}

/**
 * Numbers joined as a sentence says them: "2", "2 and 5", "2, 5 and 7" (spec §5: joined with
 * "and"). The separators come from the translation ("、" and "和" in Chinese).
 */
export function joinNumbers(numbers: number[], separator: string, lastSeparator: string): string {
  const text = numbers.map(String);
  if (text.length <= 1) return text.join("");
  return `${text.slice(0, -1).join(separator)}${lastSeparator}${text[text.length - 1]}`;
}

/** The i18n key and values of one warning: `count` picks "question" or "questions". */
export function warningMessage(w: UnansweredWarning, join: (numbers: number[]) => string): { key: string; values: Record<string, string | number> } {
  const values: Record<string, string | number> = { count: w.numbers.length, numbers: join(w.numbers) };
  if (w.kind === "tooShort") values.limit = w.limit;
  return { key: `takingFlow.warnings.${w.kind}`, values };
}
