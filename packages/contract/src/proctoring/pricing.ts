/**
 * Proctoring rates (client-administration.md §9): with at least an hour's notice a sitting of up to
 * 30 minutes costs $15, up to 60 minutes $23, up to 120 minutes $29; scheduling within one hour
 * adds $5. Amounts in integer cents.
 *
 * Ours (the spec stops at 120 minutes): a longer sitting (several tests reserved together, or a
 * test adjustment doubling the time) is priced as whole 120-minute blocks at $29 each plus the
 * rate of what remains, so the cost never falls as the duration grows.
 */
export const PROCTORING_RATES = [
  { upToMinutes: 30, cents: 1500 },
  { upToMinutes: 60, cents: 2300 },
  { upToMinutes: 120, cents: 2900 },
] as const;

/** The surcharge for a sitting that starts within an hour of when it is booked. */
export const PROCTORING_SHORT_NOTICE_CENTS = 500;
export const PROCTORING_SHORT_NOTICE_MINUTES = 60;

const BLOCK = PROCTORING_RATES[PROCTORING_RATES.length - 1];

function rateOf(minutes: number): number {
  if (minutes <= 0) return 0;
  return PROCTORING_RATES.find((r) => minutes <= r.upToMinutes)!.cents;
}

/** The cost in cents of proctoring `durationMinutes` (a whole number ≥ 1), with or without short notice. */
export function proctoringCostCents(durationMinutes: number, withinOneHour: boolean): number {
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1) throw new RangeError(`not a duration: ${durationMinutes}`);
  const blocks = Math.floor(durationMinutes / BLOCK.upToMinutes);
  const base = blocks * BLOCK.cents + rateOf(durationMinutes - blocks * BLOCK.upToMinutes);
  return base + (withinOneHour ? PROCTORING_SHORT_NOTICE_CENTS : 0);
}

/** Whether a sitting starting at `start` is booked within an hour of `now` (the +$5 rule). */
export function isShortNotice(start: Date, now: Date): boolean {
  return start.getTime() - now.getTime() < PROCTORING_SHORT_NOTICE_MINUTES * 60_000;
}
