import type { Element } from "@xmldom/xmldom";
import { INTERACTION_KINDS, qtiItemProblems, type Interaction, type QtiResponse, type ResponseDeclaration } from "@parlance/contract";
import { type RenderContext, renderChildren } from "./body.js";
import { parseOutcomeDeclaration, parseResponseDeclaration, parseResponseProcessing } from "./declarations.js";
import { parseInteraction, type Declared } from "./interactions-parse.js";
import { sanitizeItemHtml } from "./sanitize.js";
import { processResponse } from "./score.js";
import type { QtiItem } from "./view.js";
import { attr, childElements, firstChild, localName, parseXml } from "./xml.js";

/** The QTI fields of an item (format.ts adds id, numbered, display flags). */
export type ParsedItem = Omit<QtiItem, "id" | "numbered" | "override_rtl" | "ignore_font_size" | "kind">;

export type ItemOutcome = { ok: true; item: ParsedItem; warnings: string[] } | { ok: false; problems: string[]; warnings: string[] };

/**
 * The most SCORE a response can earn: the outcome's normal-maximum, else worked out from the
 * processing (a template's mapping or 1; inline rules: the score of the correct responses).
 */
export function maxScoreOf(item: Pick<ParsedItem, "responses" | "outcomes" | "processing">): number | null {
  const p = item.processing;
  if (p.type === "none") return null;
  const declared = item.outcomes.find((o) => o.id === "SCORE")?.normal_maximum;
  if (declared !== null && declared !== undefined) return declared;
  const R = item.responses.find((r) => r.id === "RESPONSE");
  if (p.type === "template" && p.template === "match_correct") return 1;
  if (p.type === "template" && R) {
    const m = p.template === "map_response" ? R.mapping : R.area_mapping;
    if (!m) return null;
    if (m.upper_bound !== null) return m.upper_bound;
    const values = ("entries" in m ? m.entries : m.areas).map((e) => e.value).filter((v) => v > 0);
    const total = R.cardinality === "single" ? Math.max(0, ...values) : values.reduce((s, v) => s + v, 0);
    return m.lower_bound !== null ? Math.max(total, m.lower_bound) : total;
  }
  const correct: QtiResponse = {};
  for (const r of item.responses) correct[r.id] = r.correct;
  const { score } = processResponse(item, correct);
  return score !== null && score > 0 ? score : null;
}

/** Parses one item file of a package. `dir` is its folder (media paths are relative to it). */
export function parseItem(xml: string, path: string, dir: string, files: ReadonlyMap<string, Buffer>, media: Map<string, string>): ItemOutcome {
  const problems: string[] = [];
  const warnings: string[] = [];
  let root: Element;
  try {
    root = parseXml(xml, path);
  } catch (err) {
    return { ok: false, problems: [(err as Error).message], warnings };
  }
  if (localName(root) !== "qti-assessment-item") return { ok: false, problems: [`${path} is not a QTI 3 item (its root is <${localName(root)}>).`], warnings };
  if (childElements(root, "qti-template-declaration").length || firstChild(root, "qti-template-processing")) {
    problems.push("It uses template variables (qti-template-declaration), which Parlance does not deliver.");
  }
  const responses = childElements(root, "qti-response-declaration").map((d) => parseResponseDeclaration(d, problems)).filter((d): d is ResponseDeclaration => d !== null);
  const outcomes = childElements(root, "qti-outcome-declaration").flatMap((d) => parseOutcomeDeclaration(d, problems) ?? []);
  const declared = new Map<string, Declared>(responses.map((r) => [r.id, r]));
  const interactions: Interaction[] = [];
  const itemMedia = new Map<string, string>();
  const ctx: RenderContext = {
    dir,
    files,
    media: itemMedia,
    problems,
    warnings,
    interaction: (el) => {
      const parsed = parseInteraction(el, ctx, declared);
      if (!parsed) return null;
      interactions.push(parsed.interaction);
      return { index: interactions.length - 1, inline: parsed.inline };
    },
  };
  const bodyEl = firstChild(root, "qti-item-body");
  const body = bodyEl ? sanitizeItemHtml(renderChildren(bodyEl, ctx)) : "";
  const processing = parseResponseProcessing(firstChild(root, "qti-response-processing"), problems);
  if (processing.type === "template" && !responses.some((r) => r.id === "RESPONSE")) problems.push(`Its response processing template ${processing.template} scores the response 'RESPONSE', which the item does not declare.`);
  const identifier = attr(root, "identifier") ?? "";
  const dirAttr = attr(bodyEl ?? root, "dir") ?? attr(root, "dir");
  const lang = attr(root, "xml:lang") ?? attr(root, "lang");
  for (const [p, m] of itemMedia) media.set(p, m);
  const item: ParsedItem = {
    identifier,
    title: (attr(root, "title") ?? identifier).slice(0, 500),
    body,
    dir: dirAttr === "rtl" ? "rtl" : dirAttr === "ltr" ? "ltr" : null,
    lang: lang && lang.length <= 35 ? lang : null,
    interactions,
    responses,
    outcomes,
    processing,
    max_score: null,
    media: [...new Set(itemMedia.values())],
    required: interactions.some((i) => ("min_choices" in i && i.min_choices > 0) || ("min_associations" in i && i.min_associations > 0) || (i.kind === "inline_choice" && i.required)),
  };
  problems.push(...qtiItemProblems({ id: identifier, interactions, responses }).map((p) => p.replace(/^Item '[^']*'(: )?/, "")));
  for (const i of interactions) {
    const ids = "choices" in i ? i.choices.map((c) => c.id) : "hotspots" in i ? i.hotspots.map((h) => h.id) : "hottexts" in i ? i.hottexts.map((h) => h.id) : [];
    if (new Set(ids).size !== ids.length) problems.push(`Its interaction of '${i.response_id}' has two choices with one identifier.`);
  }
  if (problems.length) return { ok: false, problems: [...new Set(problems)], warnings };
  try {
    item.max_score = maxScoreOf(item);
  } catch (err) {
    return { ok: false, problems: [`Its response processing cannot run (${(err as Error).message}).`], warnings };
  }
  return { ok: true, item, warnings: [...new Set(warnings)] };
}

/** Interactions counted by kind (the upload's report). */
export function countInteractions(items: { interactions: Interaction[] }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const k of INTERACTION_KINDS) counts[k] = 0;
  for (const item of items) for (const i of item.interactions) counts[i.kind]++;
  return counts;
}
