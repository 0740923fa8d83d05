import { describe, expect, it } from "vitest";
import { greetingKey } from "./greeting";

describe("greetingKey", () => {
  it("greets by the local hour", () => {
    expect(greetingKey(5)).toBe("overview.goodMorning");
    expect(greetingKey(11)).toBe("overview.goodMorning");
    expect(greetingKey(12)).toBe("overview.goodAfternoon");
    expect(greetingKey(17)).toBe("overview.goodAfternoon");
    expect(greetingKey(18)).toBe("overview.goodEvening");
    expect(greetingKey(23)).toBe("overview.goodEvening");
    expect(greetingKey(0)).toBe("overview.goodEvening");
    expect(greetingKey(4)).toBe("overview.goodEvening");
  });
});
