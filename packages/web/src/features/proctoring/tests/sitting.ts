import { INTL_LOCALE, type Language } from "@parlance/contract";

/** A time zone's name in the chosen language ("Eastern Time", "北美东部时间"), from the browser's own data. */
export function zoneName(zone: string, language: Language): string {
  const part = new Intl.DateTimeFormat(INTL_LOCALE[language], { timeZone: zone, timeZoneName: "longGeneric" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName");
  return part?.value ?? zone;
}
