import { describe, expect, it } from "vitest";
import type { ItemView, TestContentView } from "@parlance/contract";
import { answerDir, itemDir, itemTypography, paragraphs } from "./itemStyle";

const content = (over: Partial<TestContentView> = {}) =>
  ({ right_to_left: false, font_size: 18, line_height: 1.8, target_language: null, ...over }) as TestContentView;
const item = (over: Partial<ItemView> = {}) => ({ override_rtl: false, ignore_font_size: false, ...over }) as ItemView;

describe("item presentation", () => {
  it("reads right to left in a right-to-left test, unless the item overrides it", () => {
    expect(itemDir(content({ right_to_left: true }), item())).toBe("rtl");
    expect(itemDir(content({ right_to_left: true }), item({ override_rtl: true }))).toBe("ltr");
    expect(itemDir(content(), item())).toBe("ltr");
  });
  it("writes answers in the target language's direction", () => {
    const target = { name: "Arabic", right_to_left: true, show_word_count: false };
    expect(answerDir(content({ target_language: target }), item())).toBe("rtl");
    expect(answerDir(content({ right_to_left: true, target_language: { ...target, name: "English", right_to_left: false } }), item())).toBe("ltr");
  });
  it("applies the test's font size and line height except to items that ignore them", () => {
    expect(itemTypography(content(), item())).toEqual({ fontSize: 18, lineHeight: 1.8 });
    expect(itemTypography(content(), item({ ignore_font_size: true }))).toEqual({});
    expect(itemTypography(content({ font_size: null, line_height: null }), item())).toEqual({});
  });
  it("splits a passage into paragraphs at blank lines", () => {
    expect(paragraphs("One.\n\nTwo\nstill two.\n\n\n  Three. ")).toEqual(["One.", "Two\nstill two.", "Three."]);
  });
});
