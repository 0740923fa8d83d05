/** Waits between retries after a failed save; the last repeats. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 15_000];
/** A Retry-After longer than this is not believed: answers must not wait for ever on one header. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The wait before the next try after `failures` failures in a row: the backoff, or longer when the
 * server said how long to wait (a busy server's 503 Retry-After, issue 26), so that candidates'
 * browsers do not come back sooner than the server asked and keep it saturated.
 */
export function retryDelayMs(failures: number, retryAfterMs = 0): number {
  const backoff = RETRY_DELAYS_MS[Math.min(Math.max(failures - 1, 0), RETRY_DELAYS_MS.length - 1)];
  return Math.max(backoff, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}
