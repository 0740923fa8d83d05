import { describe, expect, it } from "vitest";
import { addMonths, monthCells, typedTimePart, wrap } from "./calendar";

describe("the schedule-test calendar", () => {
  it("shows 42 days from the Sunday on or before the 1st", () => {
    const cells = monthCells("2027-03");
    expect(cells).toHaveLength(42);
    expect(cells[0]).toEqual({ date: "2027-02-28", day: 28, inMonth: false });
    expect(cells[1]).toEqual({ date: "2027-03-01", day: 1, inMonth: true });
    expect(cells.filter((c) => c.inMonth)).toHaveLength(31);
    // A month starting on a Sunday starts the grid on the 1st.
    expect(monthCells("2026-11")[0].date).toBe("2026-11-01");
  });

  it("moves across years and wraps the time fields", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect([wrap(24, 24), wrap(-1, 24), wrap(60, 60), wrap(-1, 60), wrap(1000, 1000)]).toEqual([0, 23, 0, 59, 0]);
  });

  it("keeps a time field's digits as typed and reads the number once it fits (issue 23: 15 read as 01)", () => {
    expect(typedTimePart("1", 24)).toEqual({ digits: "1", value: 1 });
    expect(typedTimePart("15", 24)).toEqual({ digits: "15", value: 15 });
    expect(typedTimePart("07", 60)).toEqual({ digits: "07", value: 7 });
    expect(typedTimePart("25", 24)).toEqual({ digits: "25", value: null });
    expect(typedTimePart("60", 60)).toEqual({ digits: "60", value: null });
    expect(typedTimePart("1a5x9", 60)).toEqual({ digits: "15", value: 15 });
    expect(typedTimePart("", 24)).toEqual({ digits: "", value: null });
  });
});
