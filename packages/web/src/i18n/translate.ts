/** A language's strings: nested objects of texts, keys joined by dots ("login.title"). */
export type Strings = Record<string, unknown>;

export interface TOptions {
  /** Picks `<key>_<plural category>` (Intl.PluralRules: one, other…) when the strings have it. */
  count?: number;
  /** The text when the key is missing (a server message the app has no translation for). */
  defaultValue?: string;
  /** Answers the value itself (a list of paragraphs) rather than a text. */
  returnObjects?: boolean;
  /** Values of the text's `{{name}}` placeholders. */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

/** The value at a dotted key, or undefined. */
export function lookup(strings: Strings | undefined, key: string): unknown {
  let value: unknown = strings;
  for (const part of key.split(".")) {
    if (!value || typeof value !== "object") return undefined;
    value = (value as Strings)[part];
  }
  return value;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/** Fills `{{name}}`; a placeholder without a value stays as written, a null or undefined value given is empty. */
function interpolate(text: string, options: TOptions): string {
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (whole, name: string) => {
    if (!Object.prototype.hasOwnProperty.call(options, name)) return whole;
    const value = options[name];
    return value === null || value === undefined ? "" : String(value);
  });
}

/**
 * The text of `key` in `strings`, as the app used i18next (no escaping: React escapes): the plural
 * form for `count` first (`_zero` for 0 when the strings have it), then the key itself, then
 * `defaultValue`, then the key as written.
 */
export function translate(strings: Strings | undefined, language: string, key: string, options: TOptions = {}): string {
  const candidates = [key];
  if (typeof options.count === "number") {
    candidates.unshift(`${key}_${pluralCategory(language, options.count)}`);
    if (options.count === 0) candidates.unshift(`${key}_zero`);
  }
  for (const candidate of candidates) {
    const value = lookup(strings, candidate);
    if (typeof value === "string") return interpolate(value, options);
    if (value !== undefined && value !== null && options.returnObjects) return value as string;
  }
  return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}
