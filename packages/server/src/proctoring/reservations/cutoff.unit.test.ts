import { describe, expect, it } from "vitest";
import { cancelsEarly, cancellationCutoff, policyCutoff } from "./cutoff.js";

describe("proctoring cancellation cut-off", () => {
  it("is 5 pm Eastern the calendar day before", () => {
    // Monday 15 March 2027 10:00 EDT (14:00 UTC): Sunday 14 March 17:00 EDT = 21:00 UTC.
    expect(cancellationCutoff(new Date("2027-03-15T14:00:00Z")).toISOString()).toBe("2027-03-14T21:00:00.000Z");
    // Across the autumn change: Monday 8 November 2027 9:00 EST; Sunday 7 November 17:00 EST = 22:00 UTC.
    expect(cancellationCutoff(new Date("2027-11-08T14:00:00Z")).toISOString()).toBe("2027-11-07T22:00:00.000Z");
  });

  it("reads as 6 pm Eastern the business day before on the policy page", () => {
    // A Monday sitting: the Friday before at 18:00 EST (23:00 UTC).
    expect(policyCutoff(new Date("2027-03-08T15:00:00Z")).toISOString()).toBe("2027-03-05T23:00:00.000Z");
    // A Wednesday sitting: Tuesday 18:00 EDT (22:00 UTC).
    expect(policyCutoff(new Date("2027-03-17T15:00:00Z")).toISOString()).toBe("2027-03-16T22:00:00.000Z");
  });

  it("waives the fee only strictly before the cut-off", () => {
    const sitting = new Date("2027-03-17T15:00:00Z");
    const cutoff = cancellationCutoff(sitting);
    expect(cancelsEarly(sitting, new Date(cutoff.getTime() - 1))).toBe(true);
    expect(cancelsEarly(sitting, cutoff)).toBe(false);
  });
});
