import { eq, sql } from "drizzle-orm";
import {
  COULD_NOT_SCORE_REASONS,
  NOT_COMPLETED_REASONS,
  RESPONSE_KINDS,
  type ContentItem,
  type ScoreableContent,
  type ScoreableItem,
  type scoringParams,
  type TestContent,
} from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { itemObjectiveResults, paperResponses, scoreSheets } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { answersOf, heldEventsOf } from "../../attempts/index.js";
import { contentOf, itemsInOrder, newestVersion } from "../../content/read.js";
import { isSupervisor, repeatsOf, scoreableFor, userName, type Scoreable } from "./access.js";
import { categoriesOf, objectivesOf, RECOMMENDATIONS, scoringItemsOf, sectionCategoriesOf } from "./rubrics.js";
import { spokenResponseItems } from "../../calls/index.js";
import { candidateView, machineScoresOf } from "../../qti/index.js";

/**
 * GET /api/test_results/get_scoreable_content/{id} (spec §3): the test as the evaluator scores it.
 * Online tests show their pinned content with the candidate's responses; paper, phone, live and
 * video tests show the test's content when it has one (paper) and otherwise only the categories.
 * After submission the same answer carries the recorded result, read-only.
 */

export const paperTestPdfPath = (candidateTestId: number) => `/testing/results/${candidateTestId}/paper_test_pdf`;
export const evaluatorMediaUrl = (candidateTestId: number, itemId: string) => `/api/test_results/media/${candidateTestId}?item=${encodeURIComponent(itemId)}`;
export const spokenResponseUrl = (candidateTestId: number, itemId: string) => `/api/test_results/response_audio/${candidateTestId}?item=${encodeURIComponent(itemId)}`;

const contentKindOf = (method: Scoreable["method"]): ScoreableContent["content_kind"] =>
  method === "online" ? "online" : method === "paper" ? "paper" : "recording";

/** Paper responses as they came back (paper-packages/receive.ts): the scan's link, or the responses typed in. */
async function paperResponsesOf(db: Db, candidateTestId: number) {
  const [r] = await db
    .select({ hasScan: sql<boolean>`${paperResponses.scan} is not null`, enteredText: paperResponses.enteredText })
    .from(paperResponses)
    .where(eq(paperResponses.candidateTestId, candidateTestId));
  return { scanned_responses_url: r?.hasScan ? `/testing/results/${candidateTestId}/scanned_responses` : null, entered_responses: r?.enteredText ?? null };
}

/** The content a test is scored against: the attempt's pinned version, else the test's newest. */
export async function scoringContentOf(db: Db, s: Pick<Scoreable, "contentVersionId" | "testId">): Promise<TestContent | null> {
  const versionId = s.contentVersionId ?? (await newestVersion(db, s.testId));
  return versionId === null ? null : contentOf(db, versionId);
}

/** The candidate's response as the evaluator reads it: a choice item's label, otherwise the text. */
function responseText(item: ContentItem, response: string | undefined): string | null {
  if (response === undefined) return null;
  if (item.kind === "radio") return item.choices.find((c) => c.id === response)?.label ?? response;
  return response;
}

function itemText(item: ContentItem): string | null {
  if (item.kind === "heading") return null;
  return "text" in item && item.text ? item.text : null;
}

function alternateText(item: ContentItem): string | null {
  if (item.kind === "image") return item.alt;
  if (item.kind === "audio") return item.transcript ?? null;
  return null;
}

export async function scoreableContent(ctx: AppContext, scope: Scope, { id }: z.output<typeof scoringParams>): Promise<ScoreableContent> {
  const s = await scoreableFor(ctx.db, scope, id);
  const content = await scoringContentOf(ctx.db, s);
  const answers = content && s.method === "online" ? await answersOf(ctx.db, s.id) : new Map<string, { response: string }>();
  // Phone and web-call tests, and the phone part of a test that continues by phone: the items with a recorded spoken response (calls/ivr/).
  const spoken = s.method === "ivr" || content?.continues_by_phone === true ? await spokenResponseItems(ctx.db, s.id) : new Set<string>();
  const objectiveRows = await ctx.db.select().from(itemObjectiveResults).where(eq(itemObjectiveResults.candidateTestId, s.id));
  const [sheet] = await ctx.db.select().from(scoreSheets).where(eq(scoreSheets.candidateTestId, s.id));
  const checked = new Set(sheet?.checkedScoringItems ?? []);
  const sectionCategories = sectionCategoriesOf(s.testType);
  // QTI items: what the candidate saw, the correct responses, and the scores response processing gave at submit.
  const machine = await machineScoresOf(ctx.db, s.id);

  const ordered = content ? itemsInOrder(content) : [];
  const sections: ScoreableContent["sections"] = (content?.sections ?? []).map((section, i) => {
    const items: ScoreableItem[] = ordered
      .filter((o) => o.section === i + 1)
      .map(({ item, number }, position) => ({
        id: item.id,
        number,
        position: position + 1,
        kind: item.kind,
        is_instructions: item.kind === "heading" || item.kind === "instructions",
        audio_triggered: item.kind === "audio" || item.kind === "video",
        heading_text: item.kind === "heading" ? item.text : null,
        item_text: itemText(item),
        alternate_text: alternateText(item),
        answer: item.kind === "radio" && item.answer !== undefined ? (item.choices.find((c) => c.id === item.answer)?.label ?? null) : null,
        response: responseText(item, answers.get(item.id)?.response),
        media_url: item.kind === "image" || item.kind === "audio" || item.kind === "video" ? evaluatorMediaUrl(s.id, item.id) : null,
        response_audio_url: spoken.has(item.id) ? spokenResponseUrl(s.id, item.id) : null,
        objectives: objectivesOf(item).map((o) => {
          const recorded = objectiveRows.find((r) => r.itemId === item.id && r.objectiveId === o.id);
          return { id: o.id, name: o.name, states: [...o.states], state_id: recorded?.stateId ?? null, automatic: recorded?.automatic ?? false };
        }),
        scoring_items: scoringItemsOf(s.testType, item).map((si) => ({ ...si, checked: checked.has(si.id) })),
        qti: item.kind === "qti" ? candidateView(item, (file) => `${evaluatorMediaUrl(s.id, item.id)}&file=${file}`) : null,
        qti_correct: item.kind === "qti" && item.responses.some((r) => r.correct !== null) ? Object.fromEntries(item.responses.map((r) => [r.id, r.correct])) : null,
        machine_score: machine.items.get(item.id) ?? null,
      }));
    const answerable = section.items.filter((it) => RESPONSE_KINDS.includes(it.kind));
    return {
      id: i + 1,
      position: i + 1,
      section_name: section.title ?? `Section ${i + 1}`,
      optional: answerable.length > 0 && answerable.every((it) => "required" in it && !it.required),
      items,
      categories: sectionCategories,
      skipped: sheet?.skippedSections.includes(i + 1) ?? false,
    };
  });

  const hasObjectives = sections.some((sec) => sec.items.some((it) => it.objectives.length > 0));
  const mayScore = isSupervisor(scope) || s.evaluatorUserId === scope.userId;
  return {
    id: s.id,
    // The test's one number on every screen (Scheduled Tests, the client's history): the assigned test's id.
    number: String(s.assignedTestId),
    description: s.description,
    method_short_name: s.method,
    test_type: s.testType,
    language: s.language,
    language_code: s.languageCode,
    candidate_name: s.candidateName,
    test_datetime: (s.receivedAt ?? s.dueAt).toISOString(),
    due_at: s.isFinal ? null : s.dueAt.toISOString(),
    is_review: s.isReview,
    content_kind: contentKindOf(s.method),
    download_kind: s.method === "paper" && content ? "pdf" : null,
    download_url: s.method === "paper" && content ? paperTestPdfPath(s.id) : null,
    ...(s.method === "paper" ? await paperResponsesOf(ctx.db, s.id) : { scanned_responses_url: null, entered_responses: null }),
    repeats: await repeatsOf(ctx.db, s),
    sections,
    categories: categoriesOf(s.testType),
    recommendations: [...RECOMMENDATIONS],
    has_objectives: hasObjectives,
    raw_score: machine.test,
    objective_score: s.objectiveTotal === null ? null : { correct: s.objectiveCorrect ?? 0, total: s.objectiveTotal },
    held_events: s.method === "online" ? await heldEventsOf(ctx.db, s.id) : [],
    can_submit: mayScore && !s.isFinal,
    can_mark_no_show: mayScore && !s.isFinal && noShowApplies(s, answers.size),
    result: s.isFinal
      ? {
          result_state: s.resultState,
          result_value: s.resultValue,
          result_reason: s.resultReason,
          no_show: s.state === "no_show",
          scored_at: (s.scoredAt ?? s.completedAt ?? new Date()).toISOString(),
          scored_by: await userName(ctx.db, sheet?.evaluatorUserId ?? null),
          verification_key: s.verificationKey,
          did_not_finish: sheet ? !sheet.didFinish : s.resultState === "not_completed",
          categories: sheet?.categories ?? {},
          section_categories: sheet?.sectionCategories ?? {},
          recommendations: sheet?.recommendations ?? [],
          comments: sheet?.comments ?? "",
        }
      : null,
    not_completed_reasons: [...NOT_COMPLETED_REASONS],
    could_not_score_reasons: [...COULD_NOT_SCORE_REASONS],
  };
}

/**
 * A no-show applies to a test the candidate gave nothing for: an online attempt without a single
 * response, or a live or video session (the evaluator conducts it and sees whether anyone came).
 */
export function noShowApplies(s: Pick<Scoreable, "method">, responses: number): boolean {
  if (s.method === "live" || s.method === "video") return true;
  return s.method === "online" && responses === 0;
}
