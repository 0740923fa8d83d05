import type { Element } from "@xmldom/xmldom";
import type { Interaction, QtiBaseType, QtiCardinality } from "@parlance/contract";
import { QTI_IDENTIFIER } from "@parlance/contract";
import { mediaRef, renderChildren, type RenderContext } from "./body.js";
import { sanitizeItemHtml } from "./sanitize.js";
import { attr, boolAttr, childElements, descendants, esc, firstChild, intAttr, localName, textOf } from "./xml.js";

/** Each QTI interaction element → our interaction (interactions.ts), or a problem of the item. */

export interface Declared {
  cardinality: QtiCardinality;
  base_type: QtiBaseType;
}

const KINDS: Record<string, Interaction["kind"]> = {
  "qti-choice-interaction": "choice",
  "qti-text-entry-interaction": "text_entry",
  "qti-extended-text-interaction": "extended_text",
  "qti-inline-choice-interaction": "inline_choice",
  "qti-gap-match-interaction": "gap_match",
  "qti-match-interaction": "match",
  "qti-order-interaction": "order",
  "qti-hottext-interaction": "hot_text",
  "qti-hotspot-interaction": "hotspot",
  "qti-select-point-interaction": "select_point",
  "qti-associate-interaction": "associate",
  "qti-media-interaction": "media",
  "qti-end-attempt-interaction": "end_attempt",
};
export const QTI_ELEMENT_OF = Object.fromEntries(Object.entries(KINDS).map(([el, kind]) => [kind, el])) as Record<Interaction["kind"], string>;

const INLINE = new Set(["text_entry", "inline_choice", "end_attempt"]);

/** The base types each interaction can set (QTI 3 §interactions). */
const BASE_TYPES: Record<Interaction["kind"], QtiBaseType[]> = {
  choice: ["identifier"],
  text_entry: ["string", "integer", "float"],
  extended_text: ["string", "integer", "float"],
  inline_choice: ["identifier"],
  gap_match: ["directedPair"],
  match: ["directedPair"],
  order: ["identifier"],
  hot_text: ["identifier"],
  hotspot: ["identifier"],
  select_point: ["point"],
  associate: ["pair"],
  media: ["integer"],
  end_attempt: ["boolean"],
};

const html = (el: Element, ctx: RenderContext, skip?: (c: Element) => boolean) => sanitizeItemHtml(renderChildren(el, ctx, skip));

export function parseInteraction(el: Element, ctx: RenderContext, declared: ReadonlyMap<string, Declared>): { interaction: Interaction; inline: boolean } | null {
  const tag = localName(el);
  const kind = KINDS[tag];
  if (!kind) {
    ctx.problems.push(`It uses <${tag}>, which Parlance does not deliver.`);
    return null;
  }
  const responseId = attr(el, "response-identifier") ?? "";
  const decl = declared.get(responseId);
  if (!QTI_IDENTIFIER.test(responseId) || !decl) {
    ctx.problems.push(`Its <${tag}> sets the response '${responseId}', which the item does not declare.`);
    return null;
  }
  if (!BASE_TYPES[kind].includes(decl.base_type)) {
    ctx.problems.push(`Its <${tag}> sets '${responseId}', declared of base type ${decl.base_type}; it takes ${BASE_TYPES[kind].join(" or ")}.`);
    return null;
  }
  if ((kind === "order" && decl.cardinality !== "ordered") || (["gap_match", "match", "associate"].includes(kind) && decl.cardinality === "ordered")) {
    ctx.problems.push(`Its <${tag}> sets '${responseId}', declared with cardinality ${decl.cardinality}, which it cannot take.`);
    return null;
  }
  const promptEl = firstChild(el, "qti-prompt");
  const base = { response_id: responseId, cardinality: decl.cardinality, base_type: decl.base_type, prompt: promptEl ? html(promptEl, ctx) : null };
  const isPrompt = (c: Element) => localName(c) === "qti-prompt";
  const limits = { max_choices: intAttr(el, "max-choices", kind === "choice" || kind === "hot_text" || kind === "hotspot" ? 1 : 0), min_choices: intAttr(el, "min-choices", 0) };
  const assoc = { max_associations: intAttr(el, "max-associations", 1), min_associations: intAttr(el, "min-associations", 0) };
  const option = (c: Element) => ({ id: attr(c, "identifier") ?? "", html: html(c, ctx), fixed: boolAttr(c, "fixed", false) });
  const associable = (c: Element) => ({ ...option(c), match_max: intAttr(c, "match-max", 1) });
  const shuffle = boolAttr(el, "shuffle", false);
  const image = () => {
    const img = childElements(el).find((c) => localName(c) === "img" || localName(c) === "object");
    if (!img) {
      ctx.problems.push(`Its <${tag}> has no image.`);
      return { src: "", alt: "", width: 1, height: 1 };
    }
    const src = mediaRef(ctx, attr(img, localName(img) === "img" ? "src" : "data") ?? "", `<${tag}> image`) ?? "";
    return { src, alt: attr(img, "alt") ?? textOf(img).trim(), width: intAttr(img, "width", 0) || 1, height: intAttr(img, "height", 0) || 1 };
  };
  let interaction: Interaction;
  switch (kind) {
    case "choice":
      interaction = { kind, ...base, ...limits, shuffle, orientation: attr(el, "orientation") === "horizontal" ? "horizontal" : "vertical", choices: childElements(el, "qti-simple-choice").map(option) };
      break;
    case "order":
      interaction = { kind, ...base, shuffle, orientation: attr(el, "orientation") === "horizontal" ? "horizontal" : "vertical", choices: childElements(el, "qti-simple-choice").map(option) };
      break;
    case "text_entry":
      interaction = { kind, ...base, expected_length: intAttr(el, "expected-length", 0) || null, pattern_mask: attr(el, "pattern-mask"), placeholder: attr(el, "placeholder-text") };
      break;
    case "extended_text":
      interaction = { kind, ...base, expected_lines: intAttr(el, "expected-lines", 0) || null, expected_length: intAttr(el, "expected-length", 0) || null, placeholder: attr(el, "placeholder-text") };
      break;
    case "inline_choice":
      interaction = {
        kind, ...base, shuffle, required: boolAttr(el, "required", false),
        choices: childElements(el, "qti-inline-choice").map((c) => ({ id: attr(c, "identifier") ?? "", text: textOf(c).trim(), fixed: boolAttr(c, "fixed", false) })),
      };
      break;
    case "gap_match": {
      const gaps: { id: string; required: boolean }[] = [];
      const texts = childElements(el).filter((c) => localName(c) === "qti-gap-text" || localName(c) === "qti-gap-img");
      const inner: RenderContext = {
        ...ctx,
        marker: (g) => {
          if (localName(g) !== "qti-gap") return null;
          const id = attr(g, "identifier") ?? "";
          gaps.push({ id, required: boolAttr(g, "required", false) });
          return `<span data-qti-gap="${esc(id)}"></span>`;
        },
      };
      const body = html(el, inner, (c) => isPrompt(c) || texts.includes(c));
      const gapText = (c: Element) => (localName(c) === "qti-gap-img" ? { ...associable(c), html: html(c, ctx) } : associable(c));
      interaction = { kind, ...base, ...assoc, max_associations: intAttr(el, "max-associations", 0), shuffle, gap_texts: texts.map(gapText), gaps, body };
      break;
    }
    case "match": {
      const sets = childElements(el, "qti-simple-match-set");
      if (sets.length !== 2) ctx.problems.push(`Its <${tag}> must have two <qti-simple-match-set>.`);
      const choices = (i: number) => (sets[i] ? childElements(sets[i], "qti-simple-associable-choice").map(associable) : []);
      interaction = { kind, ...base, ...assoc, shuffle, sources: choices(0), targets: choices(1) };
      break;
    }
    case "associate":
      interaction = { kind, ...base, ...assoc, shuffle, choices: childElements(el, "qti-simple-associable-choice").map(associable) };
      break;
    case "hot_text": {
      const hottexts: { id: string; text: string }[] = [];
      const inner: RenderContext = {
        ...ctx,
        marker: (h) => {
          if (localName(h) !== "qti-hottext") return null;
          const id = attr(h, "identifier") ?? "";
          hottexts.push({ id, text: textOf(h).trim() });
          return `<span data-qti-hottext="${esc(id)}">${renderChildren(h, { ...ctx })}</span>`;
        },
      };
      const body = html(el, inner, isPrompt);
      interaction = { kind, ...base, ...limits, body, hottexts };
      break;
    }
    case "hotspot": {
      const hotspots = childElements(el, "qti-hotspot-choice").map((c) => ({
        id: attr(c, "identifier") ?? "",
        shape: (["rect", "circle", "poly", "ellipse", "default"].includes(attr(c, "shape") ?? "") ? attr(c, "shape") : "default") as "rect",
        coords: (attr(c, "coords") ?? "").split(/[\s,]+/).filter(Boolean).map(Number).filter(Number.isFinite),
        label: attr(c, "hotspot-label") ?? attr(c, "identifier") ?? "",
      }));
      interaction = { kind, ...base, ...limits, image: image(), hotspots };
      break;
    }
    case "select_point":
      interaction = { kind, ...base, ...limits, image: image() };
      break;
    case "media": {
      const m = descendants(el, "audio")[0] ?? descendants(el, "video")[0] ?? descendants(el, "object")[0];
      const source = m ? (attr(m, "src") ?? attr(m, "data") ?? (descendants(m, "source")[0] ? attr(descendants(m, "source")[0], "src") : null)) : null;
      const type = m ? (attr(m, "type") ?? (descendants(m, "source")[0] ? attr(descendants(m, "source")[0], "type") : null) ?? "") : "";
      const isVideo = m ? localName(m) === "video" || type.startsWith("video/") : false;
      const src = source === null ? null : mediaRef(ctx, source, `<${tag}> recording`);
      if (source === null) ctx.problems.push(`Its <${tag}> has no recording or video.`);
      interaction = {
        kind, ...base,
        media: { src: src ?? "", type: type || (isVideo ? "video/mp4" : "audio/mpeg"), kind: isVideo ? "video" : "audio", width: m ? intAttr(m, "width", 0) || null : null, height: m ? intAttr(m, "height", 0) || null : null },
        autostart: boolAttr(el, "autostart", false), min_plays: intAttr(el, "min-plays", 0), max_plays: intAttr(el, "max-plays", 0), loop: boolAttr(el, "loop", false),
      };
      break;
    }
    case "end_attempt":
      interaction = { kind, ...base, title: attr(el, "title") ?? "End" };
      break;
  }
  return { interaction, inline: INLINE.has(kind) };
}
