import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "@parlance/contract";
import { AUTH_MESSAGES } from "../auth/messages.js";
import { catalogFor, translate } from "./catalog.js";


function keysOf(obj: unknown, prefix = ""): string[] {
  if (!obj || typeof obj !== "object") return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("server translations", () => {
  it("have the same mail.* and messages.* keys in all three languages", () => {
    const serverKeys = (lang: (typeof LANGUAGES)[number]) =>
      keysOf({ mail: catalogFor(lang).mail, messages: catalogFor(lang).messages }).sort();
    const en = serverKeys("en-US");
    expect(en.length).toBeGreaterThan(10);
    for (const lang of ["zh-HANS", "zh-HANT"] as const) expect(serverKeys(lang), lang).toEqual(en);
  });

  it("hold the server's English messages word for word, and real Chinese", () => {
    for (const [key, text] of Object.entries(AUTH_MESSAGES)) {
      expect(translate("en-US", `messages.${key}`)).toBe(text);
      for (const lang of ["zh-HANS", "zh-HANT"] as const) expect(translate(lang, `messages.${key}`), `${lang} ${key}`).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("fills placeholders and falls back to English, then to the key", () => {
    expect(translate("zh-HANS", "mail.greeting", { firstName: "Mei" })).toBe("Mei，您好：");
    expect(translate("en-US", "mail.passwordReset.expiry", { minutes: 60 })).toBe("The link works once and expires in 60 minutes.");
    expect(translate("en-US", "no.such.key")).toBe("no.such.key");
  });

  it("picks the plural form of a count as i18next does", () => {
    expect(translate("en-US", "history.summaryMail.intro", { name: "Ann", count: 1 })).toBe("Ann sent you this summary of 1 test.");
    expect(translate("en-US", "history.summaryMail.intro", { name: "Ann", count: 3 })).toBe("Ann sent you this summary of 3 tests.");
    expect(translate("zh-HANS", "history.summaryMail.intro", { name: "Ann", count: 1 })).toBe("Ann 向您发送了这份包含 1 项测试的摘要。");
    expect(translate("zh-HANT", "history.summaryMail.intro", { name: "Ann", count: 2 })).toBe("Ann 向您傳送了這份包含 2 項測驗的摘要。");
  });

  it("merges <lang>.json with every part file of that language, and only those", () => {
    for (const lang of LANGUAGES) expect(catalogFor(lang).messages).toBeDefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-"));
    const write = (file: string, value: unknown) => fs.writeFileSync(path.join(dir, file), JSON.stringify(value));
    fs.mkdirSync(path.join(dir, "parts"));
    write("zh-HANS.json", { mail: { greeting: "base", footer: "kept" } });
    write("parts/a.zh-HANS.json", { mail: { greeting: "from part a" }, area: { one: "1" } });
    write("parts/b.zh-HANS.json", { area: { two: "2" } });
    write("parts/a.en-US.json", { area: { english: "not for zh-HANS" } });
    expect(catalogFor("zh-HANS", dir)).toEqual({ mail: { greeting: "from part a", footer: "kept" }, area: { one: "1", two: "2" } });
    fs.rmSync(dir, { recursive: true });
  });
});
