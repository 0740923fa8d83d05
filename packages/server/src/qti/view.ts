import type { CandidateQtiItem, ContentItem, Interaction } from "@parlance/contract";

/** A content item of kind "qti" (its server shape, with declarations and processing). */
export type QtiItem = Extract<ContentItem, { kind: "qti" }>;

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The candidate part of a QTI item (what the section API and the scoring page send): picked field
 * by field, so declarations, correct responses, mappings and processing never leave the server.
 * Package paths (media/…) become the URLs `urlOf(n)` gives for the item's n-th file (from 1).
 */
export function candidateView(item: QtiItem, urlOf: (file: number) => string): CandidateQtiItem {
  const urls = new Map(item.media.map((p, i) => [p, urlOf(i + 1)]));
  // Sanitised HTML quotes every attribute, so a path appears as "media/…" exactly where it is used.
  const html = (s: string) => (urls.size === 0 ? s : s.replace(/"(media\/[^"]+)"/g, (m, p: string) => (urls.has(p) ? `"${escapeAttr(urls.get(p)!)}"` : m)));
  const src = (p: string) => urls.get(p) ?? p;
  const interaction = (i: Interaction): Interaction => {
    const prompt = i.prompt === null ? null : html(i.prompt);
    switch (i.kind) {
      case "choice":
      case "order":
        return { ...i, prompt, choices: i.choices.map((c) => ({ ...c, html: html(c.html) })) };
      case "associate":
        return { ...i, prompt, choices: i.choices.map((c) => ({ ...c, html: html(c.html) })) };
      case "gap_match":
        return { ...i, prompt, body: html(i.body), gap_texts: i.gap_texts.map((c) => ({ ...c, html: html(c.html) })) };
      case "match":
        return { ...i, prompt, sources: i.sources.map((c) => ({ ...c, html: html(c.html) })), targets: i.targets.map((c) => ({ ...c, html: html(c.html) })) };
      case "hot_text":
        return { ...i, prompt, body: html(i.body) };
      case "hotspot":
      case "select_point":
        return { ...i, prompt, image: { ...i.image, src: src(i.image.src) } };
      case "media":
        return { ...i, prompt, media: { ...i.media, src: src(i.media.src) } };
      default:
        return { ...i, prompt };
    }
  };
  return { title: item.title, body: html(item.body), dir: item.dir, lang: item.lang, interactions: item.interactions.map(interaction) };
}
