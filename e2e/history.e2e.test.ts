import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { downloadText, expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

/** Screens load over the network: wait up to 10 s for what a person would wait for. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** Dialogs fade in: check them once their transitions have finished. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

describe("test history", () => {
  it("searches with the query language, emails a summary of chosen tests and downloads the CSV", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing");
    await page.getByRole("link", { name: /view test history/i }).click();
    await page.waitForURL("**/testing/candidates/tests");
    await poll(() => page.getByRole("table").count()).toBe(1);
    await expectAccessible(page, "test history");

    // A query the parser refuses is explained before anything is sent.
    await page.getByLabel("Advanced search").fill("colour:blue");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await poll(() => page.locator("main").innerText()).toContain("Unknown search keyword 'colour'");

    await page.getByLabel("Advanced search").fill("office:Boston method:online");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/query=office%3ABoston/);
    await poll(async () => {
      const rows = await page.getByRole("row").allInnerTexts();
      return rows.length > 1 && rows.slice(1).every((r) => r.includes("Boston") && r.includes("Online"));
    }).toBe(true);
    await expectAccessible(page, "test history with a query");

    // Pick two tests and email their summary.
    const email = page.getByRole("button", { name: "Email results" });
    expect(await email.isDisabled()).toBe(true);
    const boxes = page.getByRole("checkbox", { name: /^Select .+ of / });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await poll(() => page.locator("main").innerText()).toContain("Selected: 2");
    await email.click();
    const dialog = page.getByRole("dialog", { name: "Email test results" });
    await poll(() => dialog.innerText()).toContain("Tests selected: 2");
    await settled(page);
    await expectAccessible(page, "email results dialog");
    await dialog.getByRole("button", { name: "Send" }).click();
    await poll(() => dialog.innerText()).toContain("Please provide an email address.");
    await dialog.getByLabel(/email address/i).fill("hr.team@northwind.example");
    await dialog.getByRole("button", { name: "Send" }).click();
    await poll(() => page.locator("body").innerText()).toContain("The test summary will be delivered in a few minutes.");
    await poll(() => dialog.count()).toBe(0);

    // The CSV of every result of the query.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("test_history.csv");
    const text = (await downloadText(download)).replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toMatch(/^Candidate,Candidate Id,Employee Id,Office,/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(",Boston,") && l.includes(",Online,"))).toBe(true);
    await context.close();
  });

  it("marks a battery completed from the battery page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    // An open battery of the demo history.
    let trackId: number | undefined;
    for (let p = 1; p <= 10 && trackId === undefined; p++) {
      const body = (await (await page.request.get(`/api/test_history/search?query=&page=${p}`)).json()) as { results: { candidateTrackId: number | null }[] };
      for (const r of body.results) {
        if (r.candidateTrackId === null) continue;
        const track = (await (await page.request.get(`/api/test_tracks/${r.candidateTrackId}`)).json()) as { isCompleted: boolean };
        if (!track.isCompleted) {
          trackId = r.candidateTrackId;
          break;
        }
      }
    }
    expect(trackId).toBeDefined();
    await page.goto(`/testing/track/${trackId}`);
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Candidate Battery");
    const table = page.getByRole("table");
    for (const header of ["Test", "Method", "Date", "Status"]) expect(await table.getByRole("columnheader", { name: header }).count()).toBe(1);
    await expectAccessible(page, "candidate battery");
    await page.getByRole("button", { name: "Mark Battery Completed" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark Battery Completed" });
    await poll(() => dialog.innerText()).toContain("Are you sure you want to mark this battery completed?");
    await settled(page);
    await expectAccessible(page, "mark battery completed dialog");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await poll(() => page.locator("body").innerText()).toContain("The test battery has been marked completed.");
    await poll(() => page.getByRole("button", { name: "Mark Battery Completed" }).count()).toBe(0);
    await poll(() => page.locator("main").innerText()).toMatch(/\bcompleted\b/i);
    await page.reload();
    await poll(() => page.locator("main").innerText()).toMatch(/\bcompleted\b/i);
    expect(await page.getByRole("button", { name: "Mark Battery Completed" }).count()).toBe(0);
    await context.close();
  });

  it("renders the history and battery screens in Simplified Chinese", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "office.admin@northwind.example");
    await page.goto("/testing/candidates/tests?lang=zh-HANS");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("测试记录");
    await poll(() => page.getByRole("table").count()).toBe(1);
    const text = await page.locator("main").innerText();
    expect(text).toContain("高级搜索");
    expect(text).toMatch(/可参加|已预约|测试已于|需要安排时间/);
    expect(text).not.toMatch(/history\.(status|page|columns)\./);
    await expectAccessible(page, "test history in zh-HANS");
    const link = page.getByRole("link", { name: /所在的测试系列/ }).first();
    if ((await link.count()) > 0) {
      await link.click();
      await page.waitForURL(/\/testing\/track\/\d+/);
      await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("考生测试系列");
      expect(await page.locator("main").innerText()).not.toMatch(/tracks\.page\./);
      await expectAccessible(page, "battery in zh-HANS");
    }
    await context.close();
  });
});
