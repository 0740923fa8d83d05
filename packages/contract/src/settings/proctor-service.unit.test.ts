import { describe, expect, it } from "vitest";
import { parseMinProctorApptDelay, proctorServiceRoutes } from "./proctor-service.js";

describe("parseMinProctorApptDelay", () => {
  it("keeps 0 (anytime) and 1 (one hour in advance)", () => {
    expect(parseMinProctorApptDelay(0)).toBe(0);
    expect(parseMinProctorApptDelay("0")).toBe(0);
    expect(parseMinProctorApptDelay(1)).toBe(1);
    expect(parseMinProctorApptDelay("1")).toBe(1);
  });

  it("reads anything it cannot parse as 1", () => {
    for (const value of ["abc", "", null, undefined, Number.NaN, {}, [], true, 5, -1]) {
      expect(parseMinProctorApptDelay(value)).toBe(1);
    }
  });

  it("is what the edit route applies to its input", () => {
    const parsed = proctorServiceRoutes.edit.input.parse({ usesProctorService: true, allowCandidateScheduling: false, minProctorApptDelay: "abc" });
    expect(parsed.minProctorApptDelay).toBe(1);
  });
});

describe("proctor service edit input", () => {
  it("reads a missing delay as 1 and refuses non-boolean flags", () => {
    const input = proctorServiceRoutes.edit.input;
    expect(input.parse({ usesProctorService: false, allowCandidateScheduling: true })).toEqual({ usesProctorService: false, allowCandidateScheduling: true, minProctorApptDelay: 1 });
    expect(input.safeParse({ usesProctorService: "yes", allowCandidateScheduling: true }).error?.issues[0].message).toBe("The field usesProctorService must be true or false.");
  });
});
