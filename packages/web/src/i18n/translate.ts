import i18next, { type i18n as I18next } from "i18next";

/** A language's strings: nested objects of texts, keys joined by dots ("login.title"). */
export type Strings = Record<string, unknown>;

export interface TOptions {
  /** Picks `<key>_<plural category>` (i18next: one, other…; `_zero` for 0 when the strings have it). */
  count?: number;
  /** The text when the key is missing (a server message the app has no translation for). */
  defaultValue?: string;
  /** Answers the value itself (a list of paragraphs) rather than a text. */
  returnObjects?: boolean;
  /** Values of the text's `{{name}}` placeholders. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** i18next's code for a language: the canonical casing ("zh-HANS" → "zh-Hans"), which i18next 26 warns about and 27 requires. */
export function i18nextCode(language: string): string {
  return Intl.getCanonicalLocales(language)[0] ?? language;
}

/**
 * An i18next instance showing `language`, ready at once (no backend: strings are added with
 * addStrings as their tiers arrive). i18next does the translating: nested keys, `{{placeholders}}`,
 * plural forms, defaultValue, returnObjects.
 */
export function createTranslator(language: string): I18next {
  const translator = i18next.createInstance();
  void translator.init({
    lng: i18nextCode(language),
    resources: {}, // an empty object keeps i18next from asking for a backend
    initAsync: false,
    fallbackLng: false,
    load: "currentOnly", // "zh-Hans" only, not "zh" too
    nsSeparator: false, // keys are dotted paths; a server message key never names a namespace
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  return translator;
}

/** Deep-merges `strings` into `language`'s (a tier, or an area's part of one). */
export function addStrings(translator: I18next, language: string, strings: Strings): void {
  translator.addResourceBundle(i18nextCode(language), "translation", strings, true, true);
}

/** `t` of an i18next instance with the app's options type. */
export function translateWith(translator: I18next, key: string, options?: TOptions): string {
  return translator.t(key, options as never) as unknown as string;
}

const translators = new WeakMap<Strings, Map<string, I18next>>();
const empty: Strings = {};

/** The text of `key` in a whole set of strings (tests, one-off lookups): an i18next instance per set and language. */
export function translate(strings: Strings | undefined, language: string, key: string, options?: TOptions): string {
  const set = strings ?? empty;
  let byLanguage = translators.get(set);
  if (!byLanguage) translators.set(set, (byLanguage = new Map()));
  let translator = byLanguage.get(language);
  if (!translator) {
    translator = createTranslator(language);
    addStrings(translator, language, structuredClone(set));
    byLanguage.set(language, translator);
  }
  return translateWith(translator, key, options);
}
