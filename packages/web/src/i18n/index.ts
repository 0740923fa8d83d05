import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import type { Language } from "@parlance/contract";
import { deepMerge } from "./merge";

// Every translation file: <lang>.json, plus parts/<area>.<lang>.json while an area is in progress.
// Not eager: each is its own chunk, and only the language shown is downloaded (issue 12).
const files = import.meta.glob<Record<string, unknown>>(["./*.json", "./parts/*.json"], { import: "default" });

const loaded = new Map<Language, Promise<void>>();

/** Downloads a language's strings once and registers them; resolves when they can be rendered. */
export function loadLanguage(language: Language): Promise<void> {
  let pending = loaded.get(language);
  if (!pending) {
    const mine = Object.entries(files).filter(([path]) => path.endsWith(`/${language}.json`) || path.endsWith(`.${language}.json`));
    pending = Promise.all(mine.map(([, load]) => load())).then((parts) => {
      const bundle = parts.reduce<Record<string, unknown>>((out, part) => deepMerge(out, part), {});
      ensureInitialised();
      // i18next 26 canonicalises "zh-HANT" to "zh-Hant" when it looks up: register both spellings.
      for (const code of new Set([language, Intl.getCanonicalLocales(language)[0]])) i18next.addResourceBundle(code, "translation", bundle, true, true);
    });
    pending.catch(() => loaded.delete(language)); // a failed download may be retried
    loaded.set(language, pending);
  }
  return pending;
}

function ensureInitialised() {
  if (i18next.isInitialized) return;
  void i18next.use(initReactI18next).init({
    resources: {}, // bundles are added by loadLanguage; an empty object keeps i18next from asking for a backend
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/** Shows `language`: its strings must have been loaded (loadLanguage) for texts rather than keys. */
export function initI18n(language: Language) {
  ensureInitialised();
  if (i18next.language !== language) void i18next.changeLanguage(language);
  document.documentElement.lang = language === "zh-HANS" ? "zh-Hans" : language === "zh-HANT" ? "zh-Hant" : "en-US";
  return i18next;
}

export { i18next };
