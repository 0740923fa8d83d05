import {
  ITEM_KINDS,
  TEST_TYPES,
  type ContentItem,
  type ContentSection,
  type ItemView,
  type SectionView,
  type TestContent,
  type TestContentView,
} from "@parlance/contract";
import { itemsInOrder } from "../content/read.js";
import type { AnswerMap } from "../attempts/index.js";
import { candidateView } from "../qti/index.js";

/**
 * Turns stored content (which holds radio answer keys and audio transcripts) into what the
 * candidate may see. Every field is picked explicitly: a field added to the content format later
 * stays on the server until someone decides to send it.
 */


export function contentView(
  assignedTestId: number,
  content: TestContent,
  opts: { currentSection: number; remainingMs: number | null },
): TestContentView {
  const side = (l: TestContent["target_language"]) => (l ? { name: l.name, right_to_left: l.right_to_left, show_word_count: l.show_word_count } : null);
  return {
    id: assignedTestId,
    current_section: opts.currentSection,
    target_language: side(content.target_language),
    source_language: side(content.source_language),
    minimum_response: content.minimum_response ?? null,
    line_height: content.line_height ?? null,
    font_size: content.font_size ?? null,
    test_type_short_name: content.test_type_short_name,
    test_type_id: TEST_TYPES.indexOf(content.test_type_short_name) + 1,
    right_to_left: content.right_to_left,
    description: content.description,
    candidate_test_sections: content.sections.map((s, i) => ({
      id: i + 1,
      position: i + 1,
      title: s.title ?? null,
      timed: s.timed,
      item_count: s.items.length,
    })),
    time_limit: opts.remainingMs,
    answer_review: content.answer_review,
  };
}

/** Where the browser gets an item's image, audio or video: the media route, within the candidate's attempt. */
export const mediaUrl = (assignedTestId: number, itemId: string) => `/api/test_content/media/${assignedTestId}?item=${encodeURIComponent(itemId)}`;

function itemView(item: ContentItem, position: number, number: number | null, answers: AnswerMap, assignedTestId: number): ItemView {
  const answer = answers.get(item.id);
  const src = mediaUrl(assignedTestId, item.id);
  const view: ItemView = {
    id: item.id,
    number,
    heading_text: item.kind === "heading" ? item.text : null,
    choices: item.kind === "radio" ? item.choices.map((c) => ({ id: c.id, label: c.label })) : null,
    item_text: item.kind === "heading" || item.kind === "qti" ? null : (item.text ?? null),
    item_image: item.kind === "image" ? { src, alt: item.alt } : null,
    item_audio:
      item.kind === "audio"
        ? { src, kind: "audio", direction: item.direction, plays: item.plays ?? null }
        : item.kind === "video"
          ? { src, kind: "video", direction: "sending", plays: item.plays ?? null }
          : null,
    override_rtl: item.override_rtl,
    ignore_font_size: item.ignore_font_size,
    required: "required" in item ? item.required : false,
    item_type_id: ITEM_KINDS[item.kind],
    position,
    response: answer?.response ?? null,
    seq: answer?.seq ?? null,
    minimum_words: item.kind === "short_text" ? (item.minimum_words ?? null) : null,
    max_length: item.kind === "short_text" || item.kind === "sized_text" ? item.max_length : null,
    size: item.kind === "sized_text" ? item.size : null,
    word_limit: item.kind === "textarea" ? (item.word_limit ?? null) : null,
    rows: item.kind === "fixed_textarea" ? item.rows : null,
    qti: item.kind === "qti" ? candidateView(item, (file) => `${src}&file=${file}`) : null,
  };
  return view;
}

/** One section (numbered from 1) with the candidate's saved responses. */
export function sectionView(content: TestContent, sectionNo: number, answers: AnswerMap, remainingMs: number | null, assignedTestId: number): SectionView {
  const numbers = new Map(itemsInOrder(content).map((e) => [e.item.id, e.number]));
  const section: ContentSection = content.sections[sectionNo - 1];
  return {
    id: sectionNo,
    title: section.title ?? null,
    has_previous: sectionNo > 1,
    has_next: sectionNo < content.sections.length,
    position: sectionNo,
    timed: section.timed,
    items: section.items.map((item, i) => itemView(item, i + 1, numbers.get(item.id) ?? null, answers, assignedTestId)),
    time_limit: remainingMs,
  };
}
