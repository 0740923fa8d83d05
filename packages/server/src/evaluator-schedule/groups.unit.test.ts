import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { scheduleGroupOf } from "./groups.js";

const NY = "America/New_York";
const at = (iso: string, zone = NY) => DateTime.fromISO(iso, { zone }).toJSDate();

describe("the group of a scheduled test", () => {
  // Wednesday 10 March 2027, 10:00 Eastern; the week is Sunday 7 to Saturday 13.
  const wednesday = at("2027-03-10T10:00");

  it("is Today, Tomorrow, This Week to Saturday, Next Week from Sunday, then Future", () => {
    expect(scheduleGroupOf(at("2027-03-10T08:00"), wednesday, NY)).toBe("today");
    expect(scheduleGroupOf(at("2027-03-10T23:45"), wednesday, NY)).toBe("today");
    expect(scheduleGroupOf(at("2027-03-11T00:00"), wednesday, NY)).toBe("tomorrow");
    expect(scheduleGroupOf(at("2027-03-12T09:00"), wednesday, NY)).toBe("thisWeek");
    expect(scheduleGroupOf(at("2027-03-13T17:00"), wednesday, NY)).toBe("thisWeek");
    // Sunday 14 March: the day daylight saving time starts.
    expect(scheduleGroupOf(at("2027-03-14T10:00"), wednesday, NY)).toBe("nextWeek");
    expect(scheduleGroupOf(at("2027-03-20T17:45"), wednesday, NY)).toBe("nextWeek");
    expect(scheduleGroupOf(at("2027-03-21T09:00"), wednesday, NY)).toBe("future");
  });

  it("on a Saturday, tomorrow is next week's Sunday and the Monday after is Next Week", () => {
    const saturday = at("2027-03-13T12:00");
    expect(scheduleGroupOf(at("2027-03-14T12:00"), saturday, NY)).toBe("tomorrow");
    expect(scheduleGroupOf(at("2027-03-15T12:00"), saturday, NY)).toBe("nextWeek");
    expect(scheduleGroupOf(at("2027-03-21T12:00"), saturday, NY)).toBe("future");
  });

  it("counts days in the evaluator's zone, not the server's", () => {
    // 06:00 UTC on Thursday: 01:00 Thursday in New York, still 22:00 Wednesday in Los Angeles.
    const now = new Date("2027-03-11T06:00:00Z");
    const la = "America/Los_Angeles";
    expect(scheduleGroupOf(new Date("2027-03-11T07:00:00Z"), now, la)).toBe("today");
    expect(scheduleGroupOf(new Date("2027-03-11T07:00:00Z"), now, NY)).toBe("today");
    expect(scheduleGroupOf(new Date("2027-03-11T17:00:00Z"), now, la)).toBe("tomorrow");
    expect(scheduleGroupOf(new Date("2027-03-11T17:00:00Z"), now, NY)).toBe("today");
  });
});
