/** A piece of a mail's text: plain text, or a web address to show as a link. */
export type TextPart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

// http(s) addresses up to whitespace or a closing bracket/quote; trailing punctuation is not part of it.
const URL_RE = /https?:\/\/[^\s<>"')\]]+/g;

/** Splits plain text into text and link parts, so a mail's links can be followed from the mailbox. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    let href = match[0];
    const trailing = /[.,;:!?]+$/.exec(href)?.[0] ?? "";
    href = href.slice(0, href.length - trailing.length);
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
