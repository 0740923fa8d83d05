import { beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { baseURL, expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { apiSession, assignTestNamed, newBostonCandidate } from "./support/api-session";
import { signInWithCode } from "./support/candidate-test";

/**
 * Take a Test (candidate spec §2): the demo candidate's list with its sections, the Choose
 * Employer screen for en-writing (assigned by Northwind Health and Contoso Legal), and the page of
 * tomorrow's live test. Other browser tests may take the demo candidate's reading and listening
 * tests, so this one relies only on the writing test, the live appointment and the translation test
 * to pay for (payments.e2e.test.ts pays it on a server of its own).
 */
const browser = useBrowser();

// One sign-in for the file, its session reused: sign-ins are limited per email, and other browser
// tests sign the demo candidate in as well.
let session: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
beforeAll(async () => {
  const context = await newContext(browser());
  await signIn(await context.newPage(), "candidate@northwind.example");
  session = await context.cookies();
  await context.close();
});

/** The API paths the page asks for, as it asks them. */
function apiPathsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith("/api/")) asked.push(pathname);
  });
  return asked;
}

async function candidatePage(opts: { width?: number; height?: number } = {}) {
  const context = await newContext(browser(), opts);
  await context.addCookies(session);
  return { context, page: await context.newPage() };
}

describe("Take a Test", () => {
  it("the candidate finds the list from Language Testing: sections, entries, the notice", async () => {
    const { context, page } = await candidatePage();
    await page.goto("/testing");
    await page.getByRole("link", { name: /Take a Test/i }).first().click();
    await page.waitForURL("**/testing/tests");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Take A Test");
    const crumbs = page.getByRole("navigation", { name: /breadcrumb/i });
    expect(await crumbs.getByRole("link").allInnerTexts()).toEqual(["Home", "Language Testing"]);

    const assigned = page.getByRole("region", { name: "Assigned Tests" });
    await expect.poll(() => assigned.count()).toBe(1);
    const writing = assigned.getByRole("listitem", { name: "English Writing Proficiency" });
    expect(await writing.innerText()).toContain("Northwind Health and Contoso Legal");
    expect(await writing.innerText()).toMatch(/online/i);
    expect(await writing.innerText()).toContain("Time limit: 60 minutes");

    const scheduled = page.getByRole("region", { name: "Scheduled Tests" });
    const live = scheduled.getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" });
    const liveText = await live.innerText();
    expect(liveText).toMatch(/\blive\b/i);
    // Tomorrow at 10:00 Eastern, for 30 minutes.
    expect(liveText).toMatch(/Time of test: .*10:00\s?AM \(30 minutes\)/);
    // Boston left one test for her to pay (demo world), leading to its purchase page; nothing she
    // has needs scheduling or was missed.
    const purchase = page.getByRole("region", { name: "Tests Requiring Purchase" });
    const translation = purchase.getByRole("listitem", { name: "Spanish to English Translation" });
    expect(await translation.getByRole("link", { name: "Purchase test" }).getAttribute("href")).toMatch(/^\/testing\/payment\/a\d+\/purchase$/);
    for (const name of ["Tests Requiring Scheduling", "Missed Tests"]) {
      expect(await page.getByRole("region", { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole("complementary").innerText()).toContain(
      "Make sure you've closed any possible distractions, such as music players and chat clients, prior to starting this test.",
    );
    await expectAccessible(page, "Take A Test");

    // Choose Employer: the writing test was assigned by both employers.
    await writing.getByRole("link", { name: "Choose employer" }).click();
    await page.waitForURL(/\/testing\/tests\/choose_account\/\d+,\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Choose Employer");
    const employers = page.getByRole("list", { name: "Employers" }).getByRole("listitem");
    await expect.poll(() => employers.count()).toBe(2);
    const northwind = employers.filter({ hasText: "Northwind Health" });
    expect(await northwind.innerText()).toContain("Office: Boston");
    const contoso = employers.filter({ hasText: "Contoso Legal" });
    expect(await contoso.innerText()).toContain("Office: Headquarters");
    const ids = new URL(page.url()).pathname.split("/").pop()!.split(",");
    expect(await northwind.getByRole("link", { name: "Take test for Northwind Health" }).getAttribute("href")).toBe(`/testing/tests/${ids[0]}`);
    expect(await contoso.getByRole("link", { name: "Take test for Contoso Legal" }).getAttribute("href")).toBe(`/testing/tests/${ids[1]}`);
    await expectAccessible(page, "Choose Employer");

    // A foreign, missing or malformed id: not found, nothing else.
    for (const bad of ["1", "999999", `${ids[0]},abc`]) {
      await page.goto(`/testing/tests/choose_account/${bad}`);
      await expect.poll(() => page.getByText("That test was not found. It may have been taken already or withdrawn.").count(), { message: bad }).toBe(1);
    }
    await expectAccessible(page, "Choose Employer, not found");

    // The live test's page: before its window it says when it starts, and offers no Start yet.
    await page.goto("/testing/tests");
    // (The demo's proctored online test, its proctoring reserved for tomorrow, is scheduled too.)
    await page.getByRole("region", { name: "Scheduled Tests" }).getByRole("listitem", { name: "Spanish Listening and Speaking (Live)" }).getByRole("link", { name: "View appointment" }).click();
    await page.waitForURL(/\/testing\/tests\/s\d+\/live$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Live Test");
    await expect.poll(() => page.getByText(/^This test starts at .*10:00\s?AM\.$/).count()).toBe(1);
    expect(await page.locator("main").innerText()).toContain("an interpreter calls you at the time of your appointment");
    expect(await page.getByRole("button", { name: "Start test" }).count()).toBe(0);
    await expectAccessible(page, "live test page");
    await context.close();
  });

  it("a video test's page tells of the video room it embeds, not that the portal has none (issue 23)", async () => {
    const admin = await apiSession(baseURL(), "admin@northwind.example");
    const candidateId = await newBostonCandidate(admin, "Vera", `Room${Date.now() % 100000}`);
    const { assigned } = await assignTestNamed(admin, candidateId, "Mandarin Listening and Speaking (Video)");
    const context = await newContext(browser());
    const page = await context.newPage();
    await signInWithCode(page, assigned[0].accessCode);
    await page.goto(`/testing/tests/a${assigned[0].id}/live`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Video Test");
    await expect.poll(() => page.locator("main").innerText()).toContain("in the video room on this page");
    expect(await page.locator("main").innerText()).not.toContain("not part of this portal");
    await expectAccessible(page, "video test page");
    await context.close();
  });

  it("fits a 375 px phone, its list and startup data come with the page (issue 26 §3)", async () => {
    const { context, page } = await candidatePage({ width: 375, height: 740 });
    const asked = apiPathsAsked(page);
    // Were the list read from the network, this would show the spec's failure instead of the list.
    await page.route("**/api/tests/list", (route) => route.fulfill({ status: 500, contentType: "application/json", body: "{}" }));
    await page.goto("/testing/tests");
    await expect.poll(() => page.getByRole("region", { name: "Assigned Tests" }).count()).toBe(1);
    expect(asked.filter((p) => p === "/api/startup" || p === "/api/tests/list")).toEqual([]);
    await page.unroute("**/api/tests/list");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, "Take A Test at 375 px");
    await context.close();
  });

  it("reads in Traditional Chinese", async () => {
    const { context, page } = await candidatePage();
    const asked = apiPathsAsked(page);
    await page.goto("/testing/tests?lang=zh-HANT");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("參加測驗");
    // The address's language is the page's own startup read: not asked again.
    expect(asked).not.toContain("/api/startup");
    await expect.poll(() => page.getByRole("region", { name: "已指派的測驗" }).count()).toBe(1);
    const text = await page.locator("main").innerText();
    expect(text).toContain("開始本測驗之前，請確保已關閉任何可能分散注意力的程式");
    expect(text).not.toMatch(/takeTest\./);
    await page.evaluate(() =>
      fetch("/api/account/language", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en-US" }) }),
    );
    await context.close();
  });
});
