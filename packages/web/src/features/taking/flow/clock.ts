/** The countdown's rules (spec §4, §9): the server owns the deadline; the screen counts down to it. */

/** The five-minutes-left warning appears when this much time remains. */
export const WARNING_AT_MS = 300_000;

/** Time left as h:mm:ss (spec §2 "time left as h:m:s"); never negative, rounded up to the second. */
export function formatHms(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** The local instant the server's deadline falls on, from a "milliseconds remaining" reading taken at `readAt`. */
export function deadlineFrom(remainingMs: number, readAt: number): number {
  return readAt + remainingMs;
}

/** Milliseconds left at `now` (never below 0). */
export function remainingAt(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/**
 * Whether the five-minutes-left dialog is due: once, when the time left first reaches 300 s
 * (also on a resume that begins with less than that, so the candidate is told).
 */
export function warningDue(remainingMs: number, alreadyWarned: boolean): boolean {
  return !alreadyWarned && remainingMs > 0 && remainingMs <= WARNING_AT_MS;
}

/** A time limit in milliseconds shown in whole minutes (spec §3: divided by 60000). */
export function limitMinutes(ms: number): number {
  return Math.round(ms / 60_000);
}

/** One reading of the server's clock: milliseconds remaining, as received at `at` (ms since the epoch). */
export interface ClockReading {
  remainingMs: number;
  at: number;
}

/** The newest of the server's readings (start, get_section, save, heartbeat): the countdown follows it. */
export function latestReading(readings: (ClockReading | null | undefined)[]): ClockReading | null {
  let best: ClockReading | null = null;
  for (const r of readings) if (r && (!best || r.at > best.at)) best = r;
  return best;
}

/** Seconds the candidate has used of a timed test: the time limit less what the server says is left. */
export function secondsUsed(limitMs: number, remainingMs: number): number {
  return Math.max(0, Math.round((limitMs - remainingMs) / 1000));
}
