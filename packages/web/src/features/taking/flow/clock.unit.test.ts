import { describe, expect, it } from "vitest";
import { deadlineFrom, formatHms, limitMinutes, remainingAt, warningDue } from "./clock";

describe("formatHms", () => {
  it("shows hours, minutes and seconds with two-digit minutes and seconds", () => {
    expect(formatHms(3_600_000)).toBe("1:00:00");
    expect(formatHms(59 * 60_000 + 5_000)).toBe("0:59:05");
    expect(formatHms(2 * 3_600_000 + 61_000)).toBe("2:01:01");
  });
  it("rounds a part second up, so 0:00:00 means the time is really over", () => {
    expect(formatHms(1)).toBe("0:00:01");
    expect(formatHms(299_001)).toBe("0:05:00");
    expect(formatHms(0)).toBe("0:00:00");
  });
  it("never shows a negative time", () => {
    expect(formatHms(-5_000)).toBe("0:00:00");
  });
});

describe("the deadline", () => {
  it("follows the server's reading of the time remaining", () => {
    const deadline = deadlineFrom(60_000, 1_000);
    expect(remainingAt(deadline, 31_000)).toBe(30_000);
    expect(remainingAt(deadline, 90_000)).toBe(0);
  });
  it("shows the time limit in minutes", () => {
    expect(limitMinutes(3_600_000)).toBe(60);
    expect(limitMinutes(7_200_000)).toBe(120);
  });
});

describe("the five-minutes-left warning", () => {
  it("is due once, at 300 seconds", () => {
    expect(warningDue(300_001, false)).toBe(false);
    expect(warningDue(300_000, false)).toBe(true);
    expect(warningDue(120_000, false)).toBe(true);
    expect(warningDue(120_000, true)).toBe(false);
  });
  it("is not shown once the time is over (the test is being submitted)", () => {
    expect(warningDue(0, false)).toBe(false);
  });
});

describe("the server's readings", () => {
  it("follow the newest reading, whichever call brought it", async () => {
    const { latestReading } = await import("./clock");
    expect(latestReading([{ remainingMs: 50_000, at: 10 }, null, { remainingMs: 40_000, at: 20 }, undefined])).toEqual({ remainingMs: 40_000, at: 20 });
    expect(latestReading([null])).toBeNull();
  });
  it("give the seconds used of a timed test", async () => {
    const { secondsUsed } = await import("./clock");
    expect(secondsUsed(3_600_000, 3_000_000)).toBe(600);
    expect(secondsUsed(3_600_000, 3_700_000)).toBe(0);
  });
});
