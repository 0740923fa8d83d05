import { describe, expect, it } from "vitest";
import type { ScoreableContent, ScoreableItem } from "@parlance/contract";
import { buildSubmission, findProblem, initialState, objectiveKey, sectionCategoryKey, submitLabelKey } from "./scoringForm";

const levels = [1, 2, 3].map((n) => ({ id: `l${n}`, display_as: String(n) }));
const item = (id: string, extra: Partial<ScoreableItem> = {}): ScoreableItem => ({
  id, number: 1, position: 1, kind: "radio", is_instructions: false, audio_triggered: false, heading_text: null, item_text: "Q",
  alternate_text: null, answer: null, response: null, media_url: null, objectives: [], scoring_items: [], ...extra,
});

function content(): ScoreableContent {
  return {
    id: 7, number: "T-7", description: "English Reading", method_short_name: "online", test_type: "reading", language: "English", language_code: "en",
    test_datetime: "2026-11-20T15:00:00Z", due_at: null, is_review: false, content_kind: "online", download_kind: null, download_url: null,
    repeats: 0, has_objectives: true, objective_score: null, can_submit: true, can_mark_no_show: false, result: null,
    not_completed_reasons: ["lost_connection"], could_not_score_reasons: ["no_response"],
    recommendations: [{ id: "r1", text: "Retest in 6 months" }],
    categories: [{ id: "alta", name: "ALTA level", final: true, levels }, { id: "grammar", name: "Grammar", final: false, levels }],
    sections: [
      {
        id: 1, position: 1, section_name: "Part 1", optional: false, skipped: false, categories: [{ id: "reading", name: "Reading", final: false, levels }],
        items: [
          item("q1", { answer: "B", response: "B", objectives: [{ id: "o1", name: "Main idea", states: [{ id: "c", name: "Correct" }, { id: "i", name: "Incorrect" }], state_id: "c", automatic: true }] }),
          item("q2", { kind: "textarea", scoring_items: [{ id: "s1", text: "Gives a reason", checked: false }] }),
        ],
      },
      { id: 2, position: 2, section_name: "Part 2", optional: true, skipped: false, categories: [{ id: "reading", name: "Reading", final: false, levels }], items: [] },
    ],
  };
}

describe("the scoring form", () => {
  it("starts from the automatic objective states", () => {
    const state = initialState(content());
    expect(state.objectives[objectiveKey("q1", "o1")]).toBe("c");
    expect(state.skipped).toEqual({ 2: false });
  });

  it("asks for the final level first with 'A required field is missing.', then for every other level", () => {
    const c = content();
    const state = initialState(c);
    expect(findProblem(c, state)).toEqual({ message: "requiredFieldMissing", fields: ["category:alta"] });
    state.categories.alta = "l3";
    expect(findProblem(c, state)).toEqual({
      message: "selectEachItem",
      fields: ["category:grammar", `section:${sectionCategoryKey(1, "reading")}`, `section:${sectionCategoryKey(2, "reading")}`],
    });
    // A skipped optional section needs no level.
    state.skipped[2] = true;
    state.categories.grammar = "l2";
    state.sectionCategories[sectionCategoryKey(1, "reading")] = "l3";
    expect(findProblem(c, state)).toBeNull();
  });

  it("needs only a reason when the test was not finished", () => {
    const c = content();
    const state = { ...initialState(c), outcome: "not_completed" as const };
    expect(findProblem(c, state)).toEqual({ message: "requiredFieldMissing", fields: ["reason"] });
    state.reason = "lost_connection";
    expect(findProblem(c, state)).toBeNull();
    expect(buildSubmission(c, state)).toMatchObject({ did_not_finish: true, not_completed_reason: "lost_connection", categories: [], section_categories: [] });
  });

  it("builds every field of submit_results", () => {
    const c = content();
    const state = initialState(c);
    state.categories = { alta: "l3", grammar: "l2" };
    state.sectionCategories[sectionCategoryKey(1, "reading")] = "l3";
    state.skipped[2] = true;
    state.scoringItems.s1 = true;
    state.recommendations.r1 = true;
    state.comments = "  Clear answers.  ";
    expect(buildSubmission(c, state)).toEqual({
      did_not_finish: false,
      item_objectives: [{ candidate_test_item_id: "q1", test_objective_id: "o1", test_objective_state_id: "c" }],
      categories: [{ score_category_id: "alta", score_level_id: "l3" }, { score_category_id: "grammar", score_level_id: "l2" }],
      section_categories: [{ candidate_test_section_id: 1, score_category_id: "reading", score_level_id: "l3" }],
      skipped_sections: [{ candidate_test_section_id: 2, skipped: true }],
      scoring_items: [{ candidate_test_scoring_item_id: "s1", checked: true }],
      recommendations: [{ recommendation_id: "r1", checked: true }],
      comments: "Clear answers.",
    });
  });

  it("reads Save Results when any objective exists, otherwise Add Results", () => {
    expect(submitLabelKey(content())).toBe("scoring.edit.saveResults");
    expect(submitLabelKey({ ...content(), has_objectives: false })).toBe("scoring.edit.addResults");
  });
});
