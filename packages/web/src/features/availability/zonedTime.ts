/**
 * Wall-clock dates and times in an IANA zone ↔ instants, with Intl only (the web app has no date
 * library). Individual conflicts are shown and entered in the zone the person picks; the API takes
 * ISO 8601 with the offset, which names the instant.
 */

export interface WallClock {
  /** yyyy-MM-dd */
  date: string;
  /** HH:MM:SS */
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, ms: number): Record<string, number> {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(zone, f);
  }
  const out: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** Minutes east of UTC of `zone` at the instant `ms`. */
function offsetMinutes(zone: string, ms: number): number {
  const p = partsIn(zone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** The wall clock of an instant in `zone`. */
export function wallClockOf(instant: Date | string, zone: string): WallClock {
  const p = partsIn(zone, new Date(instant).getTime());
  return { date: `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour % 24)}:${pad(p.minute)}:${pad(p.second)}` };
}

/**
 * The instant a wall-clock time in `zone` names. In the hour repeated when clocks go back it is the
 * first one; a time skipped when clocks go forward comes out an hour earlier.
 */
export function instantOf({ date, time }: WallClock, zone: string): Date {
  const [y, mo, d] = date.split("-").map(Number);
  const [h, mi, s = 0] = time.split(":").map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The offset at a first guess, then the offset at the instant that guess gives.
  const guess = asUtc - offsetMinutes(zone, asUtc) * 60_000;
  return new Date(asUtc - offsetMinutes(zone, guess) * 60_000);
}

/** ISO 8601 with the zone's offset at that instant, e.g. 2026-03-10T09:00:00-04:00 (what the API takes). */
export function isoWithOffset(instant: Date, zone: string): string {
  const { date, time } = wallClockOf(instant, zone);
  const offset = offsetMinutes(zone, instant.getTime());
  return `${date}T${time}${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

/** The date `days` days after a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}
