import { createHash } from "node:crypto";
import { RESPONSE_KINDS, type ContentItem, type TestContent } from "@parlance/contract";
import { itemsInOrder } from "../content/read.js";

/** Answers as stored, by item id. */
export type AnswerMap = Map<string, { response: string; seq: number }>;

export const isResponseItem = (item: ContentItem) => RESPONSE_KINDS.includes(item.kind);

/**
 * The receipt: SHA-256 (hex) of JSON.stringify([[itemId, response], …]) over the answered items
 * in content order. Anyone holding the recorded answers can recompute it. The Thank You receipt
 * shows the answer journal's chain head beside it (issue 27): that hash commits to every event.
 */
export function receiptOf(content: TestContent, answers: AnswerMap): { receipt: string; answered: number; items: number } {
  const recorded: [string, string][] = [];
  let items = 0;
  let answered = 0;
  for (const { item } of itemsInOrder(content)) {
    if (!isResponseItem(item)) continue;
    items++;
    const a = answers.get(item.id);
    if (!a) continue;
    recorded.push([item.id, a.response]);
    if (a.response.trim() !== "") answered++;
  }
  return { receipt: createHash("sha256").update(JSON.stringify(recorded)).digest("hex"), answered, items };
}
