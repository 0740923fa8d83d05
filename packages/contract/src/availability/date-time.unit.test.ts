import { describe, expect, it } from "vitest";
import { parseZonedDateTime } from "./date-time.js";

describe("ISO 8601 date-times with a zone", () => {
  it("read the instant they name, whatever the offset", () => {
    expect(parseZonedDateTime("2026-03-10T09:00:00-04:00")?.toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(parseZonedDateTime("2026-03-10T13:00Z")?.toISOString()).toBe("2026-03-10T13:00:00.000Z");
    expect(parseZonedDateTime("2026-03-10T13:00:00.5+05:30")?.toISOString()).toBe("2026-03-10T07:30:00.500Z");
    expect(parseZonedDateTime("2028-02-29T00:00:00Z")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });

  it("refuse what Date.parse would roll over or guess", () => {
    for (const bad of [
      "2026-02-30T09:00:00Z", // no such day (Date.parse gives March 2)
      "2027-02-29T09:00:00Z",
      "2026-03-10T24:00:00Z", // Date.parse gives the next day
      "2026-03-10T09:60:00Z",
      "2026-13-01T09:00:00Z",
      "2026-03-10T09:00:00", // no zone: which instant is it?
      "2026-03-10",
      "2026-03-10T09:00:00+15:00",
      "1999-12-31T23:00:00Z",
      "3000-01-01T00:00:00Z",
      " 2026-03-10T09:00:00Z",
      "",
    ]) {
      expect(parseZonedDateTime(bad), bad).toBeNull();
    }
  });
});
