import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatList, formatMoney, formatNumber } from "./format";

describe("money", () => {
  it("is shown in dollars with two decimals, per language", () => {
    expect(formatMoney(2800, "en-US")).toBe("$28.00");
    expect(formatMoney(1500, "zh-HANS")).toMatch(/^US\$15\.00$/);
    expect(formatMoney(3400, "zh-HANT")).toMatch(/^US\$34\.00$/);
  });

  it("puts a leading minus on a negative amount", () => {
    expect(formatMoney(-505, "en-US")).toBe("-$5.05");
    expect(formatMoney(-505, "zh-HANS").startsWith("-")).toBe(true);
  });
});

describe("dates and times", () => {
  const instant = "2026-03-08T14:30:00Z"; // after the US switch to daylight time that morning

  it("are shown in the chosen time zone (Eastern by default, DST-aware)", () => {
    expect(formatDateTime(instant, "en-US")).toBe("Mar 8, 2026, 10:30 AM");
    expect(formatDateTime(instant, "en-US", "America/Los_Angeles")).toBe("Mar 8, 2026, 7:30 AM");
  });

  it("read naturally in each language", () => {
    expect(formatDate(instant, "en-US")).toBe("Mar 8, 2026");
    expect(formatDate(instant, "zh-HANS")).toBe("2026年3月8日");
    expect(formatDate(instant, "zh-HANT")).toBe("2026年3月8日");
    expect(formatDateTime(instant, "zh-HANT")).toMatch(/^2026年3月8日 上午10:30$/);
  });

  it("have one style: a date reads as the date part of a date and time, in every language", () => {
    for (const language of ["en-US", "zh-HANS", "zh-HANT"] as const) {
      expect(formatDateTime(instant, language).startsWith(formatDate(instant, language)), language).toBe(true);
    }
  });
});

describe("formatters kept for reuse", () => {
  it("one per language and options: another time zone or language formats as its own", () => {
    const at = "2026-03-01T15:30:00Z";
    const eastern = formatDateTime(at, "en-US");
    expect(formatDateTime(at, "en-US", "Asia/Shanghai")).not.toBe(eastern);
    expect(formatDateTime(at, "en-US")).toBe(eastern);
    expect(formatDateTime(at, "zh-HANS")).not.toBe(eastern);
    expect(formatMoney(123456, "en-US")).toBe("$1,234.56");
    expect(formatNumber(1234567, "en-US")).toBe("1,234,567");
  });

  it("a list of names, as each language writes one", () => {
    expect(formatList(["Northwind", "Contoso", "Fabrikam"], "en-US")).toBe("Northwind, Contoso, and Fabrikam");
    expect(formatList(["Northwind"], "en-US")).toBe("Northwind");
    expect(formatList(["甲", "乙"], "zh-HANS")).toBe("甲和乙");
  });
});
