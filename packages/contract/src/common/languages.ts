/** Interface languages, and the candidate language ids the specs use. */
export const LANGUAGES = ["en-US", "zh-HANS", "zh-HANT"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en-US";

export const LANGUAGE_IDS: Record<Language, number> = { "en-US": 140, "zh-HANS": 104, "zh-HANT": 106 };

export function parseLanguage(value: unknown): Language | undefined {
  if (typeof value !== "string") return undefined;
  const found = LANGUAGES.find((l) => l.toLowerCase() === value.toLowerCase());
  return found;
}

/** BCP 47 tag for Intl formatting. */
export const INTL_LOCALE: Record<Language, string> = { "en-US": "en-US", "zh-HANS": "zh-Hans-CN", "zh-HANT": "zh-Hant-TW" };
