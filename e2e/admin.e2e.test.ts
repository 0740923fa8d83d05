import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * Administration (issue 16 point 7): feature flags (a rule deleted after confirmation), impersonation
 * (suggestions, a refusal, acting as a client with the banner, and back) and the session page. A
 * server of this file's own: deleting a rule and opening sessions change what other files would see.
 */
const own = useOwnServer();

async function signedIn(email: string, width = 1280, lang?: string): Promise<Page> {
  const ctx = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  ctx.setDefaultTimeout(15_000);
  const page = await ctx.newPage();
  const res = await page.request.post("/login", { data: { email_address: email, password: DEMO_PASSWORD }, headers: { origin: own.server.url } });
  expect(res.status()).toBe(200);
  // The language is kept on the user: every test says which it reads in.
  await page.request.post("/api/account/language", { data: { language: lang ?? "en-US" }, headers: { origin: own.server.url } });
  return page;
}
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("feature flags", () => {
  it("reaches /feature_flags from the administration hub and deletes a rule only after confirmation", async () => {
    const page = await signedIn("executive@parlance.example");
    await page.goto("/admin");
    await page.getByRole("link", { name: /Feature Flags/ }).click();
    await page.waitForURL("**/feature_flags");
    const webCall = page.getByRole("region", { name: /Web call for phone tests/ });
    await expect.poll(() => webCall.getByRole("row", { name: /Arabic Listening and Speaking \(Phone\)/ }).isVisible()).toBe(true);
    expect(await webCall.getByRole("row", { name: /Listening and Speaking/ }).count()).toBe(2);
    await expectAccessible(page, "feature flags");

    const remove = page.getByRole("button", { name: "Delete the rule for Arabic Listening and Speaking (Phone)" });
    await remove.click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, "feature flags: confirm delete");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await remove.isVisible()).toBe(true);

    await remove.click();
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => page.getByText("The rule has been deleted").isVisible()).toBe(true);
    await expect.poll(() => remove.count()).toBe(0);
    expect(await webCall.getByRole("row", { name: /Listening and Speaking/ }).count()).toBe(1);

    // A rule is added again in a dialog, for one test, by keyboard and pointer.
    await webCall.getByRole("button", { name: "Add rule for Web call for phone tests" }).click();
    const adding = page.getByRole("dialog", { name: "New rule: Web call for phone tests" });
    await expect.poll(() => adding.isVisible()).toBe(true);
    await adding.getByRole("radio", { name: "Test", exact: true }).check();
    await adding.getByRole("button", { name: "Add rule" }).click();
    await expect.poll(() => adding.getByText("Choose a test.").isVisible()).toBe(true);
    await adding.getByRole("combobox", { name: "Test", exact: true }).fill("Arabic Listening");
    await page.getByRole("option", { name: "Arabic Listening and Speaking (Phone)" }).click();
    await adding.getByRole("textbox", { name: "Weight" }).fill("15");
    await adding.getByRole("switch", { name: "Turns the flag on where it applies" }).uncheck();
    await expectAccessible(page, "feature flags: add rule");
    await adding.getByRole("button", { name: "Add rule" }).click();
    await expect.poll(() => page.getByText("The rule has been added").isVisible()).toBe(true);
    await expect.poll(() => adding.isVisible()).toBe(false);
    const added = webCall.getByRole("row", { name: /Arabic Listening and Speaking \(Phone\)/ });
    await expect.poll(() => added.isVisible()).toBe(true);
    expect(await added.getByRole("cell").allInnerTexts()).toEqual(expect.arrayContaining(["15", "No"]));
    await page.context().close();
  });

  it("reads at 375 px in Traditional Chinese", async () => {
    const page = await signedIn("executive@parlance.example", 375, "zh-HANT");
    await page.goto("/feature_flags");
    await expect.poll(() => page.getByRole("heading", { name: "功能開關", level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("region", { name: /視訊考試的視訊室/ }).isVisible()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, "feature flags (zh-Hant, 375 px)");
    await page.context().close();
  });
});

describe("impersonation", () => {
  it("suggests users after 3 characters, refuses an Administrator, acts as a client with the banner, and returns", async () => {
    const page = await signedIn("executive@parlance.example");
    await page.goto("/admin");
    await page.getByRole("link", { name: /Impersonate User/ }).click();
    await page.waitForURL("**/impersonate");
    // Every term the page asks GET /search_users about, to see the 3-character minimum and the debounce.
    const searched: string[] = [];
    page.on("request", (req) => {
      const url = new URL(req.url());
      if (url.pathname === "/search_users") searched.push(url.searchParams.get("term") ?? "");
    });
    const field = page.getByRole("combobox", { name: "Email address" });
    await field.pressSequentially("ad", { delay: 60 });
    await page.waitForTimeout(700);
    expect(searched).toEqual([]);
    expect(await page.getByRole("option").count()).toBe(0);
    // Typed faster than the 500 ms debounce: one search, for the whole term.
    await field.pressSequentially("min@con", { delay: 60 });
    await expect.poll(() => page.getByRole("option", { name: /<admin@contoso\.example>/ }).isVisible()).toBe(true);
    expect(searched).toEqual(["admin@con"]);
    // Never an Administrator: not offered, and refused when typed.
    expect(await page.getByRole("option", { name: /admin@parlance\.example/ }).count()).toBe(0);
    await expectAccessible(page, "impersonate: suggestions");
    await field.fill("admin@parlance.example");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Impersonate" }).click();
    await expect.poll(() => page.getByText("You may not act as that user.").isVisible()).toBe(true);

    await field.fill("admin@con");
    await page.getByRole("option", { name: /<admin@contoso\.example>/ }).click();
    expect(await field.inputValue()).toBe("admin@contoso.example");
    await page.getByRole("button", { name: "Impersonate" }).click();
    await page.waitForURL("**/overview");
    const banner = page.getByRole("region", { name: "Acting as another user" });
    await expect.poll(() => banner.isVisible()).toBe(true);
    expect(await banner.textContent()).toContain("(admin@contoso.example)");
    expect(await banner.textContent()).toContain("(executive@parlance.example)");
    await expectAccessible(page, "overview while acting as a client");
    // The banner stays on every screen while acting.
    await page.goto("/testing/candidates");
    await expect.poll(() => banner.isVisible()).toBe(true);

    await banner.getByRole("button", { name: "Return to my account" }).click();
    await page.waitForURL("**/impersonate");
    await expect.poll(() => page.getByRole("heading", { name: "Impersonate User", level: 1 }).isVisible()).toBe(true);
    expect(await banner.count()).toBe(0);
    expect((await (await page.request.get("/api/startup")).json()).userFlags.username).toBe("executive@parlance.example");
    await page.context().close();
  });

  it("shows the form at 375 px in Simplified Chinese", async () => {
    const page = await signedIn("executive@parlance.example", 375, "zh-HANS");
    await page.goto("/impersonate");
    await expect.poll(() => page.getByRole("heading", { name: "模拟用户", level: 1 }).isVisible()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, "impersonate (zh-Hans, 375 px)");
    await page.context().close();
  });
});

describe("the session page", () => {
  it("shows the Administrator their session's variables and roles; others get no such page", async () => {
    const page = await signedIn("admin@parlance.example");
    await page.goto("/admin");
    await page.getByRole("link", { name: /Session/ }).click();
    await page.waitForURL("**/session");
    const variables = page.getByRole("table", { name: "Session variables" });
    await expect.poll(() => variables.getByRole("row", { name: /^email_address / }).isVisible()).toBe(true);
    expect(await variables.getByRole("row", { name: /^email_address / }).textContent()).toContain("admin@parlance.example");
    expect(await page.getByRole("table", { name: "Roles" }).getByRole("row", { name: /Administrator/ }).isVisible()).toBe(true);
    await expectAccessible(page, "session");
    await page.context().close();

    const executive = await signedIn("executive@parlance.example", 375, "zh-HANT");
    await executive.goto("/session");
    await expect.poll(() => executive.getByRole("table").count()).toBe(0);
    expect(await noSideScroll(executive)).toBe(true);
    await executive.context().close();
  });
});
