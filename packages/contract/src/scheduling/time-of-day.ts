import { SLOT_STEP_MINUTES } from "./constants.js";

/**
 * Wall-clock times of day as the specs write them ("HH:MM:SS", e.g. a weekly conflict's from_time
 * and to_time), as seconds since midnight. Plain arithmetic on purpose: a time of day has no zone
 * until it is placed on a date, which the server's engine does with luxon.
 */

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** "HH:MM" or "HH:MM:SS" (00:00 to 23:59:59) to seconds since midnight; null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const m = TIME_OF_DAY.exec(text);
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/** Seconds since midnight to "HH:MM:SS" (the specs' storage form). */
export function formatTimeOfDay(seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds >= 86_400) throw new RangeError(`not a time of day: ${seconds}`);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

/** The time choices of every picker: 15-minute steps for all 24 hours ("00:00:00" … "23:45:00"). */
export function timeOfDayChoices(): string[] {
  const choices: string[] = [];
  for (let s = 0; s < 86_400; s += SLOT_STEP_MINUTES * 60) choices.push(formatTimeOfDay(s));
  return choices;
}
