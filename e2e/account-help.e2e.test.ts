import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, expectAccessible, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * Issue 16 points 3 and 6: the account menu by role, Edit Profile (a wrong current password and
 * mismatched passwords change nothing; a new password then signs in), the training and translation
 * pages, the help guides (a deep link opens and scrolls to its section, the copy-link feedback for
 * 2 s, the screenshot lightbox by keyboard) and the evaluator documents (refused to a client role).
 * On a server of its own: changing a demo user's password would break other files' sign-ins.
 */
const own = useOwnServer();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

async function newPage(width = 1280): Promise<Page> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function signedIn(email: string, width = 1280): Promise<Page> {
  const page = await newPage(width);
  await signIn(page, email);
  return page;
}

/** Opens the "Hello, <name>" menu and reads its entries. */
async function accountMenu(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: /^Hello,/ }).click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  return (await menu.getByRole("menuitem").allInnerTexts()).map((s) => s.trim());
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The spec's order of the account menu (§2), for whichever entries a role sees. */
const SPEC_ORDER = ["Overview", "Availability", "Payment methods", "Invoices", "Edit Profile", "Contact us", "News", "Language Training", "Translation Services", "Interpretation", "Help", "Developer mailbox", "Sign out"];
const inSpecOrder = (items: string[]) => {
  const known = items.filter((i) => SPEC_ORDER.includes(i));
  expect(known).toEqual([...known].sort((a, b) => SPEC_ORDER.indexOf(a) - SPEC_ORDER.indexOf(b)));
};

/** The account menu shows what the role may open (checked inside the tests below, which sign these roles in anyway). */
async function expectMenu(page: Page, present: string[], absent: string[]) {
  const items = await accountMenu(page);
  for (const item of present) expect(items).toContain(item);
  for (const item of absent) expect(items).not.toContain(item);
  inSpecOrder(items);
  await expectAccessible(page, "account menu");
  await page.keyboard.press("Escape");
}

describe("Edit Profile", () => {
  it("refuses mismatched passwords and a wrong current password without changing anything, then changes the password, which signs in", async () => {
    const email = "user@northwind.example";
    const page = await signedIn(email);
    await accountMenu(page);
    await page.getByRole("menuitem", { name: "Edit Profile" }).click();
    await page.waitForURL("**/account/profile");
    await poll(() => page.getByRole("heading", { level: 1, name: "Edit Profile" }).isVisible()).toBe(true);
    const emailField = page.getByLabel("Email address");
    await poll(() => emailField.inputValue()).toBe(email);
    await expectAccessible(page, "Edit Profile");

    const fill = async (p1: string, p2: string, current: string) => {
      await page.getByLabel("New password", { exact: true }).fill(p1);
      await page.getByLabel("Retype new password").fill(p2);
      await page.getByLabel("Current password").fill(current);
      await page.getByRole("button", { name: "Update" }).click();
    };
    // Mismatched: the form says so and sends nothing.
    let saves = 0;
    page.on("request", (r) => void (r.url().endsWith("/api/account/save_profile") && saves++));
    await fill("Changed-pass-31", "Changed-pass-32", DEMO_PASSWORD);
    await poll(() => page.getByText("The passwords must match.").isVisible()).toBe(true);
    expect(saves).toBe(0);
    // A wrong current password: the server's message, and nothing changes.
    await fill("Changed-pass-31", "Changed-pass-31", "Not-my-password-1");
    await poll(() => page.getByRole("alert").filter({ hasText: "Your current password is not correct." }).isVisible()).toBe(true);
    expect(saves).toBe(1);
    await expectAccessible(page, "Edit Profile with an error");

    await fill("Changed-pass-31", "Changed-pass-31", DEMO_PASSWORD);
    await poll(() => page.getByRole("status").filter({ hasText: "Your profile has been updated." }).isVisible()).toBe(true);
    expect(await page.getByLabel("Current password").inputValue()).toBe("");

    // Signed out, the old password no longer signs in; the new one does.
    await page.context().close();
    const again = await newPage();
    await again.goto("/login");
    await again.getByLabel(/email/i).fill(email);
    await again.getByRole("button", { name: /continue/i }).click();
    await again.getByLabel(/^password/i).fill(DEMO_PASSWORD);
    await again.getByRole("button", { name: /sign in/i }).click();
    await poll(() => again.getByRole("alert").filter({ hasText: "The email address or password is incorrect." }).isVisible()).toBe(true);
    await signIn(again, email, "Changed-pass-31");
    expect(new URL(again.url()).pathname).toBe("/overview");
    await again.context().close();
  });

  it("the candidate's menu; the page fits a 375 px screen and is translated (zh-HANT)", async () => {
    const page = await signedIn("candidate@northwind.example");
    await expectMenu(page, ["Overview", "Edit Profile", "Help", "Sign out"], ["Availability", "Invoices", "Payment methods"]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/account/profile?lang=zh-HANT");
    await poll(() => page.getByRole("heading", { level: 1, name: "編輯個人資料" }).isVisible()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, "Edit Profile at 375 px in zh-HANT");
    await page.context().close();
  });
});

describe("the service lines", () => {
  it("a client administrator's menu; Language Training and Translation Services with their contact details", async () => {
    const page = await signedIn("admin@northwind.example");
    await expectMenu(page, ["Overview", "Invoices", "Edit Profile", "Language Training", "Translation Services", "Help", "Sign out"], ["Availability"]);
    await accountMenu(page);
    await page.getByRole("menuitem", { name: "Language Training" }).click();
    await page.waitForURL("**/training");
    await poll(() => page.getByRole("heading", { level: 1, name: "Language Training" }).isVisible()).toBe(true);
    await expect(page.getByRole("link", { name: "training@parlance.example" }).getAttribute("href")).resolves.toBe("mailto:training@parlance.example");
    await expect(page.getByRole("link", { name: "1-800-555-0168" }).first().getAttribute("href")).resolves.toBe("tel:18005550168");
    await expectAccessible(page, "Language Training");
    await page.goto("/translation");
    await poll(() => page.getByRole("heading", { level: 1, name: "Translation Services" }).isVisible()).toBe(true);
    await poll(() => page.getByRole("link", { name: "1-800-555-0155" }).isVisible()).toBe(true);
    await expectAccessible(page, "Translation Services");
    await page.context().close();
  });
});

describe("help", () => {
  it("a deep link opens and scrolls to its section; its link is copied with 2 s of feedback; a screenshot opens in a lightbox that Escape closes", async () => {
    const page = await signedIn("admin@northwind.example");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: own.server.url });
    await page.goto("/help/");
    await poll(() => page.getByRole("heading", { level: 1, name: "Help" }).isVisible()).toBe(true);
    await expectAccessible(page, "Help");
    await page.getByRole("link", { name: "Administrator Guide" }).click();
    await page.waitForURL("**/help/administrator");
    const control = (name: string) => page.getByRole("button", { name, exact: true });
    await poll(() => control("Bulk upload").getAttribute("aria-expanded")).toBe("false");
    await expectAccessible(page, "Administrator Guide");

    // A deep link to a section far down the page: it opens, and the page scrolls to it.
    await page.goto("/help/administrator#proctor-service");
    await poll(() => control("Proctor service").getAttribute("aria-expanded")).toBe("true");
    expect(await control("Bulk upload").getAttribute("aria-expanded")).toBe("false");
    // Scrolled down to it (it sits low on the page, which cannot scroll it further than its bottom).
    await poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(400);
    await poll(() => page.evaluate(() => {
      const top = document.getElementById("section-proctor-service")!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    })).toBe(true);

    // Copy link: the address of the section, "Link copied" for 2 seconds.
    const section = page.locator("#section-proctor-service");
    await section.getByRole("button", { name: "Copy the link to “Proctor service”" }).click();
    await poll(() => section.getByRole("status").innerText()).toBe("Link copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${own.server.url}/help/administrator#proctor-service`);
    await page.waitForTimeout(1500);
    expect(await section.getByRole("status").innerText()).toBe("Link copied");
    await poll(() => section.getByRole("status").innerText()).toBe("");

    // The screenshot: opened from the keyboard, a labelled dialog with our real screen; Escape closes it and the focus returns.
    const thumbnail = section.getByRole("button", { name: "Enlarge the screenshot: The proctoring settings" });
    await thumbnail.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "The proctoring settings" });
    await poll(() => dialog.isVisible()).toBe(true);
    const image = dialog.getByRole("img", { name: "The proctoring settings" });
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(1000);
    await expectAccessible(page, "screenshot lightbox");
    await page.keyboard.press("Escape");
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => thumbnail.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("the candidate guide in Simplified Chinese with its screens, at 375 px, for a visitor too", async () => {
    const page = await newPage(375);
    await page.goto("/help/candidate?lang=zh-HANS#take-test");
    await poll(() => page.getByRole("heading", { level: 1, name: "考生指南" }).isVisible()).toBe(true);
    await poll(() => page.getByRole("button", { name: "参加测试", exact: true }).getAttribute("aria-expanded")).toBe("true");
    const shot = page.getByRole("button", { name: "放大截图：参加测试列表" });
    await poll(() => shot.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(1000);
    expect(await shot.locator("img").getAttribute("src")).toBe("/help/zh-HANS/take-test.webp");
    expect(await noSideScroll(page)).toBe(true);
    await expectAccessible(page, "Candidate Guide at 375 px in zh-HANS");
    await page.context().close();
  });

  it("an evaluator's menu; evaluator documents: an evaluator opens the PDFs; a client role is refused the page and the files", async () => {
    const page = await signedIn("evaluator@parlance.example");
    await expectMenu(page, ["Overview", "Availability", "Edit Profile", "Help", "Sign out"], ["Invoices", "Payment methods", "Language Training"]);
    await page.goto("/help/");
    await page.getByRole("link", { name: "Evaluator Documents" }).click();
    await page.waitForURL("**/help/documents");
    const guide = page.getByRole("link", { name: "Scoring Guide" });
    const href = await guide.getAttribute("href");
    expect(href).toBe("/files/scoring-guide.pdf?lang=en-US");
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await page.request.get((await page.getByRole("link", { name: "Testing Scales" }).getAttribute("href"))!)).status()).toBe(200);
    await expectAccessible(page, "Evaluator Documents");
    await page.context().close();

    const client = await signedIn("admin@northwind.example");
    await client.goto("/help/");
    await poll(() => client.getByRole("link", { name: "Administrator Guide" }).isVisible()).toBe(true);
    expect(await client.getByRole("link", { name: "Evaluator Documents" }).count()).toBe(0);
    await client.goto("/help/documents");
    await poll(() => client.getByRole("heading", { level: 1, name: "Page not found" }).isVisible()).toBe(true);
    expect(await client.getByRole("link", { name: "Scoring Guide" }).count()).toBe(0);
    expect((await client.request.get("/files/scoring-guide.pdf")).status()).toBe(403);
    await client.context().close();
  });
});
