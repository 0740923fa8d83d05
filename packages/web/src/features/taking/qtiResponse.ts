import { decodeQtiResponse, encodeQtiResponse, type CandidateQtiItem, type Interaction, type QtiValue } from "@parlance/contract";

/**
 * A QTI item's one saved string (contract content/qti-response.ts: the canonical JSON of an object
 * by response identifier) as the runner reads and changes it. Every change goes back through the
 * answer store as a whole new string, so the item is saved like any other answer.
 */

/** Interactions that ask for an answer (a media's plays and an end attempt's press are not answers). */
export const isAnswerable = (i: Interaction) => i.kind !== "media" && i.kind !== "end_attempt";

/** Whether a value says something: not missing, not blank, not an empty list. */
export function hasValue(v: QtiValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === "string") return v.trim() !== "";
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/** The response after one interaction's value changed (null: the value is cleared). */
export function withValue(raw: string | undefined, responseId: string, value: QtiValue | null): string {
  const current = decodeQtiResponse(raw) ?? {};
  return encodeQtiResponse({ ...current, [responseId]: value });
}

/** How much of an item is answered: the answerable interactions with a value, of all of them. */
export function completion(qti: Pick<CandidateQtiItem, "interactions">, raw: string | undefined): { answered: number; total: number } {
  const response = decodeQtiResponse(raw) ?? {};
  const answerable = qti.interactions.filter(isAnswerable);
  return { answered: answerable.filter((i) => hasValue(response[i.response_id])).length, total: answerable.length };
}

/** Written, when every answer it asks for is typed (the warnings' "text" questions); otherwise chosen. */
export function questionKind(qti: Pick<CandidateQtiItem, "interactions">): "choice" | "text" {
  const answerable = qti.interactions.filter(isAnswerable);
  return answerable.length > 0 && answerable.every((i) => i.kind === "text_entry" || i.kind === "extended_text") ? "text" : "choice";
}

/** Whether the candidate ended the attempt at the item (its answers are then kept as they are). */
export function attemptEnded(qti: Pick<CandidateQtiItem, "interactions">, raw: string | undefined): boolean {
  const response = decodeQtiResponse(raw) ?? {};
  return qti.interactions.some((i) => i.kind === "end_attempt" && response[i.response_id] === true);
}
