import { describe, expect, it } from "vitest";
import { availabilityMessages, NEW_WEEKLY_CONFLICT } from "@parlance/contract";
import en from "../../i18n/en-US.json";
import { formatTimeOfDay, weekdayNames } from "./format";

describe("availability messages", () => {
  it("the English texts of the screen are the contract's messages word for word (the spec's §8 among them)", () => {
    expect(en.availability.messages).toEqual(availabilityMessages);
    expect(en.availability.messages.weeklyNotCreated).toBe("Weekly unavailability could not be created.");
    expect(en.availability.messages.individualNotLoaded).toBe("Individual conflicts could not be retrieved.");
  });
});

describe("days and times in the shown language", () => {
  it("writes a wall-clock time as the language does, whatever the browser's zone", () => {
    expect(formatTimeOfDay(NEW_WEEKLY_CONFLICT.from_time, "en-US")).toBe("8:00 AM");
    expect(formatTimeOfDay("18:00:00", "en-US")).toBe("6:00 PM");
    expect(formatTimeOfDay("00:15:00", "en-US")).toBe("12:15 AM");
    expect(formatTimeOfDay("18:00:00", "zh-HANS")).toMatch(/6:00|18:00/);
  });

  it("names the weekdays Sunday first", () => {
    expect(Object.values(weekdayNames("en-US"))).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(weekdayNames("zh-HANT").Sunday).toBe("星期日");
  });
});
