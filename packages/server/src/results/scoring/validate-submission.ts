import {
  COULD_NOT_SCORE_REASONS,
  NOT_COMPLETED_REASONS,
  scoringMessages,
  submitResultsInput,
  type ResultState,
  type TestContent,
  type TestType,
} from "@parlance/contract";
import type { z } from "zod";
import { HttpError } from "../../http/errors.js";
import { categoriesOf, FINAL_CATEGORY_ID, objectivesOf, RECOMMENDATIONS, resultValueOf, scoringItemsOf, sectionCategoriesOf } from "./rubrics.js";

/**
 * Checks a submission against the test's content and rubric (every id must be one of this test's)
 * and works out the result it records. Pure: the same input always gives the same answer, and
 * nothing is written until it passes.
 */

type Submission = z.output<typeof submitResultsInput>;

export interface CheckedSubmission {
  resultState: ResultState;
  resultValue: string | null;
  resultReason: string | null;
  categories: Record<string, string>;
  sectionCategories: Record<string, string>;
  skippedSections: number[];
  objectives: { itemId: string; objectiveId: string; stateId: string }[];
  checkedScoringItems: string[];
  recommendations: string[];
  comments: string;
}

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));
const refuse = (key: keyof typeof scoringMessages, values: Record<string, string | number> = {}) =>
  new HttpError(400, fill(scoringMessages[key], values), `scoringApi.messages.${key}`, values);

function once(seen: Set<string>, id: string) {
  if (seen.has(id)) throw refuse("duplicate", { id });
  seen.add(id);
}

export function checkSubmission(input: Submission, type: TestType, content: TestContent | null, automatic: Map<string, string>): CheckedSubmission {
  const categories = categoriesOf(type);
  const sectionCount = content?.sections.length ?? 0;
  const items = new Map((content?.sections ?? []).flatMap((s) => s.items).map((i) => [i.id, i]));

  const chosen: Record<string, string> = {};
  for (const c of input.categories) {
    const category = categories.find((k) => k.id === c.score_category_id);
    if (!category) throw refuse("unknownCategory", { id: c.score_category_id });
    if (!category.levels.some((l) => l.id === c.score_level_id)) throw refuse("unknownLevel", { id: category.id, level: c.score_level_id });
    once(new Set(Object.keys(chosen)), category.id);
    chosen[category.id] = c.score_level_id;
  }

  const sectionLevels: Record<string, string> = {};
  const perSection = sectionCategoriesOf(type);
  for (const c of input.section_categories) {
    if (c.candidate_test_section_id > sectionCount) throw refuse("unknownSection", { id: c.candidate_test_section_id });
    const category = perSection.find((k) => k.id === c.score_category_id);
    if (!category) throw refuse("unknownCategory", { id: c.score_category_id });
    if (!category.levels.some((l) => l.id === c.score_level_id)) throw refuse("unknownLevel", { id: category.id, level: c.score_level_id });
    const key = `${c.candidate_test_section_id}:${category.id}`;
    once(new Set(Object.keys(sectionLevels)), key);
    sectionLevels[key] = c.score_level_id;
  }

  const skipped = new Set<number>();
  for (const s of input.skipped_sections) {
    if (s.candidate_test_section_id > sectionCount) throw refuse("unknownSection", { id: s.candidate_test_section_id });
    if (s.skipped) skipped.add(s.candidate_test_section_id);
  }

  // Objectives: the evaluator's states over the automatic ones.
  const states = new Map(automatic);
  const seenObjectives = new Set<string>();
  for (const o of input.item_objectives) {
    const item = items.get(o.candidate_test_item_id);
    if (!item) throw refuse("unknownItem", { id: o.candidate_test_item_id });
    const objective = objectivesOf(item).find((x) => x.id === o.test_objective_id);
    if (!objective) throw refuse("unknownObjective", { id: o.test_objective_id, item: item.id });
    if (!objective.states.some((st) => st.id === o.test_objective_state_id)) throw refuse("unknownObjectiveState", { id: objective.id, state: o.test_objective_state_id });
    const key = `${item.id}\u0000${objective.id}`;
    once(seenObjectives, key);
    states.set(key, o.test_objective_state_id);
  }

  const scoringItemIds = new Set([...items.values()].flatMap((i) => scoringItemsOf(type, i).map((s) => s.id)));
  const checked = new Set<string>();
  const seenScoring = new Set<string>();
  for (const s of input.scoring_items) {
    if (!scoringItemIds.has(s.candidate_test_scoring_item_id)) throw refuse("unknownScoringItem", { id: s.candidate_test_scoring_item_id });
    once(seenScoring, s.candidate_test_scoring_item_id);
    if (s.checked) checked.add(s.candidate_test_scoring_item_id);
  }

  const recommendations = new Set<string>();
  const seenRecommendations = new Set<string>();
  for (const r of input.recommendations) {
    if (!RECOMMENDATIONS.some((x) => x.id === r.recommendation_id)) throw refuse("unknownRecommendation", { id: r.recommendation_id });
    once(seenRecommendations, r.recommendation_id);
    if (r.checked) recommendations.add(r.recommendation_id);
  }

  // The outcome: not finished (with its reason), could not be scored (with its reason), or a level.
  let resultState: ResultState = "scored";
  let resultValue: string | null = null;
  let resultReason: string | null = null;
  if (input.did_not_finish) {
    if (input.could_not_score_reason !== undefined) throw refuse("reasonWithoutOutcome");
    if (!input.not_completed_reason) throw refuse("requiredFieldMissing");
    if (!(NOT_COMPLETED_REASONS as readonly string[]).includes(input.not_completed_reason)) throw refuse("badReason");
    resultState = "not_completed";
    resultReason = input.not_completed_reason;
  } else if (input.not_completed_reason !== undefined) {
    throw refuse("reasonWithoutOutcome");
  } else if (input.could_not_score_reason !== undefined) {
    if (!(COULD_NOT_SCORE_REASONS as readonly string[]).includes(input.could_not_score_reason)) throw refuse("badReason");
    resultState = "could_not_score";
    resultReason = input.could_not_score_reason;
  } else {
    const finalLevel = chosen[FINAL_CATEGORY_ID];
    if (!finalLevel) throw refuse("requiredFieldMissing");
    resultValue = resultValueOf(finalLevel) ?? null;
    // A scored test has a state for every objective (the automatic ones count).
    const everyObjective = [...items.values()].every((item) => objectivesOf(item).every((o) => states.has(`${item.id}\u0000${o.id}`)));
    if (!everyObjective) throw refuse("selectEachItem");
  }

  return {
    resultState,
    resultValue,
    resultReason,
    categories: chosen,
    sectionCategories: sectionLevels,
    skippedSections: [...skipped].sort((a, b) => a - b),
    objectives: input.item_objectives.map((o) => ({ itemId: o.candidate_test_item_id, objectiveId: o.test_objective_id, stateId: o.test_objective_state_id })),
    checkedScoringItems: [...checked],
    recommendations: [...recommendations],
    comments: input.comments.trim(),
  };
}
