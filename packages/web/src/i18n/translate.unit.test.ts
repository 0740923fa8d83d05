import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { addStrings, createTranslator, translate, translateWith } from "./translate";
import en from "./en-US.json";
import zhHans from "./zh-HANS.json";
import zhHant from "./zh-HANT.json";

const strings = {
  login: { title: "Sign in", signingInAs: "Signing in as {{email}}", spaced: "Hello, {{ name }}" },
  prelude: { timeLimit_one: "{{count}} minute", timeLimit_other: "{{count}} minutes", only: "no plural forms: {{count}}" },
  counts: { item_zero: "none", item_one: "one", item_other: "{{count}} items" },
  agreement: { body: ["First paragraph.", "Second paragraph."] },
  markup: "<b>{{name}}</b>",
  empty: "",
};
const chinese = { prelude: { timeLimit_other: "{{count}} 分钟" } };

describe("translate", () => {
  it("finds a dotted key and fills its placeholders, with or without spaces, unescaped (React escapes)", () => {
    expect(translate(strings, "en-US", "login.title")).toBe("Sign in");
    expect(translate(strings, "en-US", "login.signingInAs", { email: "a@b.example" })).toBe("Signing in as a@b.example");
    expect(translate(strings, "en-US", "login.spaced", { name: "Ann" })).toBe("Hello, Ann");
    expect(translate(strings, "en-US", "markup", { name: "O'Neil & <Co>" })).toBe("<b>O'Neil & <Co></b>");
    expect(translate(strings, "en-US", "empty")).toBe("");
  });

  it("keeps a placeholder no value was given for, and leaves a given null or undefined empty", () => {
    expect(translate(strings, "en-US", "login.signingInAs")).toBe("Signing in as {{email}}");
    expect(translate(strings, "en-US", "login.signingInAs", { email: undefined })).toBe("Signing in as ");
    expect(translate(strings, "en-US", "login.signingInAs", { email: null })).toBe("Signing in as ");
  });

  it("picks the language's plural form for count: one and other in en-US, other only in Chinese", () => {
    expect(translate(strings, "en-US", "prelude.timeLimit", { count: 1 })).toBe("1 minute");
    expect(translate(strings, "en-US", "prelude.timeLimit", { count: 45 })).toBe("45 minutes");
    expect(translate(chinese, "zh-HANS", "prelude.timeLimit", { count: 1 })).toBe("1 分钟");
    expect(translate(chinese, "zh-HANT", "prelude.timeLimit", { count: 2 })).toBe("2 分钟");
    expect(translate(strings, "zh-HANS", "prelude.timeLimit", { count: 1 })).toBe("1 minutes"); // no "one" form in Chinese
    expect(translate(strings, "en-US", "prelude.only", { count: 2 })).toBe("no plural forms: 2");
    expect(translate(strings, "en-US", "counts.item", { count: 0 })).toBe("none");
    expect(translate(strings, "en-US", "counts.item", { count: 1 })).toBe("one");
    expect(translate(strings, "en-US", "counts.item", { count: 3 })).toBe("3 items");
  });

  it("answers a missing key with the default value (filled), else with the key", () => {
    expect(translate(strings, "en-US", "login.nope", { defaultValue: "As the server wrote it: {{n}}", n: 4 })).toBe("As the server wrote it: 4");
    expect(translate(strings, "en-US", "login.title", { defaultValue: "unused" })).toBe("Sign in");
    expect(translate(strings, "en-US", "login.nope")).toBe("login.nope");
    expect(translate(undefined, "en-US", "login.title")).toBe("login.title");
    expect(translate(strings, "en-US", "Server said: no")).toBe("Server said: no"); // a colon names no namespace
  });

  it("answers a list with returnObjects", () => {
    expect(translate(strings, "en-US", "agreement.body", { returnObjects: true })).toEqual(["First paragraph.", "Second paragraph."]);
    expect(translate(strings, "en-US", "agreement.body.1")).toBe("Second paragraph.");
  });

  it("translates the app's own plurals in the three languages", () => {
    expect(translate(en, "en-US", "mailbox.count", { count: 1 })).toBe("1 email");
    expect(translate(en, "en-US", "mailbox.count", { count: 3 })).toBe("3 emails");
    expect(translate(zhHans, "zh-HANS", "mailbox.count", { count: 1 })).toBe("1 封电子邮件");
    expect(translate(zhHant, "zh-HANT", "mailbox.count", { count: 3 })).toBe("3 封電子郵件");
  });
});

describe("the app's translator", () => {
  it("deep-merges tiers added one after the other and switches language at once", () => {
    const translator = createTranslator("en-US");
    expect(translateWith(translator, "login.title")).toBe("login.title"); // before any strings
    addStrings(translator, "en-US", { login: { title: "Sign in" } });
    addStrings(translator, "en-US", { login: { next: "Next" }, taking: { start: "Start" } });
    expect(translateWith(translator, "login.title")).toBe("Sign in");
    expect(translateWith(translator, "login.next")).toBe("Next");
    expect(translator.exists("taking.start")).toBe(true);
    expect(translator.exists("taking.stop")).toBe(false);
    addStrings(translator, "zh-HANT", { login: { title: "登入" } });
    translator.changeLanguage("zh-Hant");
    expect(translateWith(translator, "login.title")).toBe("登入");
    expect(translateWith(translator, "login.next")).toBe("login.next"); // no fallback to another language's text
  });
});

describe("the web app's translations", () => {
  it("use neither i18next nor react-i18next (the translator is i18n/translate.ts: i18next weighed 15 kB in the shell)", () => {
    const src = path.resolve(import.meta.dirname, "..");
    const files = (fs.readdirSync(src, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
    const importing = (pattern: RegExp) => files.filter((f) => pattern.test(fs.readFileSync(path.join(src, f), "utf8")));
    // Static imports (also `export … from`) and dynamic ones.
    const of = (name: string) => new RegExp(`^\\s*(import|export)\\b[^;]*?from "${name}"|\\bimport\\("${name}"\\)`, "m");
    expect(importing(of("react-i18next"))).toEqual([]);
    expect(importing(of("i18next"))).toEqual([]);
  });
});
