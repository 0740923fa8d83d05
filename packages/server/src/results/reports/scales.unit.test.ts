import { describe, expect, it } from "vitest";
import { ACTFL_LEVELS, ACTFL_TEXT, ALTA_SCALE, altaLevelOf, LANGUAGES } from "@parlance/contract";
import { catalogFor, hasTranslation } from "../../i18n/catalog.js";

/** The scale is one table; its texts in the three languages follow it. */
describe("the ALTA scale", () => {
  it("has levels 1 to 12 and 12+, each with CEFR, ILR and ACTFL, in order", () => {
    expect(ALTA_SCALE.map((l) => l.level)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "12+"]);
    for (const l of ALTA_SCALE) expect(ACTFL_LEVELS).toContain(l.actfl);
    expect(altaLevelOf(" 12+ ")?.ilr).toBe("5");
    expect(altaLevelOf("13")).toBeUndefined();
  });

  it("has the en-US texts of the contract, and a translation of every level and ACTFL name", () => {
    const en = catalogFor("en-US") as { scales: { levels: Record<string, string>; actfl: Record<string, string> } };
    for (const l of ALTA_SCALE) expect(en.scales.levels[l.key]).toBe(l.description);
    for (const a of ACTFL_LEVELS) expect(en.scales.actfl[a]).toBe(ACTFL_TEXT[a]);
    for (const lang of LANGUAGES) {
      for (const l of ALTA_SCALE) expect(hasTranslation(lang, `scales.levels.${l.key}`), `${lang} ${l.key}`).toBe(true);
    }
  });
});
