import { describe, expect, it } from "vitest";
import { formatTimeOfDay, parseTimeOfDay, timeOfDayChoices } from "./time-of-day.js";
import { BUSINESS_TIME_ZONE, BUSINESS_TIME_ZONE_ID, NEW_WEEKLY_CONFLICT, timeZoneByName } from "./constants.js";

describe("times of day", () => {
  it("reads HH:MM and HH:MM:SS as seconds since midnight and refuses anything else", () => {
    expect(parseTimeOfDay("08:00:00")).toBe(8 * 3600);
    expect(parseTimeOfDay("18:00")).toBe(18 * 3600);
    expect(parseTimeOfDay("23:59:59")).toBe(86_399);
    for (const bad of ["24:00", "8:00", "12:60", "12:00:60", "", "noon", "12:00 "]) expect(parseTimeOfDay(bad)).toBeNull();
  });

  it("writes seconds back in the specs' HH:MM:SS form", () => {
    expect(formatTimeOfDay(0)).toBe("00:00:00");
    expect(formatTimeOfDay(parseTimeOfDay(NEW_WEEKLY_CONFLICT.to_time)!)).toBe("18:00:00");
    expect(() => formatTimeOfDay(86_400)).toThrow(RangeError);
  });

  it("offers 96 choices, 15 minutes apart, for all 24 hours", () => {
    const choices = timeOfDayChoices();
    expect(choices).toHaveLength(96);
    expect([choices[0], choices[1], choices.at(-1)]).toEqual(["00:00:00", "00:15:00", "23:45:00"]);
  });
});

describe("the business zone", () => {
  it("is Eastern Time, id 23, one of the offered zones", () => {
    expect([BUSINESS_TIME_ZONE, BUSINESS_TIME_ZONE_ID]).toEqual(["America/New_York", 23]);
    expect(timeZoneByName("America/Los_Angeles")?.id).toBe(20);
    expect(timeZoneByName("Europe/Paris")).toBeUndefined();
  });
});
