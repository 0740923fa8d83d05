import { ALTA_SCALE, type ContentItem, type ScoreCategory, type TestType } from "@parlance/contract";

/**
 * The scoring rubrics, as data: the categories an evaluator rates per test type (each with its
 * levels), the final category whose level is the result (the ALTA scale), the categories rated per
 * section, the objectives of an item (choice items with an answer key are scored automatically),
 * the scoring items of open responses, and the recommendations a result may carry.
 * Ids are stable strings: submissions and recorded score sheets refer to them.
 */

/** The final category: its level is the result (candidate_tests.result_value). */
export const FINAL_CATEGORY_ID = "alta";

/** Analytic levels of the non-final categories, 1 (lowest) to 5. */
const ANALYTIC_LEVELS = [
  ["1", "1 – Very limited"],
  ["2", "2 – Limited"],
  ["3", "3 – Adequate"],
  ["4", "4 – Good"],
  ["5", "5 – Excellent"],
] as const;

const analytic = (id: string, name: string): ScoreCategory => ({
  id,
  name,
  final: false,
  levels: ANALYTIC_LEVELS.map(([n, label]) => ({ id: `${id}.${n}`, display_as: label })),
});

/** Level ids of the final category are `alta.<scale key>`; display_as is the level as results print it. */
export const finalCategory: ScoreCategory = {
  id: FINAL_CATEGORY_ID,
  name: "ALTA level",
  final: true,
  levels: ALTA_SCALE.map((l) => ({ id: `${FINAL_CATEGORY_ID}.${l.key}`, display_as: l.level })),
};

/** The result value (ALTA level) a final level id stands for, or undefined. */
export function resultValueOf(levelId: string): string | undefined {
  return finalCategory.levels.find((l) => l.id === levelId)?.display_as;
}

const CATEGORIES: Record<TestType, ScoreCategory[]> = {
  reading: [analytic("comprehension", "Comprehension"), analytic("vocabulary", "Vocabulary"), analytic("inference", "Inference")],
  writing: [analytic("task", "Task completion"), analytic("grammar", "Grammar"), analytic("vocabulary", "Vocabulary"), analytic("organization", "Organization")],
  translation: [analytic("accuracy", "Accuracy"), analytic("grammar", "Grammar"), analytic("terminology", "Terminology"), analytic("style", "Style")],
  listening_speaking: [
    analytic("comprehension", "Comprehension"),
    analytic("fluency", "Fluency"),
    analytic("grammar", "Grammar"),
    analytic("vocabulary", "Vocabulary"),
    analytic("pronunciation", "Pronunciation"),
  ],
  interpretation: [analytic("accuracy", "Accuracy"), analytic("fluency", "Fluency"), analytic("terminology", "Terminology"), analytic("delivery", "Delivery")],
};

/** The categories of a test type: the analytic ones, then the final one. */
export const categoriesOf = (type: TestType): ScoreCategory[] => [...CATEGORIES[type], finalCategory];

/** The one category rated per section (optional): how the candidate did on that section. */
const SECTION_CATEGORY: Record<TestType, ScoreCategory> = {
  reading: analytic("section_comprehension", "Section comprehension"),
  writing: analytic("section_task", "Section task completion"),
  translation: analytic("section_accuracy", "Section accuracy"),
  listening_speaking: analytic("section_performance", "Section performance"),
  interpretation: analytic("section_accuracy", "Section accuracy"),
};
export const sectionCategoriesOf = (type: TestType): ScoreCategory[] => [SECTION_CATEGORY[type]];

/** The objective of a choice item with an answer key, and its states. */
export const CHOICE_OBJECTIVE = {
  id: "correct",
  name: "Correct answer",
  states: [
    { id: "correct", name: "Correct" },
    { id: "incorrect", name: "Incorrect" },
    { id: "unanswered", name: "Not answered" },
  ],
} as const;

/** Objectives of an item: only choice items with an answer key have one (it is scored automatically). */
export function objectivesOf(item: ContentItem): (typeof CHOICE_OBJECTIVE)[] {
  return item.kind === "radio" && item.answer !== undefined ? [CHOICE_OBJECTIVE] : [];
}

/** The automatic state of a choice item's objective from the candidate's response. */
export function automaticState(item: ContentItem, response: string | undefined): string | null {
  if (item.kind !== "radio" || item.answer === undefined) return null;
  if (response === undefined || response === "") return "unanswered";
  return response === item.answer ? "correct" : "incorrect";
}

/** What an evaluator checks off on an open response, by test type. */
const OPEN_RESPONSE_CHECKS: Record<TestType, readonly (readonly [string, string])[]> = {
  reading: [["answers", "Answers the question"], ["own_words", "In the candidate's own words"]],
  writing: [["task", "Addresses the task"], ["length", "Meets the length asked for"], ["register", "Appropriate register and tone"]],
  translation: [["complete", "Complete: nothing omitted or added"], ["meaning", "Meaning preserved"], ["conventions", "Target-language conventions followed"]],
  listening_speaking: [["answers", "Answers the question"], ["audible", "Response audible and in the test's language"]],
  interpretation: [["complete", "Complete: nothing omitted or added"], ["meaning", "Meaning preserved"]],
};

const SHORT_RESPONSE_CHECKS = [["answers", "Answers the question"]] as const;

/** Scoring items of an item: open responses only; ids are `<item id>.<check>`. */
export function scoringItemsOf(type: TestType, item: ContentItem): { id: string; text: string }[] {
  const checks =
    item.kind === "textarea" || item.kind === "fixed_textarea"
      ? OPEN_RESPONSE_CHECKS[type]
      : item.kind === "short_text" || item.kind === "sized_text"
        ? SHORT_RESPONSE_CHECKS
        : [];
  return checks.map(([key, text]) => ({ id: `${item.id}.${key}`, text }));
}

/** Recommendations a result may carry (printed on the report). */
export const RECOMMENDATIONS: readonly { id: string; text: string }[] = [
  { id: "retest_90", text: "Recommend retesting in 90 days" },
  { id: "retest_180", text: "Recommend retesting in 6 months" },
  { id: "training", text: "Recommend language training before retesting" },
  { id: "medical_terminology", text: "Recommend medical terminology training" },
  { id: "interpreter_training", text: "Recommend interpreter training" },
  { id: "higher_level_test", text: "Recommend a test at a higher level" },
];
