import { describe, expect, it } from "vitest";
import { looksLikeEmail } from "./email";

describe("looksLikeEmail", () => {
  it("accepts an address and refuses obvious mistakes", () => {
    expect(looksLikeEmail("admin@northwind.example")).toBe(true);
    expect(looksLikeEmail("admin@northwind")).toBe(false);
    expect(looksLikeEmail("admin northwind.example")).toBe(false);
    expect(looksLikeEmail(`${"a".repeat(120)}@b.example`)).toBe(false);
  });
});
