import { createHash } from "node:crypto";

/** JSON with object keys sorted at every level: the same content always gives the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * The identity of a content version: the checked content (so re-indenting a file or spelling out
 * a default changes nothing) and the bytes of its media (so a re-recorded clip is a new version).
 */
export function contentHash(content: unknown, media: unknown): string {
  return createHash("sha256").update(stableJson({ content, media })).digest("hex");
}
