/** The longest slug (spec §5). */
export const SLUG_MAX = 255;

/**
 * A URL-safe slug: lower-case ASCII letters and digits between single hyphens, accents dropped.
 * All digits would read as an article id in /news/{slug-or-id}, so such a slug gets a prefix.
 */
export function slugify(text: string): string {
  const base = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  if (base === "") return "";
  return /^\d+$/.test(base) ? `news-${base}`.slice(0, SLUG_MAX) : base;
}

/** The first of `base`, `base-2`, `base-3`, … that `taken` does not hold (kept within SLUG_MAX). */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
