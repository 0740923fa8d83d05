import { describe, expect, it } from "vitest";
import { phoneCountries } from "@parlance/contract/calls/phone-numbers";
import { FLAG_CODES } from "./flagSprite";
import { checkPhone, initialPhone } from "./phoneCheck";

describe("the phone form's check (spec §5)", () => {
  it("says number required for an empty number, and checks a number against its country's plan", () => {
    expect(checkPhone({ iso: "US", number: "  " })).toEqual({ ok: false, problem: "numberRequired" });
    expect(checkPhone({ iso: "US", number: "123" })).toEqual({ ok: false, problem: "badNumber" });
    // A London number typed nationally is not a US number, and is a UK one.
    expect(checkPhone({ iso: "US", number: "020 7946 0958" })).toEqual({ ok: false, problem: "badNumber" });
    expect(checkPhone({ iso: "GB", number: "020 7946 0958" })).toMatchObject({ ok: true, number: { e164: "+442079460958", international: "+44 20 7946 0958" } });
    expect(checkPhone({ iso: "US", number: "(617) 555-0142" })).toMatchObject({ ok: true, number: { e164: "+16175550142" } });
  });

  it("starts from the stored number's country", () => {
    expect(initialPhone("")).toEqual({ iso: "US", number: "" });
    expect(initialPhone("+44 20 7946 0958")).toEqual({ iso: "GB", number: "+44 20 7946 0958" });
    expect(initialPhone("617-555-0142")).toEqual({ iso: "US", number: "+1 617 555 0142" });
  });

  it("offers every country with its flag", () => {
    const countries = phoneCountries();
    expect(countries.length).toBeGreaterThan(240);
    expect(countries.find((c) => c.iso === "GB")).toEqual({ iso: "GB", callingCode: "44" });
    // The sprite has a flag for all but a handful (Ascension, Tristan da Cunha and the like).
    const withoutFlag = countries.filter((c) => !FLAG_CODES.includes(c.iso.toLowerCase()));
    expect(withoutFlag.length).toBeLessThan(10);
  });
});
