import sanitizeHtml from "sanitize-html";

/**
 * An article body as HTML that cannot run anything: an allowlist of text, heading, list, table,
 * link and image elements (sanitize-html). Scripts, styles, event handlers, `javascript:` and
 * `data:` addresses, frames and forms are dropped, their text with them for script and style.
 * Applied to every body the server saves; the screen sanitises again before showing it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "strong", "b", "em", "i", "u", "s",
    "sub", "sup", "small", "mark", "ul", "ol", "li", "dl", "dt", "dd", "a", "img", "figure", "figcaption",
    "table", "caption", "thead", "tbody", "tfoot", "tr", "th", "td", "span", "div",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // A link leaves the portal without handing it the opener.
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The few entities sanitize-html writes into text it keeps. */
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/**
 * A text field (title, summary, tag) as plain text: markup is dropped, its text kept (a typed
 * `<img onerror=…>` is gone, "Scores < 5" stays as typed). Stored so, every reader gets text.
 */
export function plainText(value: string): string {
  const text = sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: "discard" });
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e).trim();
}

/** The addresses of a body's images, as the sanitised HTML keeps them. */
export function imageSources(html: string): string[] {
  const sources: string[] = [];
  sanitizeHtml(html, {
    allowedTags: ["img"],
    allowedAttributes: { img: ["src"] },
    transformTags: {
      img: (tagName, attribs) => {
        sources.push(attribs.src ?? "");
        return { tagName, attribs };
      },
    },
  });
  return sources;
}
