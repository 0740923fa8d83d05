import { ACTFL_TEXT, altaLevelOf, CANDIDATE_LANGUAGES, INTL_LOCALE, LANGUAGE_IDS, type Language, DATE_STYLE, DATE_TIME_STYLE } from "@parlance/contract";
import { translate } from "../../i18n/catalog.js";

/**
 * The language, zone and texts a results PDF is written in: the candidate's preferred language
 * (candidates.language_id 140/104/106) and time zone for their own report and certificate.
 */

const BY_ID = new Map<number, Language>(Object.entries(LANGUAGE_IDS).map(([lang, id]) => [id, lang as Language]));

export function languageOfCandidate(languageId: number): Language {
  return CANDIDATE_LANGUAGES.some((l) => l.id === languageId) ? (BY_ID.get(languageId) ?? "en-US") : "en-US";
}

export interface PdfLocale {
  language: Language;
  /** A text of the results PDFs (`resultReport.<key>`). */
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** Any translation key (scales.*, history.*). */
  tr: (key: string, vars?: Record<string, string | number>) => string;
  day: (d: Date | string) => string;
  dateTime: (d: Date) => string;
  /** The name of a test language (a BCP 47 tag) in the reader's language. */
  languageName: (code: string) => string;
  pageLabel: (page: number, pages: number) => string;
}

export function pdfLocale(language: Language, zone: string): PdfLocale {
  const locale = INTL_LOCALE[language];
  const tr = (key: string, vars: Record<string, string | number> = {}) => translate(language, key, vars);
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return {
    language,
    t: (key, vars) => tr(`resultReport.${key}`, vars),
    tr,
    // A bare day (YYYY-MM-DD) is a calendar day: format it at noon UTC so no zone moves it.
    day: (d) =>
      typeof d === "string"
        ? new Intl.DateTimeFormat(locale, { ...DATE_STYLE, timeZone: "UTC" }).format(new Date(`${d}T12:00:00Z`))
        : new Intl.DateTimeFormat(locale, { ...DATE_STYLE, timeZone: zone }).format(d),
    dateTime: (d) => new Intl.DateTimeFormat(locale, { ...DATE_TIME_STYLE, timeZone: zone }).format(d) + ` (${zoneName(locale, zone, d)})`,
    languageName: (code) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    },
    pageLabel: (page, pages) => tr("resultReport.page", { page, pages }),
  };
}

function zoneName(locale: string, zone: string, d: Date): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "long" }).formatToParts(d).find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}

/** The level with its equivalents and description in the reader's language; null off the scale. */
export function levelTexts(l: PdfLocale, value: string | null): { level: string; cefr: string; ilr: string; actfl: string; description: string } | null {
  const row = altaLevelOf(value);
  if (!row) return null;
  return {
    level: row.level,
    cefr: row.cefr,
    ilr: row.ilr,
    actfl: l.tr(`scales.actfl.${row.actfl}`) || ACTFL_TEXT[row.actfl],
    description: l.tr(`scales.levels.${row.key}`),
  };
}
