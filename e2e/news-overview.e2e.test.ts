import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * Issue 16 points 1 and 2: the news administration (hub, list, create with the title rule, edit,
 * publish, delete), a published article on the overview in zh-HANT with its summary cut, the article
 * page (no script runs from a body), the overview by role (quick links, alerts, the client's
 * figures as charts and tables, the candidate's phone numbers), all at 375 px too.
 * On a server of its own: it publishes and deletes articles.
 */
const own = useOwnServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

async function signedIn(email: string, width = 1280): Promise<Page> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}
const heading = (page: Page) => page.getByRole("heading", { level: 1 }).innerText();
/** Elements that stick out of the viewport sideways (none: the page does not scroll sideways). */
const wideElements = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= window.innerWidth
      ? []
      : Array.from(document.body.querySelectorAll("*")).filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => `${e.tagName}.${e.className}`.slice(0, 80)).slice(-5),
  );

const LONG_SUMMARY = "Our evaluators now score Mandarin, Cantonese and Taiwanese Mandarin listening tests within one business day, and results arrive by mail the same hour.";
const TITLE = "Faster results for Chinese tests";

describe("news administration", () => {
  it("a news manager creates (title required, nothing sent without it), edits, publishes and deletes articles", async () => {
    const page = await signedIn("news@parlance.example");
    await page.goto("/admin");
    await poll(() => heading(page)).toBe("Administration");
    await expectAccessible(page, "administration hub");
    await page.getByRole("link", { name: "News Articles" }).click();
    await poll(() => heading(page)).toBe("News Articles");
    const table = page.getByRole("table");
    await poll(() => table.getByRole("row").count()).toBe(7);
    // Publish is offered for the draft and the archived article only.
    expect(await page.getByRole("button", { name: /^Publish/ }).count()).toBe(2);
    await expectAccessible(page, "admin news list");

    await page.getByRole("link", { name: "Create Article" }).first().click();
    await poll(() => heading(page)).toBe("Create Article");
    const creates: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/admin/news/create") && creates.push(r.method())));
    await page.getByRole("button", { name: "Save" }).click();
    await poll(() => page.getByText("Title is required").isVisible()).toBe(true);
    expect(creates).toEqual([]);
    await expectAccessible(page, "article form with the title error");

    await page.getByRole("textbox", { name: /^Title/ }).fill(TITLE);
    await page.getByRole("textbox", { name: /^Summary/ }).fill(LONG_SUMMARY);
    await page.getByRole("textbox", { name: /^Content/ }).fill(`<p>Scores arrive <strong>sooner</strong>.</p><script>window.__pwned = 1</script><img src="/news/scheduling.svg" alt="A calendar" onerror="window.__pwned = 2" onload="window.__pwned = 3">`);
    await page.getByRole("textbox", { name: /^Tags/ }).fill("Mandarin, Scoring,  mandarin ");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/admin/news");
    expect(creates).toEqual(["POST"]);
    const row = page.getByRole("row").filter({ hasText: TITLE });
    await poll(() => row.innerText()).toContain("Draft");

    // Edit: the form loads the article first.
    await row.getByRole("link", { name: `Edit “${TITLE}”` }).click();
    await poll(() => page.getByRole("textbox", { name: /^Tags/ }).inputValue()).toBe("Mandarin, Scoring");
    await expectAccessible(page, "article form in edit mode");
    await page.getByRole("checkbox", { name: "Featured article" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/admin/news");

    await page.getByRole("row").filter({ hasText: TITLE }).getByRole("button", { name: `Publish “${TITLE}”` }).click();
    await poll(() => page.getByText("Article published successfully").isVisible()).toBe(true);
    await poll(() => page.getByRole("row").filter({ hasText: TITLE }).innerText()).toContain("Published");
    expect(await page.getByRole("row").filter({ hasText: TITLE }).getByRole("button", { name: /^Publish/ }).count()).toBe(0);

    // Delete the draft after the confirmation.
    const draft = "Interpretation requests online (draft)";
    await page.getByRole("button", { name: `Delete “${draft}”` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ok" }).click();
    await poll(() => page.getByText("Article deleted successfully").isVisible()).toBe(true);
    await poll(() => page.getByRole("row").filter({ hasText: draft }).count()).toBe(0);
    await page.context().close();
  });

  it("client roles cannot open the news administration", async () => {
    const page = await signedIn("admin@northwind.example");
    await page.goto("/admin/news");
    await poll(() => page.getByRole("heading", { name: "News Articles" }).count()).toBe(0);
    // The administration home is a screen only for those with one of its cards (the screen table):
    // a client administrator is neither offered it nor can open it by its address.
    await page.goto("/admin");
    await poll(() => heading(page)).toBe("Page not found");
    await page.context().close();
  });
});

describe("the overview and the news pages", () => {
  it("the published article is the first news on the overview in zh-HANT, its summary cut at 120 characters; its page runs no script", async () => {
    const page = await signedIn("admin@northwind.example");
    await page.goto("/overview?lang=zh-HANT");
    const news = page.getByRole("region", { name: "新聞" });
    await poll(() => news.getByRole("listitem").count()).toBe(3);
    const first = news.getByRole("listitem").first();
    expect(await first.getByRole("link").innerText()).toBe(TITLE);
    const cut = `${Array.from(LONG_SUMMARY).slice(0, 120).join("").trimEnd()}…`;
    expect(await first.innerText()).toContain(cut);
    await expect.poll(() => page.getByRole("region", { name: "提醒" }).innerText()).toMatch(/即將到期|待付款|已收到結果|沒有提醒/);
    // The client's figures: charts and the same numbers as tables.
    await poll(() => page.getByRole("table", { name: "按月統計的已指派測驗和已評分結果" }).getByRole("row").count()).toBe(13);
    await poll(() => page.getByRole("img", { name: /長條圖/ }).count()).toBe(2);
    expect(await page.getByRole("table", { name: "按 ALTA 等級統計的已評分結果" }).getByRole("row").count()).toBe(14);
    await expectAccessible(page, "overview in zh-HANT");

    await first.getByRole("link").click();
    await poll(() => heading(page)).toBe(TITLE);
    await poll(() => page.getByRole("img", { name: "A calendar" }).isVisible()).toBe(true);
    expect(await page.locator("blockquote").innerText()).toContain(LONG_SUMMARY);
    expect(await page.getByRole("list", { name: "標籤" }).innerText()).toMatch(/Mandarin[\s\S]*Scoring/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator("article script").count()).toBe(0);
    await expectAccessible(page, "article page in zh-HANT");

    await page.goto("/news?lang=en-US");
    await poll(() => heading(page)).toBe("News");
    await poll(() => page.getByRole("article").count()).toBe(5);
    await expectAccessible(page, "news list");
    await page.context().close();
  });

  it("every role has quick links: the News Manager news administration, the candidate the phone numbers", async () => {
    const manager = await signedIn("news@parlance.example");
    await manager.goto("/overview");
    const links = manager.getByRole("region", { name: "Quick links" });
    await poll(() => links.getByRole("link", { name: "Manage News" }).isVisible()).toBe(true);
    expect(await links.getByRole("link", { name: "News", exact: true }).count()).toBe(1);
    await poll(() => manager.getByText("No alerts").isVisible()).toBe(true);
    expect(await manager.getByRole("table").count()).toBe(0);
    await expectAccessible(manager, "overview of the news manager");
    await manager.context().close();

    const candidate = await signedIn("candidate@northwind.example");
    await candidate.goto("/overview");
    await poll(() => candidate.getByText(/call \+1 617 555 0142 or toll-free \+1 800 555 0142/).isVisible()).toBe(true);
    await poll(() => candidate.getByRole("region", { name: "Alerts" }).innerText()).toContain("Spanish to English Translation");
    await expectAccessible(candidate, "overview of the candidate");
    await candidate.context().close();
  });

  it("works at 375 px: overview, article, admin list and form", async () => {
    const page = await signedIn("executive@parlance.example", 375);
    for (const [path, name] of [["/overview", "overview"], ["/news/faster-chinese-scoring", "article"], ["/admin/news", "admin news list"], ["/admin/news/create", "article form"]] as const) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(await wideElements(page), path).toEqual([]);
      await expectAccessible(page, `${name} at 375 px`);
    }
    await page.context().close();
  });
});
