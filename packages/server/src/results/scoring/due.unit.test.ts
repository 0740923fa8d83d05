import { describe, expect, it } from "vitest";
import { dueAtFor, dueGroupOf } from "./due.js";
import { newVerificationKey } from "../verify/verification-key.js";

/** Due times: 2 business days (Mon–Fri, America/New_York) to 18:00; groups in the evaluator's zone. */
const ny = (iso: string) => new Date(iso); // ISO strings below carry their own offset

describe("dueAtFor", () => {
  it("counts two business days from a weekday received before 18:00", () => {
    // Monday 2026-11-23 10:00 EST → Wednesday 18:00 EST.
    expect(dueAtFor(ny("2026-11-23T10:00:00-05:00")).toISOString()).toBe("2026-11-25T23:00:00.000Z");
  });
  it("counts from the next business day after 18:00 and over weekends", () => {
    // Friday 19:00 → counts from Monday → Wednesday 18:00.
    expect(dueAtFor(ny("2026-11-20T19:00:00-05:00")).toISOString()).toBe("2026-11-25T23:00:00.000Z");
    // Saturday → Wednesday; Thursday 12:00 → Monday 18:00.
    expect(dueAtFor(ny("2026-11-21T09:00:00-05:00")).toISOString()).toBe("2026-11-25T23:00:00.000Z");
    expect(dueAtFor(ny("2026-11-19T12:00:00-05:00")).toISOString()).toBe("2026-11-23T23:00:00.000Z");
  });
  it("keeps 18:00 local across the daylight-saving change", () => {
    // Thursday 2026-10-29 (EDT) → Monday 2026-11-02 18:00 EST.
    expect(dueAtFor(ny("2026-10-29T12:00:00-04:00")).toISOString()).toBe("2026-11-02T23:00:00.000Z");
  });
});

describe("dueGroupOf", () => {
  const now = ny("2026-11-23T10:00:00-05:00");
  it("groups by calendar day in the zone", () => {
    expect(dueGroupOf(ny("2026-11-23T09:00:00-05:00"), now)).toBe("overdue");
    expect(dueGroupOf(ny("2026-11-23T18:00:00-05:00"), now)).toBe("today");
    expect(dueGroupOf(ny("2026-11-24T18:00:00-05:00"), now)).toBe("tomorrow");
    expect(dueGroupOf(ny("2026-11-25T18:00:00-05:00"), now)).toBe("later");
    // 01:30 on Tuesday in New York is still Monday evening in Los Angeles.
    expect(dueGroupOf(ny("2026-11-24T01:30:00-05:00"), now)).toBe("tomorrow");
    expect(dueGroupOf(ny("2026-11-24T01:30:00-05:00"), now, "America/Los_Angeles")).toBe("today");
  });
});

describe("newVerificationKey", () => {
  it("gives 20 characters of Crockford base32, different every time", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newVerificationKey()));
    expect(keys.size).toBe(1000);
    for (const k of keys) expect(k).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
  });
});
