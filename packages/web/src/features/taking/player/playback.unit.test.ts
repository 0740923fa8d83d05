import { describe, expect, it } from "vitest";
import { PLAYBACK_SPEEDS, formatClock, playsLeft } from "./playback";

describe("audio player rules", () => {
  it("offers the spec's eight speeds", () => {
    expect(PLAYBACK_SPEEDS).toEqual([0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2]);
  });

  it("shows positions as m:ss, hours when needed", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.7)).toBe("0:09");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(Number.NaN)).toBe("0:00");
  });

  it("counts plays left, unlimited as null", () => {
    expect(playsLeft(2, 0)).toBe(2);
    expect(playsLeft(2, 2)).toBe(0);
    expect(playsLeft(2, 5)).toBe(0);
    expect(playsLeft(null, 7)).toBeNull();
  });
});
