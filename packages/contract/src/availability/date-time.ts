/**
 * The date-times of an individual conflict on the wire: ISO 8601 with seconds optional and a zone
 * that names the instant (`Z` or `±HH:MM`), e.g. "2026-03-10T09:00:00-04:00". Parsed strictly:
 * JavaScript's Date.parse turns "2026-02-30" into March 2 and "24:00" into the next day, so the
 * parts are checked here first.
 */

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Conflicts are dated within these years (a bound on input; nothing earlier or later is bookable). */
export const CONFLICT_MIN_YEAR = 2000;
export const CONFLICT_MAX_YEAR = 2999;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The instant an ISO 8601 date-time with a zone names, or null when it is not one (or out of range). */
export function parseZonedDateTime(text: string): Date | null {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
  const second = Number(m[6] ?? 0);
  const millis = Number((m[7] ?? "0").padEnd(3, "0"));
  if (year < CONFLICT_MIN_YEAR || year > CONFLICT_MAX_YEAR) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (m[8] !== "Z") {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 14 || om > 59) return null;
    offsetMinutes = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000);
}
