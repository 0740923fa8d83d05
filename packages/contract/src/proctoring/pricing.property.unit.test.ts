import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isShortNotice, proctoringCostCents, PROCTORING_SHORT_NOTICE_CENTS } from "./pricing.js";

/** Proctoring rates (client-administration.md §9): $15 / $23 / $29 up to 30 / 60 / 120 minutes, +$5 within an hour. */
describe("proctoring cost", () => {
  const minutes = fc.integer({ min: 1, max: 1440 });

  it("gives the spec's figures at the edges of each rate", () => {
    const cases: [number, number][] = [
      [1, 1500],
      [30, 1500],
      [31, 2300],
      [60, 2300],
      [61, 2900],
      [120, 2900],
    ];
    for (const [d, cents] of cases) {
      expect(proctoringCostCents(d, false)).toBe(cents);
      expect(proctoringCostCents(d, true)).toBe(cents + 500);
    }
  });

  it("prices a longer sitting as 120-minute blocks plus the rest", () => {
    expect(proctoringCostCents(121, false)).toBe(2900 + 1500);
    expect(proctoringCostCents(180, false)).toBe(2900 + 2300);
    expect(proctoringCostCents(240, false)).toBe(5800);
  });

  it("never falls as the duration grows", () => {
    fc.assert(
      fc.property(minutes, minutes, fc.boolean(), (a, b, short) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(proctoringCostCents(lo, short)).toBeLessThanOrEqual(proctoringCostCents(hi, short));
      }),
    );
  });

  it("adds exactly $5 when scheduled within one hour", () => {
    fc.assert(
      fc.property(minutes, (d) => {
        expect(proctoringCostCents(d, true) - proctoringCostCents(d, false)).toBe(PROCTORING_SHORT_NOTICE_CENTS);
      }),
    );
  });

  it("is one of the spec's rates up to 120 minutes, in whole cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 120 }), fc.boolean(), (d, short) => {
        const c = proctoringCostCents(d, short) - (short ? 500 : 0);
        expect([1500, 2300, 2900]).toContain(c);
        expect(Number.isInteger(c)).toBe(true);
      }),
    );
  });

  it("refuses what is not a duration", () => {
    for (const d of [0, -5, 1.5, Number.NaN]) expect(() => proctoringCostCents(d, false)).toThrow(RangeError);
  });

  it("counts short notice as a start less than 60 minutes away", () => {
    const now = new Date("2027-03-10T15:00:00Z");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 3600 }), (seconds) => {
        const start = new Date(now.getTime() + seconds * 1000);
        expect(isShortNotice(start, now)).toBe(seconds < 3600);
      }),
    );
  });
});
