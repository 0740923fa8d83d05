import { scoringMessages, type ScoreableContent, type SubmitResultsInput } from "@parlance/contract";

/**
 * The scoring form's state, its checks and the submission built from it: plain functions over the
 * scoreable content, so the rules are tested without a browser.
 */

/** Scored with levels, not finished (with a reason), or not scoreable (with a reason). */
export type Outcome = "scored" | "not_completed" | "could_not_score";

export interface ScoringFormState {
  outcome: Outcome;
  reason: string | null;
  /** objectiveKey(item, objective) → state id */
  objectives: Record<string, string | null>;
  /** category id → level id (the test's categories) */
  categories: Record<string, string | null>;
  /** sectionCategoryKey(section, category) → level id */
  sectionCategories: Record<string, string | null>;
  /** section id → skipped (optional sections only) */
  skipped: Record<number, boolean>;
  /** scoring item id → checked */
  scoringItems: Record<string, boolean>;
  /** recommendation id → chosen */
  recommendations: Record<string, boolean>;
  comments: string;
}

export const objectiveKey = (itemId: string, objectiveId: string) => `${itemId}:${objectiveId}`;
export const sectionCategoryKey = (sectionId: number, categoryId: string) => `${sectionId}:${categoryId}`;

/** The form as loaded: automatic objective states, and what was recorded when already submitted. */
export function initialState(content: ScoreableContent): ScoringFormState {
  const recorded = content.result;
  const state: ScoringFormState = {
    outcome: recorded?.result_state && recorded.result_state !== "scored" ? recorded.result_state : "scored",
    reason: recorded?.result_reason ?? null,
    objectives: {},
    categories: {},
    sectionCategories: {},
    skipped: {},
    scoringItems: {},
    recommendations: {},
    comments: recorded?.comments ?? "",
  };
  for (const c of content.categories) state.categories[c.id] = recorded?.categories[c.id] ?? null;
  for (const section of content.sections) {
    if (section.optional) state.skipped[section.id] = section.skipped;
    for (const c of section.categories) {
      const key = sectionCategoryKey(section.id, c.id);
      state.sectionCategories[key] = recorded?.section_categories[key] ?? null;
    }
    for (const item of section.items) {
      for (const o of item.objectives) state.objectives[objectiveKey(item.id, o.id)] = o.state_id;
      for (const s of item.scoring_items) state.scoringItems[s.id] = s.checked;
    }
  }
  for (const r of content.recommendations) state.recommendations[r.id] = recorded?.recommendations.includes(r.id) ?? false;
  return state;
}

export interface ScoringProblem {
  /** The spec's message (a key of scoringMessages). */
  message: keyof typeof scoringMessages;
  /** Fields to mark: "category:<id>", "section:<id>:<category>", "objective:<item>:<objective>", "reason". */
  fields: string[];
}

/**
 * What stops a submission. The final category (the ALTA level) is 'A required field is missing.';
 * any other level or objective left open is 'Please select a value for each item.'. A test not
 * finished or not scoreable needs only its reason. Skipped sections need nothing.
 */
export function findProblem(content: ScoreableContent, state: ScoringFormState): ScoringProblem | null {
  if (state.outcome !== "scored") return state.reason ? null : { message: "requiredFieldMissing", fields: ["reason"] };
  const missingFinal = content.categories.filter((c) => c.final && !state.categories[c.id]).map((c) => `category:${c.id}`);
  if (missingFinal.length > 0) return { message: "requiredFieldMissing", fields: missingFinal };
  const open: string[] = content.categories.filter((c) => !state.categories[c.id]).map((c) => `category:${c.id}`);
  for (const section of content.sections) {
    if (state.skipped[section.id]) continue;
    for (const c of section.categories) if (!state.sectionCategories[sectionCategoryKey(section.id, c.id)]) open.push(`section:${sectionCategoryKey(section.id, c.id)}`);
    for (const item of section.items) for (const o of item.objectives) if (!state.objectives[objectiveKey(item.id, o.id)]) open.push(`objective:${objectiveKey(item.id, o.id)}`);
  }
  return open.length > 0 ? { message: "selectEachItem", fields: open } : null;
}

/** The body of submit_results: every field of spec §3, levels only when the test is scored. */
export function buildSubmission(content: ScoreableContent, state: ScoringFormState): SubmitResultsInput {
  const scored = state.outcome === "scored";
  const input: SubmitResultsInput = {
    did_not_finish: state.outcome === "not_completed",
    item_objectives: [],
    categories: [],
    section_categories: [],
    skipped_sections: [],
    scoring_items: [],
    recommendations: content.recommendations.filter((r) => state.recommendations[r.id]).map((r) => ({ recommendation_id: r.id, checked: true })),
    comments: state.comments.trim(),
  };
  if (state.outcome === "not_completed" && state.reason) input.not_completed_reason = state.reason;
  if (state.outcome === "could_not_score" && state.reason) input.could_not_score_reason = state.reason;
  if (scored) {
    for (const c of content.categories) {
      const level = state.categories[c.id];
      if (level) input.categories!.push({ score_category_id: c.id, score_level_id: level });
    }
  }
  for (const section of content.sections) {
    const skipped = Boolean(state.skipped[section.id]);
    if (skipped) input.skipped_sections!.push({ candidate_test_section_id: section.id, skipped: true });
    if (scored && !skipped) {
      for (const c of section.categories) {
        const level = state.sectionCategories[sectionCategoryKey(section.id, c.id)];
        if (level) input.section_categories!.push({ candidate_test_section_id: section.id, score_category_id: c.id, score_level_id: level });
      }
    }
    for (const item of section.items) {
      for (const o of item.objectives) {
        const chosen = state.objectives[objectiveKey(item.id, o.id)];
        if (chosen) input.item_objectives!.push({ candidate_test_item_id: item.id, test_objective_id: o.id, test_objective_state_id: chosen });
      }
      for (const s of item.scoring_items) input.scoring_items!.push({ candidate_test_scoring_item_id: s.id, checked: Boolean(state.scoringItems[s.id]) });
    }
  }
  return input;
}

/** Spec §4: Save Results when any objective exists, otherwise Add Results. */
export const submitLabelKey = (content: ScoreableContent) => (content.has_objectives ? "scoring.edit.saveResults" : "scoring.edit.addResults");
