/** The audio player's constants and small rules (spec §4/§9). */

export const PLAYBACK_SPEEDS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const REWIND_SECONDS = 10;

/** m:ss, or h:mm:ss from an hour; a position not yet known counts as 0. */
export function formatClock(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** Plays still to be had; null when unlimited. */
export function playsLeft(allowed: number | null, used: number): number | null {
  return allowed === null ? null : Math.max(0, allowed - used);
}
