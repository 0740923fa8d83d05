/**
 * Deterministic randomness and dates of the demo history: a seeded generator, and moments
 * relative to `now` (business hours, Eastern wall-clock times), so every seeding plans the same.
 */

/** mulberry32: a small seeded generator, so the demo world is the same at every seeding. */
export class Rng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** How far back the history goes: 18 months. */
export const HISTORY_DAYS = 540;

/**
 * A business-hours moment on the calendar day `days` from now (negative: in the past), moved off
 * weekends in the same direction. UTC 13:00 to 20:45 is 9 am to 4:45 pm Eastern (8 am Central, 6 am
 * Pacific in winter; close enough for demo data). A day in the past is always before now, one in
 * the future always after.
 */
export function businessMoment(now: Date, days: number, rng: Rng): Date {
  const d = new Date(now.getTime() + days * DAY);
  const weekday = d.getUTCDay();
  if (weekday === 6) d.setTime(d.getTime() + (days < 0 ? -1 : 2) * DAY);
  if (weekday === 0) d.setTime(d.getTime() + (days < 0 ? -2 : 1) * DAY);
  d.setUTCHours(13 + rng.int(0, 7), rng.pick([0, 15, 30, 45]), 0, 0);
  return d;
}

export const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);

const EASTERN_PARTS = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** `hour`:00 Eastern time on the calendar day `days` from now (as the Eastern calendar counts days). */
export function easternTime(now: Date, days: number, hour: number): Date {
  const wall = (t: number) => {
    const p = Object.fromEntries(EASTERN_PARTS.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  };
  const day = new Date(wall(now.getTime() + days * DAY));
  const asUtc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour);
  // The wall clock runs behind UTC by the zone's offset at that moment (4 or 5 hours).
  return new Date(asUtc - (wall(asUtc) - asUtc));
}
