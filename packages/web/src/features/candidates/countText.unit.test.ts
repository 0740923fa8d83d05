import { describe, expect, it } from "vitest";
import type { Language } from "@parlance/contract";
import { translate, type Strings } from "../../i18n/translate";
import type { TFunction } from "../../i18n";
import en from "../../i18n/en-US.json";
import zhHans from "../../i18n/zh-HANS.json";
import zhHant from "../../i18n/zh-HANT.json";
import { pagerSummary } from "../../ui/Pager";
import { candidateCountText } from "./countText";

const tOf = (strings: Strings, language: Language): TFunction => (key, options) => translate(strings, language, key, options);
const en_ = tOf(en, "en-US");
const hans = tOf(zhHans, "zh-HANS");
const hant = tOf(zhHant, "zh-HANT");

describe("the candidates count (issue 26)", () => {
  it("an exact count says how many, with the plural", () => {
    expect(candidateCountText(en_, "en-US", { itemCount: 1, itemCountBounded: false })).toBe("1 candidate");
    expect(candidateCountText(en_, "en-US", { itemCount: 45, itemCountBounded: false })).toBe("45 candidates");
    expect(candidateCountText(hans, "zh-HANS", { itemCount: 45, itemCountBounded: false })).toBe("45 名考生");
  });

  it("a bounded count says only that more than the limit match, the number grouped", () => {
    expect(candidateCountText(en_, "en-US", { itemCount: 1000, itemCountBounded: true })).toBe("More than 1,000 candidates");
    expect(candidateCountText(hans, "zh-HANS", { itemCount: 1000, itemCountBounded: true })).toBe("超过 1,000 名考生");
    expect(candidateCountText(hant, "zh-HANT", { itemCount: 1000, itemCountBounded: true })).toBe("超過 1,000 名考生");
  });
});

describe("the pager's summary", () => {
  it("of a known page count", () => {
    expect(pagerSummary(en_, "en-US", 3, 12)).toBe("Page 3 of 12");
    expect(pagerSummary(hant, "zh-HANT", 3, 12)).toBe("第 3 頁，共 12 頁");
  });

  it("of the pages known to exist when the count stopped at its limit", () => {
    expect(pagerSummary(en_, "en-US", 3, 51, true)).toBe("Page 3 of at least 51");
    expect(pagerSummary(en_, "en-US", 1200, 1201, true)).toBe("Page 1200 of at least 1,201");
    expect(pagerSummary(hans, "zh-HANS", 3, 51, true)).toBe("第 3 页，至少 51 页");
    expect(pagerSummary(hant, "zh-HANT", 3, 51, true)).toBe("第 3 頁，至少 51 頁");
  });
});
