import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@parlance/contract";
import { deepMerge } from "./merge";

// Every translation file: <lang>.json, plus parts/<area>.<lang>.json while an area is in progress.
const files = import.meta.glob<{ default: Record<string, unknown> }>(["./*.json", "./parts/*.json"], { eager: true });

function bundleFor(language: Language): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, mod] of Object.entries(files)) {
    if (path.endsWith(`/${language}.json`) || path.endsWith(`.${language}.json`)) deepMerge(out, mod.default);
  }
  return out;
}

export const resources = Object.fromEntries(LANGUAGES.map((l) => [l, bundleFor(l)])) as Record<Language, Record<string, unknown>>;

/** Initialises i18next once with all three languages bundled (they are small). */
export function initI18n(language: Language = DEFAULT_LANGUAGE) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      // i18next 26 canonicalises "zh-HANT" to "zh-Hant" when it looks up: register both spellings.
      resources: Object.fromEntries(
        Object.entries(resources).flatMap(([lng, t]) => [lng, Intl.getCanonicalLocales(lng)[0]].map((code) => [code, { translation: t }])),
      ),
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
