import type { CSSProperties } from "react";
import type { ItemView, TestContentView } from "@parlance/contract";

/** Text direction of an item: the test's, unless the item overrides it (an English note in an Arabic test). */
export function itemDir(content: TestContentView, item: ItemView): "rtl" | "ltr" {
  return content.right_to_left && !item.override_rtl ? "rtl" : "ltr";
}

/** Direction of what the candidate writes: the target language's when the test names one. */
export function answerDir(content: TestContentView, item: ItemView): "rtl" | "ltr" {
  if (content.target_language) return content.target_language.right_to_left && !item.override_rtl ? "rtl" : "ltr";
  return itemDir(content, item);
}

/** The test's font size and line height, except for items that keep the default (ignore_font_size). */
export function itemTypography(content: TestContentView, item: ItemView): CSSProperties {
  if (item.ignore_font_size) return {};
  return {
    ...(content.font_size ? { fontSize: content.font_size } : {}),
    ...(content.line_height ? { lineHeight: content.line_height } : {}),
  };
}

/** Instructions and passages: blank lines separate paragraphs. */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
