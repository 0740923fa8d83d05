import { describe, expect, it } from "vitest";
import { MAX_RETRY_AFTER_MS, RETRY_DELAYS_MS, retryDelayMs } from "./retryDelay";

describe("retryDelayMs", () => {
  it("backs off by the failures in a row, the last delay repeating", () => {
    expect([1, 2, 3, 4, 9].map((f) => retryDelayMs(f))).toEqual([...RETRY_DELAYS_MS, RETRY_DELAYS_MS.at(-1)]);
  });

  it("waits at least what the server's Retry-After asked, and never longer than the cap", () => {
    expect(retryDelayMs(1, 10_000)).toBe(10_000);
    expect(retryDelayMs(4, 2_000)).toBe(RETRY_DELAYS_MS.at(-1));
    expect(retryDelayMs(1, 3_600_000)).toBe(MAX_RETRY_AFTER_MS);
  });
});
