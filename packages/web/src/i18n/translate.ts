/** A language's strings: nested objects of texts, keys joined by dots ("login.title"). */
export type Strings = Record<string, unknown>;

export interface TOptions {
  /** Picks `<key>_<plural category>` (Intl.PluralRules: one, other…; `_zero` for 0 when the strings have it). */
  count?: number;
  /** The text when the key is missing (a server message the app has no translation for). */
  defaultValue?: string;
  /** Answers the value itself (a list of paragraphs) rather than a text. */
  returnObjects?: boolean;
  /** Values of the text's `{{name}}` placeholders. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** A language's canonical casing ("zh-HANS" → "zh-Hans"), as Intl.PluralRules takes it. */
export function canonicalLocale(language: string): string {
  return Intl.getCanonicalLocales(language)[0] ?? language;
}

/**
 * The app's translator: nested keys, `{{placeholders}}`, plural forms, defaultValue and
 * returnObjects — all the app asks of it. Its own rather than i18next, which weighed some 15 kB
 * gzipped in the shell every screen downloads first (issue 26 §3).
 */
export class Translator {
  private readonly strings = new Map<string, Strings>();
  private readonly plurals = new Map<string, Intl.PluralRules>();

  constructor(public language: string) {}

  changeLanguage(language: string): void {
    this.language = canonicalLocale(language);
  }

  /** Whether `key` names a text (or a list) in the language shown. */
  exists(key: string): boolean {
    return this.find(key) !== undefined;
  }

  t(key: string, options?: TOptions): string {
    const found = this.find(this.pluralKey(key, options?.count));
    if (found === undefined || (typeof found === "object" && !options?.returnObjects)) {
      return options?.defaultValue === undefined ? key : fill(options.defaultValue, options);
    }
    return fillDeep(found, options) as string;
  }

  /** Deep-merges `strings` into `language`'s, later ones winning; the objects given are not changed. */
  add(language: string, strings: Strings): void {
    const code = canonicalLocale(language);
    this.strings.set(code, merge(this.strings.get(code) ?? {}, strings));
  }

  private find(key: string): unknown {
    let at: unknown = this.strings.get(this.language);
    for (const part of key.split(".")) {
      if (at === null || typeof at !== "object" || !Object.hasOwn(at, part)) return undefined;
      at = (at as Record<string, unknown>)[part];
    }
    return at;
  }

  /** `<key>_zero` for 0 when there is one, else `<key>_<category>`, else the key itself. */
  private pluralKey(key: string, count: unknown): string {
    if (typeof count !== "number") return key;
    if (count === 0 && this.find(`${key}_zero`) !== undefined) return `${key}_zero`;
    let rules = this.plurals.get(this.language);
    if (!rules) this.plurals.set(this.language, (rules = new Intl.PluralRules(this.language)));
    const plural = `${key}_${rules.select(count)}`;
    return this.find(plural) === undefined ? key : plural;
  }
}

/** A text's `{{name}}` placeholders: a value given (null and undefined as nothing); a name not given is kept as written. */
function fill(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(options, name) ? String(options[name] ?? "") : whole));
}

function fillDeep(value: unknown, options: TOptions | undefined): unknown {
  if (typeof value === "string") return fill(value, options);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, options));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, options)]));
  return value;
}

const isTree = (value: unknown): value is Strings => value !== null && typeof value === "object" && !Array.isArray(value);

function merge(into: Strings, from: Strings): Strings {
  const out: Strings = { ...into };
  for (const [key, value] of Object.entries(from)) out[key] = isTree(value) && isTree(out[key]) ? merge(out[key], value) : value;
  return out;
}

/** A translator showing `language`, ready at once: strings are added with addStrings as their tiers arrive. */
export function createTranslator(language: string): Translator {
  return new Translator(canonicalLocale(language));
}

/** Deep-merges `strings` into `language`'s (a tier, or an area's part of one). */
export function addStrings(translator: Translator, language: string, strings: Strings): void {
  translator.add(language, strings);
}

/** `t` of a translator with the app's options type. */
export function translateWith(translator: Translator, key: string, options?: TOptions): string {
  return translator.t(key, options);
}

const translators = new WeakMap<Strings, Map<string, Translator>>();
const empty: Strings = {};

/** The text of `key` in a whole set of strings (tests, one-off lookups): a translator per set and language. */
export function translate(strings: Strings | undefined, language: string, key: string, options?: TOptions): string {
  const set = strings ?? empty;
  let byLanguage = translators.get(set);
  if (!byLanguage) translators.set(set, (byLanguage = new Map()));
  let translator = byLanguage.get(language);
  if (!translator) {
    translator = createTranslator(language);
    addStrings(translator, language, set);
    byLanguage.set(language, translator);
  }
  return translateWith(translator, key, options);
}
