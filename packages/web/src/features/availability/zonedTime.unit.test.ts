import { describe, expect, it } from "vitest";
import { addDays, instantOf, isoWithOffset, wallClockOf } from "./zonedTime";

const NY = "America/New_York";
const LA = "America/Los_Angeles";

describe("wall clocks in a zone", () => {
  it("turn into the instant they name, and back", () => {
    expect(instantOf({ date: "2026-03-10", time: "09:00:00" }, NY).toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(instantOf({ date: "2026-01-10", time: "09:00:00" }, NY).toISOString()).toBe("2026-01-10T14:00:00.000Z");
    expect(instantOf({ date: "2026-07-01", time: "23:45:00" }, LA).toISOString()).toBe("2026-07-02T06:45:00.000Z");
    expect(wallClockOf("2026-07-02T06:45:00.000Z", LA)).toEqual({ date: "2026-07-01", time: "23:45:00" });
    expect(wallClockOf("2026-03-10T04:00:00.000Z", NY)).toEqual({ date: "2026-03-10", time: "00:00:00" });
  });

  it("take the first of a repeated hour and never lose a time across the changes", () => {
    // 2026-11-01 01:30 happens twice in New York: EDT (05:30Z) first.
    expect(instantOf({ date: "2026-11-01", time: "01:30:00" }, NY).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // 2026-03-08 02:30 does not exist in New York.
    const skipped = instantOf({ date: "2026-03-08", time: "02:30:00" }, NY);
    expect(["2026-03-08T06:30:00.000Z", "2026-03-08T07:30:00.000Z"]).toContain(skipped.toISOString());
    for (const date of ["2026-03-07", "2026-03-08", "2026-03-09", "2026-10-31", "2026-11-01", "2026-11-02"]) {
      for (const time of ["00:00:00", "03:15:00", "09:00:00", "18:00:00", "23:45:00"]) {
        expect(wallClockOf(instantOf({ date, time }, NY), NY), `${date} ${time}`).toEqual({ date, time });
      }
    }
  });

  it("write ISO 8601 with the zone's offset at that instant", () => {
    expect(isoWithOffset(new Date("2026-03-10T13:00:00Z"), NY)).toBe("2026-03-10T09:00:00-04:00");
    expect(isoWithOffset(new Date("2026-01-10T14:00:00Z"), NY)).toBe("2026-01-10T09:00:00-05:00");
    expect(isoWithOffset(new Date("2026-01-10T14:00:00Z"), "UTC")).toBe("2026-01-10T14:00:00+00:00");
  });

  it("count days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});
