import { describe, expect, it } from "vitest";
import { AnswerDetector, levelPercent, NO_SPEECH_SECONDS } from "./levels";

describe("levelPercent", () => {
  it("is 0 for silence, grows with loudness and stops at 100", () => {
    expect(levelPercent(new Uint8Array(256).fill(128))).toBe(0);
    const quiet = levelPercent(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 133 : 123)));
    const loud = levelPercent(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 168 : 88)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelPercent(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100);
    expect(levelPercent(new Uint8Array(0))).toBe(0);
  });
});

describe("AnswerDetector", () => {
  it("ends an answer after speech and then the silence time", () => {
    const d = new AnswerDetector(0, 3, 120);
    expect(d.observe(0, 500)).toBe("continue");
    expect(d.observe(40, 1000)).toBe("continue");
    expect(d.observe(30, 2000)).toBe("continue");
    expect(d.observe(0, 4500)).toBe("continue");
    expect(d.observe(0, 5000)).toBe("answered");
  });
  it("is no response when nobody speaks within the waiting time", () => {
    const d = new AnswerDetector(0, 3, 120);
    expect(d.observe(2, NO_SPEECH_SECONDS * 1000 - 1)).toBe("continue");
    expect(d.observe(2, NO_SPEECH_SECONDS * 1000)).toBe("silent");
  });
  it("stops a long answer at the longest response", () => {
    const d = new AnswerDetector(0, 3, 5);
    expect(d.observe(50, 1000)).toBe("continue");
    expect(d.observe(50, 5000)).toBe("tooLong");
  });
});
