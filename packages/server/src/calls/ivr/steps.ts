import { IVR_MAX_RESPONSE_SECONDS, IVR_SILENCE_SECONDS, isPhoneSection, type ContentItem, type IvrPrompt, type TestContent } from "@parlance/contract";
import { MEDIA_CONTENT_TYPES } from "../../content/media.js";

/**
 * A phone test's content as the steps of a call. An IVR test's content (content/<key>.json) is
 * read in order: a heading or instructions item is text the channel speaks; an `audio` item plays
 * its recording, and a `receiving` one then records the candidate's spoken response (stored under
 * that item's id). Other items (typed questions) have no place on a call and are passed over.
 * A test that continues by phone (an online test, `continues_by_phone`) has only its `by_phone`
 * sections on the call: the others are taken in the browser.
 */

export interface IvrStep {
  itemId: string;
  prompt: IvrPrompt;
  /** Record a response after the prompt (a receiving audio item). */
  records: boolean;
}

const typeOfSrc = (src: string) => (MEDIA_CONTENT_TYPES[src.slice(src.lastIndexOf(".") + 1).toLowerCase()] ?? "audio/ogg").replace(/^video\//, "audio/");

function stepOf(item: ContentItem, language: string): IvrStep | null {
  switch (item.kind) {
    case "heading":
    case "instructions":
      return { itemId: item.id, prompt: { kind: "say", text: item.text, language }, records: false };
    case "audio":
      return {
        itemId: item.id,
        prompt: { kind: "play", item_id: item.id, content_type: typeOfSrc(item.src), text: item.transcript ?? item.text ?? null },
        records: item.direction === "receiving",
      };
    default:
      return null;
  }
}

/** The sections a call of this content takes. */
export const callSections = (content: TestContent) => (content.continues_by_phone ? content.sections.filter(isPhoneSection) : content.sections);

/** Every step of a call of this content, in order. */
export function ivrSteps(content: TestContent, language: string): IvrStep[] {
  const steps: IvrStep[] = [];
  for (const section of callSections(content)) {
    for (const item of section.items) {
      const step = stepOf(item, language);
      if (step) steps.push(step);
    }
  }
  return steps;
}

/** Items a response is recorded for, in order (what the evaluator hears). */
export const recordingItemIds = (content: TestContent): string[] => ivrSteps(content, "").filter((s) => s.records).map((s) => s.itemId);

export const RECORD_LIMITS = { max_seconds: IVR_MAX_RESPONSE_SECONDS, silence_seconds: IVR_SILENCE_SECONDS } as const;
