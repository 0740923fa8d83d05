import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasNotice, TEST_PRICES, testPriceCents } from "./test-pricing.js";

/** Test prices (client spec §9) as properties, against the spec's table written out. */
const SPEC: [number, number, number][] = [
  // [minutes, with more than an hour's notice, otherwise] in cents
  [30, 1500, 2000],
  [60, 2300, 2800],
  [120, 2900, 3400],
];
const duration = fc.integer({ min: 1, max: 600 });

describe("test prices", () => {
  it("the spec's table: 30 min $20/$15, 60 min $28/$23, 120 min $34/$29", () => {
    for (const [minutes, notice, short] of SPEC) {
      expect(testPriceCents(minutes, true)).toBe(notice);
      expect(testPriceCents(minutes, false)).toBe(short);
    }
  });

  it("short notice costs exactly $5 more, whatever the duration", () => {
    fc.assert(fc.property(duration, (d) => testPriceCents(d, false) - testPriceCents(d, true) === 500));
  });

  it("a price is one of the table's, in whole cents, and never falls as the duration grows", () => {
    const prices = new Set<number>(TEST_PRICES.flatMap((t) => [t.withNoticeCents, t.shortNoticeCents]));
    fc.assert(
      fc.property(duration, duration, fc.boolean(), (a, b, notice) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const p = testPriceCents(lo, notice);
        return Number.isInteger(p) && prices.has(p) && p <= testPriceCents(hi, notice);
      }),
    );
  });

  it("a duration is priced as the smallest tier that holds it (over 120 minutes: as 120)", () => {
    fc.assert(
      fc.property(duration, fc.boolean(), (d, notice) => {
        const tier = SPEC.find(([m]) => d <= m) ?? SPEC[SPEC.length - 1]!;
        return testPriceCents(d, notice) === (notice ? tier[1] : tier[2]);
      }),
    );
  });

  it("notice: more than 60 minutes between payment and the appointment; no appointment counts as notice", () => {
    const now = new Date("2027-03-10T15:00:00Z");
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (ms) => {
        const at = new Date(now.getTime() + 3_600_000 + ms);
        return hasNotice(at, now) === ms > 0;
      }),
    );
    expect(hasNotice(new Date(now.getTime() + 3_600_000), now)).toBe(false);
    expect(hasNotice(null, now)).toBe(true);
  });

  it("refuses what is not a duration", () => {
    fc.assert(fc.property(fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true }), fc.constant(Number.NaN)), (d) => {
      expect(() => testPriceCents(d, true)).toThrow(RangeError);
    }));
  });
});
