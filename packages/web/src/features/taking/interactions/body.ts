/**
 * An item body as the browser shows it: a tree of allowed elements, text and QTI elements, made
 * from the XHTML the server sends. The server sanitises the body at import (scripts, event
 * attributes, external entities and foreign URLs never reach a stored item); this is a second,
 * client-side allow-list pass so that a mistake on either side alone cannot put script in the
 * test page. Nothing here is ever given to the DOM as HTML: BodyView builds React elements from
 * the tree, so text stays text.
 */
export type BodyNode = string | BodyElement;

export interface BodyElement {
  /** An allowed HTML or MathML tag. */
  tag: string;
  attrs: Record<string, string>;
  children: BodyNode[];
}

/** The DOM's shape as far as this pass reads it (a DOMParser document, or a test's stand-in). */
export interface DomLike {
  nodeType: number;
  nodeValue: string | null;
  localName?: string;
  attributes?: ArrayLike<{ name: string; value: string }>;
  childNodes: ArrayLike<DomLike>;
}

const HTML = "p div span br b strong i em u s sub sup small mark ul ol li dl dt dd table caption thead tbody tfoot tr th td col colgroup h2 h3 h4 h5 h6 blockquote pre code q cite abbr dfn kbd samp var hr img figure figcaption audio video source track ruby rt rp bdi bdo";
const MATHML = "math mi mn mo ms mtext mspace mrow mfrac msqrt mroot msub msup msubsup munder mover munderover mtable mtr mtd mstyle mpadded mphantom menclose merror mfenced mmultiscripts mprescripts none mlabeledtr semantics";
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([...HTML.split(" "), ...MATHML.split(" ")]);

/** Tags that are dropped with everything inside them (their text is not content). */
const DROPPED_WITH_CONTENT = new Set(["script", "style", "template", "iframe", "object", "embed", "noscript", "annotation", "annotation-xml", "svg", "form", "input", "button", "select", "textarea", "link", "meta", "base"]);

/** A QTI identifier (as the contract's QTI_IDENTIFIER): what a gap or hot text marker may hold. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

const ATTRS = new Set(["lang", "dir", "alt", "title", "width", "height", "colspan", "rowspan", "scope", "headers", "abbr", "start", "reversed", "type", "kind", "srclang", "label", "controls", "mathvariant", "display", "displaystyle", "open", "close", "separators", "notation", "linethickness", "stretchy", "fence", "form", "accent", "accentunder", "align", "scriptlevel", "separator", "symmetric", "lspace", "rspace", "columnalign", "rowalign", "span"]);
const URL_ATTRS = new Set(["src", "poster"]);

/** A URL the page may load: a path on this server only (the server rewrites package files to its own media URLs). */
export const isSafeUrl = (url: string) => /^\/(?!\/)[^\s\\]*$/.test(url.trim()) && !/^\/[^/]*:/.test(url.trim());

/** The page's own origin (none in a unit test): an absolute URL on it is kept as its path. */
const here = typeof location === "undefined" ? null : location.origin;

/** The URL as a path on this server, or null when it points anywhere else. */
export function safeUrl(url: string, origin: string | null = here): string | null {
  const u = url.trim();
  const path = origin && u.startsWith(`${origin}/`) ? u.slice(origin.length) : u;
  return isSafeUrl(path) ? path : null;
}

/** The attributes kept for an allowed tag. */
function cleanAttrs(node: DomLike): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of Array.from(node.attributes ?? [])) {
    const n = name === "xml:lang" ? "lang" : name.toLowerCase();
    if (ATTRS.has(n)) out[n] = value;
    else if (URL_ATTRS.has(n) && safeUrl(value) !== null) out[n] = safeUrl(value)!;
  }
  if (out.dir && out.dir !== "rtl" && out.dir !== "ltr" && out.dir !== "auto") delete out.dir;
  // The server's markers (contract content/interactions.ts): where an interaction, a gap or a hot
  // text stands. Kept only in their own shape; BodyView draws the control there.
  const tag = (node.localName ?? "").toLowerCase();
  for (const { name, value } of Array.from(node.attributes ?? [])) {
    if (name === "data-qti-slot" && /^\d{1,3}$/.test(value) && (tag === "div" || tag === "span")) out[name] = value;
    if ((name === "data-qti-gap" || name === "data-qti-hottext") && IDENTIFIER.test(value) && tag === "span") out[name] = value;
  }
  return out;
}

/**
 * The allowed tree of a node's children. An element not on the list is unwrapped (its content
 * kept: a <font> or <a> still shows its words), unless it is one whose content is not text
 * (script, style, embedded documents), which goes with all it holds. Comments are dropped.
 */
export function cleanChildren(parent: DomLike): BodyNode[] {
  const out: BodyNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 3 || child.nodeType === 4) {
      if (child.nodeValue) out.push(child.nodeValue);
      continue;
    }
    if (child.nodeType !== 1) continue;
    const tag = (child.localName ?? "").toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (ALLOWED_TAGS.has(tag)) out.push({ tag, attrs: cleanAttrs(child), children: tag === "br" || tag === "hr" ? [] : cleanChildren(child) });
    else out.push(...cleanChildren(child));
  }
  return out;
}

/** Short html's plain text for names and announcements (a word, a picture's alt); never shown as html. */
export function plainText(html: string): string {
  return html
    .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, "$1")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
