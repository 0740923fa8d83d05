import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { recipientMessages, testGroupMessages, userMessages } from "@parlance/contract";

const i18nDir = path.resolve(import.meta.dirname, "../../../i18n");
const load = (lang: string) => JSON.parse(fs.readFileSync(path.join(i18nDir, `${lang}.json`), "utf8")).settingsLists;

describe("settings list messages", () => {
  const areas = { users: userMessages, packages: testGroupMessages, recipients: recipientMessages };

  it("are in the translations word for word in English, and in Chinese", () => {
    const en = load("en-US");
    for (const [area, messages] of Object.entries(areas)) {
      expect(en[area].messages, area).toEqual(messages);
      for (const lang of ["zh-HANS", "zh-HANT"]) {
        const zh = load(lang)[area].messages;
        for (const key of Object.keys(messages)) expect(zh[key], `${lang} ${area}.${key}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it("use the spec's delete questions", () => {
    const en = load("en-US");
    expect(en.users.confirmDelete).toBe("Are you sure you want to delete this user?");
    expect(en.packages.confirmDelete).toBe("Are you sure you want to delete this test group?");
    expect(en.recipients.confirmDelete).toBe("Are you sure you want to delete this recipient?");
  });
});
