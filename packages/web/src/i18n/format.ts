import { INTL_LOCALE, type Language, DATE_STYLE, DATE_TIME_STYLE, TIME_STYLE } from "@parlance/contract";

export const DEFAULT_TIME_ZONE = "America/New_York";

/**
 * One formatter per language and options, made once (issue 26 §3): making an Intl formatter is far
 * dearer than using one, and a list or table formats every row (on a phone's CPU, a Take a Test
 * card's dates and names took most of its drawing).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat>(kind: string, language: Language, options: object, make: () => F): F {
  const key = `${kind} ${language} ${JSON.stringify(options)}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) formatters.set(key, (found = make()));
  return found;
}
const dateTimeFormat = (language: Language, options: Intl.DateTimeFormatOptions) =>
  formatter("date", language, options, () => new Intl.DateTimeFormat(INTL_LOCALE[language], options));
const numberFormat = (language: Language, options: Intl.NumberFormatOptions) =>
  formatter("number", language, options, () => new Intl.NumberFormat(INTL_LOCALE[language], options));

/** A date and time in the chosen language and time zone. */
export function formatDateTime(value: Date | string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(language, { ...DATE_TIME_STYLE, timeZone }).format(new Date(value));
}

/** A time of day with seconds (e.g. when answers were last saved). */
export function formatTime(value: Date | string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(language, { timeStyle: "medium", timeZone }).format(new Date(value));
}

/** The time of day of an appointment, as the time part of formatDateTime shows it (no seconds). */
export function formatClockTime(value: Date | string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(language, { ...TIME_STYLE, timeZone }).format(new Date(value));
}

/**
 * A date (no time) in the chosen language and time zone: the same style as the date part of
 * formatDateTime, so a table that shows both never mixes "Nov 25" and "November 25".
 */
export function formatDate(value: Date | string, language: Language, timeZone = DEFAULT_TIME_ZONE): string {
  return dateTimeFormat(language, { ...DATE_STYLE, timeZone }).format(new Date(value));
}

/** Money is held in cents and shown in dollars with two decimals; a negative amount has a leading minus. */
export function formatMoney(cents: number, language: Language): string {
  return numberFormat(language, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: "auto" }).format(cents / 100);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(language, {}).format(value);
}

/** A calendar month, "2026-03" → "Mar 2026" (a month of the chart's axis and table). */
export function formatMonth(month: string, language: Language): string {
  const [year, mon] = month.split("-").map(Number);
  return dateTimeFormat(language, { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year!, mon! - 1, 15)));
}

/** Names joined as the language writes a list ("A, B and C"; "A、B和C"). */
export function formatList(items: string[], language: Language): string {
  return formatter("list", language, {}, () => new Intl.ListFormat(INTL_LOCALE[language], { type: "conjunction" })).format(items);
}
