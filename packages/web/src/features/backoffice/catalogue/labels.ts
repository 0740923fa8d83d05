import type { CatalogueTestRow } from "@parlance/contract";

type T = (key: string, options?: Record<string, unknown>) => string;

/** How long a test lasts and its time limit, in words ("60 min · limit 45 min", "30 min · untimed"). */
export function timesOf(t: T, test: Pick<CatalogueTestRow, "duration_minutes" | "time_limit_minutes">): string {
  const limit = test.time_limit_minutes === null ? t("boCatalogue.untimed") : t("boCatalogue.limitMinutes", { count: test.time_limit_minutes });
  return `${t("boCatalogue.minutes", { count: test.duration_minutes })} · ${limit}`;
}

/** The language of a test in the reader's language (Intl), or its catalogue name. */
export function languageName(locale: string, language: { code: string; name: string }): string {
  try {
    return new Intl.DisplayNames([locale], { type: "language" }).of(language.code) ?? language.name;
  } catch {
    return language.name;
  }
}
