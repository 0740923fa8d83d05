import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

/**
 * The back office's test catalogue and content (issue 17 point 2): the provider's Administrator
 * creates a test, allows Northwind Health to assign it at a price, uploads its content file (a
 * shipped one as the template), sees the importer's messages, publishes it; then Northwind's
 * administrator finds the test among the tests to assign. axe on every screen.
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });
const root = path.resolve(import.meta.dirname, "..");

const stamp = Date.now().toString(36);
const testName = `E2E Reading ${stamp}`;
const contentKey = `e2e-reading-${stamp}`;

/** The shipped reading test's content as this test's file, and its chart, in a temporary folder. */
function contentFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-bo-content-"));
  const content = JSON.parse(fs.readFileSync(path.join(root, "content/en-reading.json"), "utf8")) as Record<string, unknown>;
  const file = path.join(dir, `${contentKey}.json`);
  fs.writeFileSync(file, JSON.stringify({ ...content, key: contentKey, description: testName, time_limit_minutes: 45 }, null, 2));
  const chart = path.join(dir, "borrowing-chart.svg");
  fs.copyFileSync(path.join(root, "content/media/en-reading/borrowing-chart.svg"), chart);
  return { dir, file, chart };
}

async function chooseFiles(page: Page, label: string, files: string[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: label }).click();
  await (await chooser).setFiles(files);
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

describe("the back office's test catalogue", () => {
  it("creates a test, allows Northwind at a price, uploads and publishes its content; Northwind is offered it", async () => {
    const files = contentFiles();
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@parlance.example");

    // The hub's card leads to the catalogue.
    await page.goto("/admin");
    await page.getByRole("link", { name: "Test catalogue" }).click();
    await page.waitForURL("**/admin/tests");
    await poll(() => page.getByRole("link", { name: "English Reading Proficiency", exact: true }).isVisible()).toBe(true);
    await page.getByRole("textbox", { name: "Search" }).fill("spanish live");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await poll(() => page.getByText("2 tests").isVisible()).toBe(true);
    await expectAccessible(page, "test catalogue");

    // A new test.
    await page.getByRole("link", { name: "New test" }).click();
    await page.waitForURL("**/admin/tests/new");
    await poll(() => page.getByRole("heading", { name: "New test", level: 1 }).isVisible()).toBe(true);
    await page.getByRole("textbox", { name: "Test name" }).fill(testName);
    await page.getByRole("combobox", { name: "Language" }).fill("Engl");
    await page.getByRole("option", { name: "English", exact: true }).click();
    await page.getByRole("textbox", { name: "Time limit (minutes)" }).fill("45");
    await page.getByRole("textbox", { name: "Content key" }).fill(contentKey);
    await expectAccessible(page, "new test form");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/tests\/\d+$/);
    await poll(() => page.getByRole("heading", { name: testName, level: 1 }).isVisible()).toBe(true);
    await poll(() => page.getByText("No account may assign this test yet.").isVisible()).toBe(true);
    expect(await page.getByText("60 min · limit 45 min").isVisible()).toBe(true);
    await expectAccessible(page, "test page");

    // Northwind Health may assign it, at $41.50 (short notice: the suggested $28.00 raised to $45.00).
    await page.getByRole("button", { name: "Allow an account" }).click();
    const dialog = page.getByRole("dialog", { name: "Allow an account to assign this test" });
    await poll(() => dialog.isVisible()).toBe(true);
    await settled(page);
    await dialog.getByRole("combobox", { name: "Account" }).fill("North");
    await page.getByRole("option", { name: "Northwind Health" }).click();
    expect(await dialog.getByRole("textbox", { name: "Price", exact: true }).inputValue()).toBe("23.00");
    await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("41.50");
    await dialog.getByRole("textbox", { name: "Short-notice price" }).fill("45");
    await expectAccessible(page, "allow an account");
    await dialog.getByRole("button", { name: "Allow" }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    const accounts = page.getByRole("region", { name: "Accounts that may assign this test" });
    await poll(() => accounts.getByRole("row", { name: /Northwind Health \$41\.50 \$45\.00/ }).isVisible()).toBe(true);

    // Every other testing account allowed as well: the dialog says so beside a disabled field rather
    // than opening a listbox without options (axe: aria-required-children, issue 24 #13).
    const testId = Number(new URL(page.url()).pathname.split("/").pop());
    const added: number[] = [];
    for (let left = true; left; ) {
      const { accounts: choices } = (await (await page.request.get(`/api/backoffice/tests/${testId}/account_choices?term=`)).json()) as { accounts: { id: number }[] };
      for (const a of choices) {
        const res = await page.request.post(`/api/backoffice/tests/${testId}/accounts/add`, { data: { account_id: a.id, fee_cents: 2300, short_notice_fee_cents: 2800 } });
        expect(res.status()).toBe(200);
        added.push(((await res.json()) as { id: number }).id);
      }
      left = choices.length > 0;
    }
    expect(added.length).toBeGreaterThan(0);
    await page.reload();
    await page.getByRole("button", { name: "Allow an account" }).click();
    await poll(() => dialog.isVisible()).toBe(true);
    await settled(page);
    await poll(() => dialog.getByRole("status").innerText()).toBe("Every testing account may already assign this test.");
    expect(await dialog.getByRole("combobox", { name: "Account" }).isDisabled()).toBe(true);
    expect(await page.getByRole("listbox").count()).toBe(0);
    await expectAccessible(page, "allow an account, every account allowed");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    // The other files of this server see the demo's catalogue: only Northwind keeps the new test.
    for (const id of added) expect((await page.request.post(`/api/backoffice/account_tests/${id}/remove`, { data: {} })).status()).toBe(200);

    // The content file alone: the importer says its chart is missing, and nothing can be published.
    const content = page.getByRole("region", { name: "Content" });
    await chooseFiles(page, "Content file (.json)", [files.file]);
    await content.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => content.getByText(`${contentKey}.json has problems`).isVisible()).toBe(true);
    expect(await content.getByText(/borrowing-chart\.svg \(item 'borrowing-chart'\) is missing/).isVisible()).toBe(true);
    expect(await content.getByRole("button", { name: "Publish as the new version" }).count()).toBe(0);
    await expectAccessible(page, "content refused");

    // With the chart: it can be published, and is.
    await chooseFiles(page, "Media files", [files.chart]);
    await content.getByRole("button", { name: "Upload and check" }).click();
    await poll(() => content.getByText(`${contentKey}.json can be published`).isVisible()).toBe(true);
    await expectAccessible(page, "content checked");
    await content.getByRole("button", { name: "Publish as the new version" }).click();
    await poll(() => page.getByText("Version 1 of the content has been published.").isVisible()).toBe(true);
    await poll(() => content.getByRole("row", { name: /Version 1 Current/ }).isVisible()).toBe(true);
    await expectAccessible(page, "content published");
    await context.close();
    fs.rmSync(files.dir, { recursive: true, force: true });

    // Northwind's administrator is offered the test when assigning.
    const client = await newContext(browser());
    const clientPage = await client.newPage();
    await signIn(clientPage, "admin@northwind.example");
    const found = await clientPage.request.post("/api/candidates/search", { data: { query: "", page: 1 } });
    const candidateId = ((await found.json()) as { candidateProfiles: { id: number }[] }).candidateProfiles[0].id;
    await clientPage.goto(`/testing/candidates/${candidateId}`);
    const form = clientPage.getByRole("region", { name: "Assign Tests" });
    const tests = form.getByRole("combobox", { name: "Tests" });
    await poll(() => tests.count()).toBe(1);
    await tests.click();
    await tests.fill("E2E Reading");
    await poll(() => clientPage.getByRole("option", { name: `${testName} · Online`, exact: true }).isVisible()).toBe(true);
    await expectAccessible(clientPage, "assigning, with the new test offered");
    await client.close();
  }, 60_000);
  it("reads at 375 px in Simplified Chinese for a Testing Executive: the catalogue, a test with its accounts and versions, the price dialog", async () => {
    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await signIn(page, "executive@parlance.example");
    // The language cookie of this browser only: the user's own setting stays as it is for other files.
    await context.addCookies([{ name: "parlance_lang", value: "zh-HANS", url: baseURL() }]);
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto("/admin/tests?query=en-reading");
    await poll(() => page.getByRole("heading", { name: "测试目录", level: 1 }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "English Reading Proficiency", exact: true }).click();
    await poll(() => page.getByRole("heading", { name: "English Reading Proficiency", level: 1 }).isVisible()).toBe(true);
    const accounts = page.getByRole("region", { name: "可分配此测试的账户" });
    await poll(() => accounts.getByRole("row", { name: /Northwind Health/ }).isVisible()).toBe(true);
    await poll(() => page.getByRole("row", { name: /版本 \d+ 当前/ }).isVisible()).toBe(true);
    expect(await noSideScroll()).toBe(true);
    await expectAccessible(page, "test page (zh-Hans, 375 px)");
    await accounts.getByRole("button", { name: "更改价格：Northwind Health" }).click();
    const dialog = page.getByRole("dialog", { name: "Northwind Health 的价格" });
    await poll(() => dialog.isVisible()).toBe(true);
    await settled(page);
    await expectAccessible(page, "price dialog (zh-Hans, 375 px)");
    await dialog.getByRole("button", { name: "取消" }).click();
    await context.close();
  }, 30_000);
});
