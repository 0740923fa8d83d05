import { useMemo } from "react";
import { INTL_LOCALE, type Language } from "@parlance/contract";
import { phoneCountries } from "@parlance/contract/calls/phone-numbers";

export interface CountryOption {
  value: string;
  label: string;
  name: string;
  callingCode: string;
}

/** Every country of the number plan, named in the interface language (Intl.DisplayNames) and sorted by that name. */
export function useCountryOptions(language: Language): CountryOption[] {
  return useMemo(() => {
    const locale = INTL_LOCALE[language];
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: "region" });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(locale);
    return phoneCountries()
      .map(({ iso, callingCode }) => {
        const name = names?.of(iso) ?? iso;
        return { value: iso, name, callingCode, label: `${name} +${callingCode}` };
      })
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [language]);
}
