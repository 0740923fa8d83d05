import { describe, expect, it } from "vitest";
import { addMonths, monthCells, wrap } from "./calendar";

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
});
