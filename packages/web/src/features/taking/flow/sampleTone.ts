/**
 * The capability check's sample sound, made in the browser (Web Audio API): a soft two-note chime of
 * about 1.5 s, so nothing has to be downloaded. Resolves when it has finished playing.
 */
export async function playSampleTone(): Promise<void> {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) throw new Error("no Web Audio");
  const ctx = new Ctx();
  try {
    await ctx.resume();
    const start = ctx.currentTime + 0.05;
    for (const [i, freq] of [523.25, 659.25].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      const t0 = start + i * 0.6;
      // A gentle attack and fade: no click, no fright at full volume.
      gain.gain.setValueAtTime(0, t0);
      gain.gain.linearRampToValueAtTime(0.3, t0 + 0.04);
      gain.gain.exponentialRampToValueAtTime(0.001, t0 + 0.85);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.9);
    }
    await new Promise((resolve) => setTimeout(resolve, 1600));
  } finally {
    void ctx.close();
  }
}

export const canPlaySound = () => typeof window !== "undefined" && ("AudioContext" in window || "webkitAudioContext" in window);
