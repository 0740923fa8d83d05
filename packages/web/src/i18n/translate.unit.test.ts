import { describe, expect, it } from "vitest";
import { lookup, translate } from "./translate";

const strings = {
  login: { title: "Sign in", signingInAs: "Signing in as {{email}}", spaced: "Hello, {{ name }}" },
  prelude: { timeLimit_one: "{{count}} minute", timeLimit_other: "{{count}} minutes", only: "no plural forms: {{count}}" },
  counts: { item_zero: "none", item_one: "one", item_other: "{{count}} items" },
  agreement: { body: ["First paragraph.", "Second paragraph."] },
  empty: "",
};

describe("translate", () => {
  it("finds a dotted key and fills its placeholders, with or without spaces", () => {
    expect(translate(strings, "en-US", "login.title")).toBe("Sign in");
    expect(translate(strings, "en-US", "login.signingInAs", { email: "a@b.example" })).toBe("Signing in as a@b.example");
    expect(translate(strings, "en-US", "login.spaced", { name: "Ann" })).toBe("Hello, Ann");
    expect(translate(strings, "en-US", "empty")).toBe("");
  });

  it("keeps a placeholder no value was given for, and leaves a given null or undefined empty", () => {
    expect(translate(strings, "en-US", "login.signingInAs")).toBe("Signing in as {{email}}");
    expect(translate(strings, "en-US", "login.signingInAs", { email: undefined })).toBe("Signing in as ");
    expect(translate(strings, "en-US", "login.signingInAs", { email: null })).toBe("Signing in as ");
  });

  it("picks the plural form of the language for count, then the key itself", () => {
    expect(translate(strings, "en-US", "prelude.timeLimit", { count: 1 })).toBe("1 minute");
    expect(translate(strings, "en-US", "prelude.timeLimit", { count: 45 })).toBe("45 minutes");
    expect(translate(strings, "zh-HANS", "prelude.timeLimit", { count: 1 })).toBe("1 minutes"); // Chinese has only "other"
    expect(translate(strings, "en-US", "prelude.only", { count: 2 })).toBe("no plural forms: 2");
    expect(translate(strings, "en-US", "counts.item", { count: 0 })).toBe("none");
    expect(translate(strings, "en-US", "counts.item", { count: 3 })).toBe("3 items");
  });

  it("answers a missing key with the default value (filled), else with the key", () => {
    expect(translate(strings, "en-US", "login.nope", { defaultValue: "As the server wrote it: {{n}}", n: 4 })).toBe("As the server wrote it: 4");
    expect(translate(strings, "en-US", "login.nope")).toBe("login.nope");
    expect(translate(undefined, "en-US", "login.title")).toBe("login.title");
    expect(translate(strings, "en-US", "login")).toBe("login");
  });

  it("answers a list with returnObjects", () => {
    expect(translate(strings, "en-US", "agreement.body", { returnObjects: true })).toEqual(["First paragraph.", "Second paragraph."]);
    expect(lookup(strings, "agreement.body.1")).toBe("Second paragraph.");
    expect(lookup(strings, "login.title.more")).toBeUndefined();
  });
});

describe("the web app's translations", () => {
  it("go through i18n/index.ts (useTranslation, i18n), not i18next or react-i18next, which the app no longer sets up", async () => {
    const fs = await import("node:fs");
    const path = await import("node:path");
    const src = path.resolve(import.meta.dirname, "..");
    const offenders = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => /from "(react-)?i18next"/.test(fs.readFileSync(path.join(src, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
