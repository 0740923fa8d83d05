/**
 * Sound levels as the web-IVR screen shows them (input and output bars in percent) and the
 * end-of-answer rule of a recording: speech, then quiet for the silence time, ends the answer;
 * no speech at all within the waiting time is no response.
 */

/** RMS of 8-bit time-domain samples (128 = silence) as 0–100: speech sits around 20–60. */
export function levelPercent(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) {
    const v = (s - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 400));
}

/** Louder than this is speech. */
export const SPEECH_PERCENT = 6;
/** With no speech this long after the tone, the answer is no response. */
export const NO_SPEECH_SECONDS = 10;

export type RecordingVerdict = "continue" | "answered" | "silent" | "tooLong";

/** Follows one recording's levels over time: when it should stop, and why. */
export class AnswerDetector {
  private spokeAt: number | null = null;
  private lastLoudAt: number | null = null;

  constructor(
    private readonly startedAt: number,
    private readonly silenceSeconds: number,
    private readonly maxSeconds: number,
  ) {}

  /** A level (percent) at time `now` (ms); answers whether to stop. */
  observe(percent: number, now: number): RecordingVerdict {
    if (percent >= SPEECH_PERCENT) {
      this.spokeAt ??= now;
      this.lastLoudAt = now;
    }
    if (now - this.startedAt >= this.maxSeconds * 1000) return this.spokeAt === null ? "silent" : "tooLong";
    if (this.lastLoudAt !== null && now - this.lastLoudAt >= this.silenceSeconds * 1000) return "answered";
    if (this.spokeAt === null && now - this.startedAt >= NO_SPEECH_SECONDS * 1000) return "silent";
    return "continue";
  }
}
