import type { CandidateQtiItem, Interaction } from "./interactions.js";
import type { QtiSingle, QtiValue } from "./qti-processing.js";

/**
 * How a QTI item's response is saved: ONE string per item (the answer path is unchanged), the
 * canonical JSON of an object from response identifier to value, keys sorted, answered
 * interactions only. "" (or "{}") is "not answered". Values by interaction kind:
 *   choice, hot_text, hotspot   "A" (single) or ["A","C"] (multiple)
 *   inline_choice               "A"
 *   text_entry, extended_text   "the text"
 *   gap_match                   [["W1","G1"],["W2","G2"]]   [gap text, gap]
 *   match                       [["S1","T2"]]                [source, target]
 *   associate                   [["A","B"]]                  unordered pair
 *   order                       ["C","A","B"]                first to last
 *   select_point                [120,45] or [[120,45],[10,9]] image pixels
 *   media                       2                            plays used
 *   end_attempt                 true
 * e.g. {"GAP1":"B","GAP2":"went","RESPONSE":["A","C"]}
 */

export type QtiResponse = Record<string, QtiValue>;

/**
 * One value: a string (≤ 100,000), a finite number, a boolean, or a pair of short strings (≤ 64)
 * or of finite numbers. Checked by hand, not with zod: the test page reads every QTI answer through
 * decodeQtiResponse, and zod was 26 kB of its first screen on a phone (issue 26 §3).
 */
function isSingle(v: unknown): boolean {
  if (typeof v === "string") return v.length <= 100_000;
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v === "boolean") return true;
  if (!Array.isArray(v) || v.length !== 2) return false;
  return v.every((x) => typeof x === "string" && x.length <= 64) || v.every((x) => typeof x === "number" && Number.isFinite(x));
}

/** The shape of any saved QTI response (before checking it against the item's interactions): identifier (≤ 64) → a value or a list of ≤ 1,000. */
function isQtiResponse(json: unknown): json is QtiResponse {
  if (typeof json !== "object" || json === null || Array.isArray(json) || Object.getPrototypeOf(json) !== Object.prototype) return false;
  return Object.entries(json).every(([key, v]) => key.length <= 64 && (isSingle(v) || (Array.isArray(v) && v.length <= 1000 && v.every(isSingle))));
}

/** The canonical string of a response: keys sorted, null and empty values left out. */
export function encodeQtiResponse(response: QtiResponse): string {
  const keys = Object.keys(response)
    .filter((k) => response[k] !== null && response[k] !== "" && !(Array.isArray(response[k]) && (response[k] as unknown[]).length === 0 && !isTuple(response[k])))
    .sort();
  if (keys.length === 0) return "";
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = response[k];
  return JSON.stringify(out);
}

const isTuple = (v: unknown) => Array.isArray(v) && v.length === 2 && typeof v[0] !== "object";

/** Parses a saved response; null when it is not a QTI response object. "" is the empty response. */
export function decodeQtiResponse(raw: string | null | undefined): QtiResponse | null {
  if (raw === null || raw === undefined || raw.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  return isQtiResponse(json) ? json : null;
}

export const qtiResponseMessages = {
  notJson: "The answer is not a QTI response (a JSON object by response identifier).",
  unknownResponse: "The answer names '{id}', which is not a response of this question.",
  badValue: "The answer to '{id}' is not of the right kind.",
  unknownChoice: "The answer to '{id}' names '{choice}', which is not one of its choices.",
  tooMany: "The answer to '{id}' has more selections than allowed ({max}).",
  tooLong: "The answer to '{id}' is longer than {max} characters.",
} as const;

const fill = (t: string, v: Record<string, string | number>) => t.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ""));

/** The ids a candidate may choose in an interaction (for pairs: the ids of either side). */
function idsOf(i: Interaction): { first: Set<string>; second: Set<string> } | null {
  const s = (a: { id: string }[]) => new Set(a.map((x) => x.id));
  switch (i.kind) {
    case "choice":
    case "order":
    case "inline_choice":
      return { first: s(i.choices), second: s(i.choices) };
    case "hot_text":
      return { first: s(i.hottexts), second: s(i.hottexts) };
    case "hotspot":
      return { first: s(i.hotspots), second: s(i.hotspots) };
    case "gap_match":
      return { first: s(i.gap_texts), second: s(i.gaps) };
    case "match":
      return { first: s(i.sources), second: s(i.targets) };
    case "associate":
      return { first: s(i.choices), second: s(i.choices) };
    default:
      return null;
  }
}

function checkSingle(i: Interaction, v: QtiSingle, ids: ReturnType<typeof idsOf>): string | null {
  const bad = () => fill(qtiResponseMessages.badValue, { id: i.response_id });
  const unknown = (choice: string) => fill(qtiResponseMessages.unknownChoice, { id: i.response_id, choice });
  switch (i.base_type) {
    case "identifier":
      if (typeof v !== "string") return bad();
      return ids && !ids.first.has(v) ? unknown(v) : null;
    case "pair":
    case "directedPair": {
      if (!Array.isArray(v) || typeof v[0] !== "string" || typeof v[1] !== "string") return bad();
      const [a, b] = v as [string, string];
      if (!ids) return null;
      // An associate pair is unordered: either side from the one list.
      if (!ids.first.has(a)) return unknown(a);
      if (!ids.second.has(b)) return unknown(b);
      return null;
    }
    case "point":
      return Array.isArray(v) && typeof v[0] === "number" && typeof v[1] === "number" ? null : bad();
    case "string":
      if (typeof v !== "string") return bad();
      return v.length > 100_000 ? fill(qtiResponseMessages.tooLong, { id: i.response_id, max: 100_000 }) : null;
    case "integer":
      return typeof v === "number" && Number.isInteger(v) ? null : typeof v === "string" ? null : bad();
    case "float":
      return typeof v === "number" || typeof v === "string" ? null : bad();
    case "boolean":
      return typeof v === "boolean" ? null : bad();
  }
}

/**
 * Checks a saved response against the item's interactions: known response ids, values of the
 * declared cardinality and base type, chosen ids among the interaction's choices, no more
 * selections than allowed. Returns the first problem (a sentence for the candidate), or null.
 */
export function checkQtiResponse(item: Pick<CandidateQtiItem, "interactions">, raw: string): string | null {
  const response = decodeQtiResponse(raw);
  if (response === null) return qtiResponseMessages.notJson;
  const byId = new Map(item.interactions.map((i) => [i.response_id, i]));
  for (const [id, value] of Object.entries(response)) {
    const i = byId.get(id);
    if (!i) return fill(qtiResponseMessages.unknownResponse, { id });
    if (value === null) continue;
    const ids = idsOf(i);
    if (i.cardinality === "single") {
      // A pair or a point is itself a two-element array.
      const problem = checkSingle(i, value as QtiSingle, ids);
      if (problem) return problem;
      continue;
    }
    if (!Array.isArray(value) || (value.length === 2 && !Array.isArray(value[0]) && (i.base_type === "pair" || i.base_type === "directedPair" || i.base_type === "point"))) {
      return fill(qtiResponseMessages.badValue, { id });
    }
    for (const v of value as QtiSingle[]) {
      const problem = checkSingle(i, v, ids);
      if (problem) return problem;
    }
    const max = "max_choices" in i ? i.max_choices : "max_associations" in i ? i.max_associations : 0;
    if (max > 0 && value.length > max) return fill(qtiResponseMessages.tooMany, { id, max });
    if (i.kind === "order" && new Set(value as string[]).size !== value.length) return fill(qtiResponseMessages.badValue, { id });
  }
  return null;
}
