import fs from "node:fs";
import path from "node:path";
import { DEFAULT_LANGUAGE, INTL_LOCALE, type Language } from "@parlance/contract";

/**
 * The server's view of the web app's translations: `<lang>.json` deep-merged with every
 * `parts/<area>.<lang>.json`, exactly as the web bundles them. Read once per language.
 */
const I18N_DIR = path.resolve(import.meta.dirname, "../../../web/src/i18n");

type Catalog = Record<string, unknown>;
const cache = new Map<Language, Catalog>();

function readJson(file: string): Catalog {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Catalog) : {};
  } catch {
    return {};
  }
}

function deepMerge(target: Catalog, source: Catalog): Catalog {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (value && typeof value === "object" && !Array.isArray(value) && existing && typeof existing === "object") {
      deepMerge(existing as Catalog, value as Catalog);
    } else {
      target[key] = value;
    }
  }
  return target;
}

/** Every translation of one language (cached; treat as read-only). */
export function catalogFor(language: Language, dir = I18N_DIR): Catalog {
  const cached = dir === I18N_DIR ? cache.get(language) : undefined;
  if (cached) return cached;
  const out: Catalog = {};
  deepMerge(out, readJson(path.join(dir, `${language}.json`)));
  const partsDir = path.join(dir, "parts");
  const parts = fs.existsSync(partsDir) ? fs.readdirSync(partsDir).filter((f) => f.endsWith(`.${language}.json`)).sort() : [];
  for (const file of parts) deepMerge(out, readJson(path.join(partsDir, file)));
  if (dir === I18N_DIR) cache.set(language, out);
  return out;
}

function lookup(catalog: Catalog, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Catalog)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Whether `key` names a string in the catalog of `language`. */
export function hasTranslation(language: Language, key: string): boolean {
  return lookup(catalogFor(language), key) !== undefined;
}

/**
 * The text of `key` in `language` (falling back to English, then to the key itself), with
 * i18next-style `{{name}}` placeholders filled from `vars`.
 */
export function translate(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const find = (lang: Language) => {
    const catalog = catalogFor(lang);
    // A numeric `count` picks the plural form as i18next does (`key_one`, `key_other`), then `key`.
    if (typeof vars.count === "number") {
      const form = new Intl.PluralRules(INTL_LOCALE[lang]).select(vars.count);
      const plural = lookup(catalog, `${key}_${form}`) ?? lookup(catalog, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(catalog, key);
  };
  const text = find(language) ?? find(DEFAULT_LANGUAGE) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
