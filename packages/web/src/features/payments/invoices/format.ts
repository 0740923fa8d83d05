import type { Language } from "@parlance/contract";
import { formatDate } from "../../../i18n/format";

/** A calendar day (YYYY-MM-DD) in the date style of every screen: read at noon UTC so no zone moves it. */
export function formatDay(day: string, language: Language): string {
  return formatDate(`${day}T12:00:00Z`, language, "UTC");
}

/** Today as YYYY-MM-DD in Eastern Time (the provider's business day: invoices are due by it). */
export function businessToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
