import sanitizeHtml from "sanitize-html";

/**
 * The last word on an item's HTML (body.ts writes only allowed elements already; this is the
 * second wall): text, lists, tables, images, audio and video of the package's own files (media/…
 * paths only), MathML, and our data-qti-* markers. No script, style, event handler, frame, form,
 * and no URL other than https links and package media.
 */
export const HTML_TAGS = [
  "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "strong", "b", "em", "i", "u", "s",
  "sub", "sup", "small", "big", "mark", "abbr", "cite", "q", "dfn", "kbd", "samp", "var", "bdo", "bdi", "ul", "ol", "li", "dl", "dt", "dd",
  "a", "img", "figure", "figcaption", "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "colgroup", "col",
  "span", "div", "section", "article", "aside", "header", "footer", "nav", "address", "label", "ruby", "rt", "rp",
  "audio", "video", "source", "track",
];
export const MATHML_TAGS = [
  "math", "mi", "mn", "mo", "ms", "mtext", "mspace", "mrow", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded", "mphantom",
  "mfenced", "menclose", "msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts", "mprescripts", "none",
  "mtable", "mtr", "mtd", "mlabeledtr", "semantics", "annotation",
];
const GLOBAL_ATTRS = ["class", "dir", "lang", "title", "data-qti-slot", "data-qti-gap", "data-qti-hottext"];
const MATH_ATTRS = ["mathvariant", "display", "displaystyle", "scriptlevel", "fence", "separator", "stretchy", "symmetric", "lspace", "rspace", "accent", "accentunder", "open", "close", "separators", "notation", "columnalign", "rowalign", "linethickness", "form", "xmlns"];

export const ALLOWED_ATTRS: Record<string, string[]> = {
  "*": GLOBAL_ATTRS,
  a: ["href", "rel"],
  img: ["src", "alt", "width", "height"],
  audio: ["src", "controls"],
  video: ["src", "controls", "width", "height", "poster"],
  source: ["src", "type"],
  track: ["src", "kind", "srclang", "label"],
  th: ["scope", "colspan", "rowspan", "headers"],
  td: ["colspan", "rowspan", "headers"],
  col: ["span"],
  colgroup: ["span"],
  ol: ["start", "type"],
  ...Object.fromEntries(MATHML_TAGS.map((t) => [t, MATH_ATTRS])),
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_TAGS, ...MATHML_TAGS],
  allowedAttributes: ALLOWED_ATTRS,
  allowedSchemes: ["https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href", "src", "poster"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  parser: { lowerCaseTags: false, lowerCaseAttributeNames: false },
  // Media only from the package (media/… paths written by body.ts); a link leaves without the opener.
  exclusiveFilter: (frame) => ["img", "audio", "video", "source", "track"].includes(frame.tag) && frame.attribs.src !== undefined && !/^media\//.test(frame.attribs.src),
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizeItemHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
