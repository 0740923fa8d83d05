import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

const CJK = /[\u4e00-\u9fff]/;

/** Visible text of the page with product names, emails and numbers removed: what is left must be Chinese. */
async function latinWords(page: Page): Promise<string[]> {
  // Table cells and inputs hold data (office names typed by users), and translate="no" marks words
  // people wrote (a news article's title and summary): not interface text.
  const text = await page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll("td, input, textarea, [translate=no]").forEach((n) => n.remove());
    document.body.appendChild(copy);
    copy.style.position = "absolute";
    const out = copy.innerText;
    copy.remove();
    return out;
  });
  return text
    .replace(/\S+@\S+/g, "")
    // Names of the demo's accounts, people and catalogue tests are data too (the overview's alerts
    // name a candidate and a test: "Camille Dubois", "ALTA Writing Proficiency").
    .replace(/Parlance|Northwind Health|Contoso Legal|English|ID|Farid|Haddad|Headquarters|Ok|Camille|Dubois|ALTA|Writing|Proficiency/g, "")
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length > 3);
}

describe("three languages", () => {
  it("the whole shell reads in Traditional Chinese with ?lang=zh-HANT", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/login?lang=zh-HANT");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(CJK);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-Hant");
    expect(await latinWords(page)).toEqual([]);
    await expectAccessible(page, "login in zh-HANT");

    // Signing in with ?lang= saves the language for the user: use an account no other test reads in English.
    await page.locator("input[type=email], input[name=email_address]").first().fill("admin@contoso.example");
    await page.keyboard.press("Enter");
    await page.locator("input[type=password]").first().fill("Parlance-demo-1");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/overview");
    for (const path of ["/overview", "/testing", "/testing/settings", "/testing/settings/proctoring"]) {
      await page.goto(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(CJK);
      await page.waitForLoadState("networkidle");
      expect(await latinWords(page), path).toEqual([]);
      await expectAccessible(page, `${path} in zh-HANT`);
    }
    await page.evaluate(() => fetch("/api/account/language", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en-US" }) }));
    await context.close();
  });

  it("the language switcher changes the language and it is remembered for the user", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "user@northwind.example");
    await page.getByRole("button", { name: /language/i }).first().click();
    await page.getByRole("menuitem", { name: "简体中文" }).click();
    await expectAccessible(page, "overview in zh-HANS");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(CJK);
    await context.clearCookies({ name: "parlance_lang" });
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(CJK);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-Hans");
    await page.evaluate(() => fetch("/api/account/language", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en-US" }) }));
    await context.close();
  });
});

describe("phone width", () => {
  it("the shell and the offices list work at 375 px", async () => {
    const context = await newContext(browser(), { width: 375, height: 740 });
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/settings");
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Boston");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, "offices at phone width");
    await context.close();
  });
});
