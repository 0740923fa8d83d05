import { describe, expect, it } from "vitest";
import { parseTestId } from "./testId";

describe("parseTestId", () => {
  it("reads a positive whole number", () => {
    expect(parseTestId("42")).toBe(42);
  });
  it("refuses anything else", () => {
    for (const raw of [undefined, "", "0", "-1", "1.5", "a12", "12a", "9999999999"]) expect(parseTestId(raw), String(raw)).toBeNull();
  });
});
