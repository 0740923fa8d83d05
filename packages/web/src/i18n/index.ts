import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, type Language } from "@parlance/contract";
import enUS from "./en-US.json";
import zhHANS from "./zh-HANS.json";
import zhHANT from "./zh-HANT.json";

export const resources = { "en-US": enUS, "zh-HANS": zhHANS, "zh-HANT": zhHANT } as const;

/** Initialises i18next once with all three languages bundled (they are small). */
export function initI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: Object.fromEntries(Object.entries(resources).map(([lng, t]) => [lng, { translation: t }])),
      lng: language,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  } else if (i18next.language !== language) {
    void i18next.changeLanguage(language);
  }
  document.documentElement.lang = language === "zh-HANS" ? "zh-Hans" : language === "zh-HANT" ? "zh-Hant" : "en-US";
  return i18next;
}

export { i18next };
