import { describe, expect, it } from "vitest";
import { textSamples } from "./textSamples";

describe("the capability check's text samples", () => {
  it("always include English, right-to-left Arabic and both Chinese scripts", () => {
    const samples = textSamples("English");
    expect(samples.map((s) => s.lang)).toEqual(["en", "ar", "zh-Hans", "zh-Hant"]);
    expect(samples.find((s) => s.lang === "ar")?.dir).toBe("rtl");
  });
  it("put the test's own language first when there is a sentence for it", () => {
    const samples = textSamples("Spanish");
    expect(samples[0]).toMatchObject({ labelKey: "Spanish", lang: "es", dir: "ltr" });
    expect(samples).toHaveLength(5);
  });
});
