import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = import.meta.dirname;
const LANGS = ["en-US", "zh-HANS", "zh-HANT"] as const;

function flatten(value: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v && typeof v === "object") flatten(v, `${prefix}${k}.`, out);
    else out.set(`${prefix}${k}`, String(v));
  }
  return out;
}

function load(lang: string): Map<string, string> {
  const files = [path.join(dir, `${lang}.json`)];
  const parts = path.join(dir, "parts");
  if (fs.existsSync(parts)) files.push(...fs.readdirSync(parts).filter((f) => f.endsWith(`.${lang}.json`)).map((f) => path.join(parts, f)));
  const all = new Map<string, string>();
  for (const f of files) for (const [k, v] of flatten(JSON.parse(fs.readFileSync(f, "utf8")))) all.set(k, v);
  return all;
}

describe("translations", () => {
  const bundles = Object.fromEntries(LANGS.map((l) => [l, load(l)]));

  it("have the same keys in all three languages", () => {
    const en = [...bundles["en-US"].keys()].sort();
    expect(en.length).toBeGreaterThan(50);
    for (const lang of ["zh-HANS", "zh-HANT"]) expect([...bundles[lang].keys()].sort(), lang).toEqual(en);
  });

  it("are really translated: Chinese texts contain Chinese characters", () => {
    for (const lang of ["zh-HANS", "zh-HANT"]) {
      const untranslated = [...bundles[lang].entries()].filter(
        ([key, text]) => /[A-Za-z]{4,}/.test(text) && !/[\u4e00-\u9fff]/.test(text) && !key.startsWith("languages."),
      );
      // Product names, emails and the like may stay Latin; anything longer must be translated.
      expect(untranslated.filter(([, t]) => t.split(" ").length > 2), lang).toEqual([]);
    }
  });

  it("write placeholders as i18next reads them, {{name}}, never {name} (it would show as typed)", () => {
    for (const lang of LANGS) {
      const single = [...bundles[lang].entries()].filter(([, text]) => /(?<!\{)\{\s*\w+\s*\}(?!\})/.test(text));
      expect(single.map(([key]) => key), lang).toEqual([]);
    }
  });

  it("keep every {{placeholder}} of the English text", () => {
    for (const [key, text] of bundles["en-US"]) {
      const names = (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();
      for (const lang of ["zh-HANS", "zh-HANT"]) {
        const other = (bundles[lang].get(key)?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort();
        expect(other, `${lang} ${key}`).toEqual(names);
      }
    }
  });
});
