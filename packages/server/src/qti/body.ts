import type { Element, Node } from "@xmldom/xmldom";
import { ALLOWED_ATTRS, HTML_TAGS, MATHML_TAGS } from "./sanitize.js";
import { normalisePath } from "./zip.js";
import { CDATA_NODE, ELEMENT_NODE, TEXT_NODE, attr, esc, localName } from "./xml.js";

/**
 * Renders QTI item-body XML as HTML: allowed XHTML and MathML elements kept with allowed
 * attributes, package media paths turned into media/… paths, interactions replaced by slot markers
 * (the parser of each interaction is `ctx.interaction`), gaps and hot texts by their markers.
 * What cannot be delivered is a problem of the item (it is refused); what is dropped for safety
 * (script, handlers, javascript: URLs) is a warning.
 */

export interface RenderContext {
  /** The item file's folder in the package (media paths are relative to it). */
  dir: string;
  files: ReadonlyMap<string, Buffer>;
  /** package path → media/… path of every file the item uses. */
  media: Map<string, string>;
  problems: string[];
  warnings: string[];
  /** Parses an interaction element; returns its slot index, or null (a problem was noted). */
  interaction?: (el: Element) => { index: number; inline: boolean } | null;
  /** Inside a gap match or hot text: the marker of a qti-gap / qti-hottext, or null for anything else. */
  marker?: (el: Element) => string | null;
}

const HTML = new Set(HTML_TAGS);
const MATH = new Set(MATHML_TAGS);
const VOID = new Set(["br", "hr", "img", "source", "track", "col"]);
/** Dropped with everything inside. */
const DROP = new Set(["script", "style", "iframe", "frame", "frameset", "object-param", "noscript", "template", "form", "input", "button", "select", "textarea", "embed", "applet", "link", "meta", "base"]);
/** QTI elements we do not deliver: an item using one is refused, named with the element. */
const UNSUPPORTED = new Set([
  "qti-slider-interaction", "qti-drawing-interaction", "qti-upload-interaction", "qti-graphic-order-interaction",
  "qti-graphic-associate-interaction", "qti-graphic-gap-match-interaction", "qti-position-object-stage",
  "qti-position-object-interaction", "qti-custom-interaction", "qti-portable-custom-interaction", "qti-template-inline",
  "qti-template-block", "qti-printed-variable",
]);
const MEDIA_EXT = /\.(png|jpg|jpeg|svg|webp|ogg|opus|mp3|m4a|wav|webm|mp4)$/i;

/** The media/… path a package file is stored under (content/format.ts's media path rule). */
export const mediaPathOf = (packagePath: string) => {
  const safe = packagePath.replace(/[^A-Za-z0-9._/-]/g, "_");
  // Our own export writes media/… paths: they are kept, so a package re-imports to the same paths.
  return safe.startsWith("media/") ? safe : `media/qti/${safe}`;
};

/** A package file referenced from the item: its media/… path, or null (noted as a problem). */
export function mediaRef(ctx: RenderContext, src: string, what: string): string | null {
  const s = src.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith("//")) {
    ctx.problems.push(`${what} '${s.slice(0, 100)}' is outside the package; media must be files of the package.`);
    return null;
  }
  const p = normalisePath(ctx.dir ? `${ctx.dir}/${decodeURI(s)}` : decodeURI(s));
  if (p === null || !ctx.files.has(p)) {
    ctx.problems.push(`${what} '${s.slice(0, 100)}' is not in the package.`);
    return null;
  }
  if (!MEDIA_EXT.test(p)) {
    ctx.problems.push(`${what} '${s.slice(0, 100)}' is of a type Parlance does not play or show (png, jpg, svg, webp, ogg, opus, mp3, m4a, wav, webm, mp4).`);
    return null;
  }
  const mediaPath = mediaPathOf(p);
  ctx.media.set(p, mediaPath);
  return mediaPath;
}

function attributes(el: Element, tag: string, ctx: RenderContext): string {
  const allowed = new Set([...(ALLOWED_ATTRS["*"] ?? []), ...(ALLOWED_ATTRS[tag] ?? [])]);
  let out = "";
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    let name = a.name;
    if (name === "xml:lang") name = "lang";
    // Only the renderer writes markers: an author's data-qti-* is dropped.
    if (name.startsWith("data-qti-") || !allowed.has(name)) {
      if (/^on/i.test(name)) ctx.warnings.push(`An event handler (${name}) was removed.`);
      continue;
    }
    let value = a.value;
    // Boolean attributes: one spelling, so an export and re-import gives the same HTML.
    if (name === "controls") value = "";
    if (name === "src" || name === "poster") {
      const ref = mediaRef(ctx, value, `<${tag}> file`);
      if (ref === null) continue;
      value = ref;
    }
    if (name === "href" && !/^https:\/\//i.test(value.trim())) {
      ctx.warnings.push(`A link to '${value.slice(0, 60)}' was removed (only https links are kept).`);
      continue;
    }
    out += ` ${name}="${esc(value)}"`;
  }
  return out;
}

/** QTI's <object data type> in a body is an image, a recording or a video. */
function objectHtml(el: Element, ctx: RenderContext): string {
  const type = (attr(el, "type") ?? "").toLowerCase();
  const ref = mediaRef(ctx, attr(el, "data") ?? "", "<object> file");
  if (ref === null) return "";
  const label = esc(textOfNode(el).trim());
  if (type.startsWith("audio/")) return `<audio controls="" src="${esc(ref)}">${label}</audio>`;
  if (type.startsWith("video/")) return `<video controls="" src="${esc(ref)}">${label}</video>`;
  const size = ["width", "height"].map((a) => (attr(el, a) ? ` ${a}="${esc(attr(el, a)!)}"` : "")).join("");
  return `<img src="${esc(ref)}" alt="${label}"${size}>`;
}

function textOfNode(n: Node): string {
  let s = "";
  for (let c = n.firstChild; c; c = c.nextSibling) s += c.nodeType === TEXT_NODE || c.nodeType === CDATA_NODE ? (c.nodeValue ?? "") : c.nodeType === ELEMENT_NODE ? textOfNode(c) : "";
  return s;
}

export function renderNode(n: Node, ctx: RenderContext): string {
  if (n.nodeType === TEXT_NODE || n.nodeType === CDATA_NODE) return esc(n.nodeValue ?? "");
  if (n.nodeType !== ELEMENT_NODE) return "";
  const el = n as Element;
  const tag = localName(el);
  const marker = ctx.marker?.(el);
  if (marker !== undefined && marker !== null) return marker;
  if (tag.endsWith("-interaction") && !UNSUPPORTED.has(tag)) {
    const slot = ctx.interaction?.(el) ?? null;
    if (slot === null) return "";
    return slot.inline ? `<span data-qti-slot="${slot.index}"></span>` : `<div data-qti-slot="${slot.index}"></div>`;
  }
  if (UNSUPPORTED.has(tag)) {
    ctx.problems.push(`It uses <${tag}>, which Parlance does not deliver.`);
    return "";
  }
  if (tag === "qti-rubric-block") {
    const view = attr(el, "view");
    if (view !== null && !/candidate/.test(view)) return "";
    return `<div class="qti-rubric-block">${renderChildren(el, ctx)}</div>`;
  }
  if (tag === "qti-feedback-block" || tag === "qti-feedback-inline" || tag === "qti-modal-feedback") {
    ctx.warnings.push(`Feedback (<${tag}>) is not shown to candidates during a test and was left out.`);
    return "";
  }
  if (tag === "qti-stylesheet" || tag === "qti-catalog-info") return "";
  if (tag === "object") return objectHtml(el, ctx);
  if (DROP.has(tag)) {
    if (tag === "script") ctx.warnings.push("A script in the item body was removed.");
    return "";
  }
  if (tag.startsWith("qti-")) {
    ctx.problems.push(`It uses <${tag}> where Parlance expects item content.`);
    return "";
  }
  if (!HTML.has(tag) && !MATH.has(tag)) return renderChildren(el, ctx);
  const open = `<${tag}${attributes(el, tag, ctx)}>`;
  return VOID.has(tag) ? open : `${open}${renderChildren(el, ctx)}</${tag}>`;
}

export function renderChildren(el: Element, ctx: RenderContext, skip: (child: Element) => boolean = () => false): string {
  let s = "";
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === ELEMENT_NODE && skip(c as Element)) continue;
    s += renderNode(c, ctx);
  }
  return s;
}
