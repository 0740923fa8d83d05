/**
 * Test prices (client-administration.md §9), in integer cents: a fee per test by its duration,
 * lower with more than an hour's notice, otherwise the higher price.
 *   30 minutes (Listening and Speaking): $20, or $15 with more than an hour's notice.
 *   60 minutes (Reading or Writing): $28, or $23.
 *   120 minutes (Translation): $34, or $29.
 *
 * Ours (docs/api.md, Payments): a duration between tiers takes the next tier up (45 minutes is
 * priced as 60); one over 120 minutes (no catalogue test is) is priced as 120. "Notice" is the time
 * from the payment to the test's appointment; a test without an appointment (taken whenever the
 * candidate starts it) keeps nobody waiting and is priced with notice.
 */
export const TEST_PRICES = [
  { upToMinutes: 30, withNoticeCents: 1500, shortNoticeCents: 2000 },
  { upToMinutes: 60, withNoticeCents: 2300, shortNoticeCents: 2800 },
  { upToMinutes: 120, withNoticeCents: 2900, shortNoticeCents: 3400 },
] as const;

/** More than this many minutes before the appointment is "more than an hour's notice". */
export const TEST_PRICE_NOTICE_MINUTES = 60;

/** Whether a test at `appointment` (null: none) paid at `now` has more than an hour's notice. */
export function hasNotice(appointment: Date | null, now: Date): boolean {
  if (appointment === null) return true;
  return appointment.getTime() - now.getTime() > TEST_PRICE_NOTICE_MINUTES * 60_000;
}

/** The fee in cents of a test of `durationMinutes` (a whole number ≥ 1), with or without notice. */
export function testPriceCents(durationMinutes: number, withNotice: boolean): number {
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1) throw new RangeError(`not a duration: ${durationMinutes}`);
  const tier = TEST_PRICES.find((t) => durationMinutes <= t.upToMinutes) ?? TEST_PRICES[TEST_PRICES.length - 1];
  return withNotice ? tier.withNoticeCents : tier.shortNoticeCents;
}
