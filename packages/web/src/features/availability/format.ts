import { useMemo } from "react";
import { DATE_TIME_STYLE, INTL_LOCALE, WEEKDAYS, parseTimeOfDay, timeOfDayChoices, type Language, type Weekday } from "@parlance/contract";

/**
 * How the Availability screen writes days and times: in the shown language, with the time part of
 * the shared date-time style (common/date-style.ts), so "8:00 AM" here reads as in every other date-time.
 */

/** A wall-clock "HH:MM:SS" as the language writes a time of day ("8:00 AM", "上午8:00"). */
export function formatTimeOfDay(time: string, language: Language): string {
  const seconds = parseTimeOfDay(time) ?? 0;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { timeStyle: DATE_TIME_STYLE.timeStyle, timeZone: "UTC" }).format(new Date(Date.UTC(2000, 0, 1) + seconds * 1000));
}

/** Weekday names in the language, Sunday first (2023-01-01 was a Sunday). */
export function weekdayNames(language: Language): Record<Weekday, string> {
  const f = new Intl.DateTimeFormat(INTL_LOCALE[language], { weekday: "long", timeZone: "UTC" });
  return Object.fromEntries(WEEKDAYS.map((day, i) => [day, f.format(new Date(Date.UTC(2023, 0, 1 + i)))])) as Record<Weekday, string>;
}

/** The 96 time choices of every picker (15-minute steps), labelled in the language. */
export function useTimeChoices(language: Language): { value: string; label: string }[] {
  return useMemo(() => timeOfDayChoices().map((value) => ({ value, label: formatTimeOfDay(value, language) })), [language]);
}
