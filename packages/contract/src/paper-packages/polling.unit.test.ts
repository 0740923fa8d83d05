import { describe, expect, it } from "vitest";
import { PAPER_POLL_ATTEMPTS, paperPollDelayMs } from "./polling.js";

describe("paper package polling schedule", () => {
  it("checks at once, then 59 times 5 s apart, then 6 times 10 to 35 s apart, then stops", () => {
    const delays: number[] = [];
    for (let a = 0; ; a++) {
      const d = paperPollDelayMs(a);
      if (d === null) break;
      delays.push(d);
    }
    expect(delays).toHaveLength(PAPER_POLL_ATTEMPTS);
    expect(delays[0]).toBe(0);
    expect(delays.slice(1, 60).every((d) => d === 5000)).toBe(true);
    expect(delays.slice(60)).toEqual([10_000, 15_000, 20_000, 25_000, 30_000, 35_000]);
    expect(paperPollDelayMs(-1)).toBeNull();
    expect(paperPollDelayMs(1.5)).toBeNull();
  });
});
