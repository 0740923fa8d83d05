import { describe, expect, it } from "vitest";
import { downloadText, expectAccessible, newContext, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * On a server of its own: the list's first page must show the demo candidates as seeded, not
 * after the candidates other files on a shared server add (they sort before them).
 */
const own = useOwnServer();
const browser = () => own.browser;
const baseURL = () => own.server.url;

/** Rows of a CSV file (quoted cells may hold commas; no line breaks in these rows). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, "").replace(/""/g, '"')).slice(0, -1));

describe("candidates", () => {
  it("creates, finds, opens, edits, deletes and downloads candidates through the screens", async () => {
    const context = await newContext(browser(), { baseURL: baseURL() });
    const page = await context.newPage();
    const n = Date.now() % 100000;
    const last = `de Quill ${n}`;
    await signIn(page, "admin@northwind.example");

    // The Manage Candidates card of /testing leads to the list.
    await page.goto("/testing");
    await page.getByRole("link", { name: /manage candidates/i }).click();
    await page.waitForURL("**/testing/candidates");
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Hernandez, Maria Guadalupe");
    await expectAccessible(page, "candidates list");

    // New candidate: the spec's message first, then a valid candidate.
    await page.getByRole("link", { name: "Add candidate" }).click();
    await page.waitForURL("**/testing/candidates/new");
    await expectAccessible(page, "new candidate");
    await page.getByRole("button", { name: "Save candidate" }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("Please provide a first name.");
    await expect.poll(() => page.locator("main").innerText()).toContain("Please select a health care role.");
    await expectAccessible(page, "new candidate with its errors");
    await page.getByLabel("First name").fill("Quentin");
    await page.getByLabel("Last name").fill(last);
    await page.getByLabel("Email address").fill(`quentin.${n}@example.com`);
    await page.getByLabel("Employee ID").fill(`Q-${n}`);
    await page.getByRole("combobox", { name: "Office" }).click();
    await page.getByRole("option", { name: "Boston" }).click();
    await page.getByRole("combobox", { name: "Health care role" }).click();
    await page.getByRole("option", { name: "Nurse", exact: true }).click();
    await page.getByRole("button", { name: "Save candidate" }).click();
    // A nurse needs a specialty: the field appears with its message.
    await expect.poll(() => page.locator("main").innerText()).toContain("Please select a health care role and specialty.");
    await page.getByRole("combobox", { name: "Specialty" }).click();
    await page.getByRole("option", { name: "Registered Nurse" }).click();
    await page.getByLabel("Notes").fill("Created by the browser test");
    await page.getByRole("button", { name: "Save candidate" }).click();
    await page.waitForURL(/\/testing\/candidates\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(`${last}, Quentin`);
    const detailUrl = page.url();
    await expect.poll(() => page.locator("main").innerText()).toContain("Nurse – Registered Nurse");
    await expectAccessible(page, "candidate detail");

    // Find it with an advanced query.
    await page.goto("/testing/candidates");
    await page.getByRole("tab", { name: "Advanced search" }).click();
    await page.getByRole("button", { name: "How to search" }).click();
    await expect.poll(() => page.getByRole("dialog").innerText()).toContain("health_care_role:");
    await expectAccessible(page, "search help");
    await page.keyboard.press("Escape");
    await page.getByLabel("Search query").fill(`last:"${last}" office:Boston`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.getByRole("heading", { level: 2, name: /^\d+ candidates?$/ }).innerText()).toBe("1 candidate");
    await expect.poll(() => page.getByRole("table").innerText()).toContain(`${last}, Quentin`);
    expect(page.url()).toContain("query=");
    await expectAccessible(page, "advanced search results");
    // The same office typed wrongly: a readable message, no search.
    await page.getByLabel("Search query").fill("office:");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("The search keyword 'office' needs a value.");

    // Open it and edit it.
    await page.getByRole("link", { name: `${last}, Quentin`, exact: true }).click();
    await page.waitForURL(detailUrl);
    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/\/edit$/);
    await expect.poll(() => page.getByLabel("First name").inputValue()).toBe("Quentin");
    await expectAccessible(page, "edit candidate");
    await page.getByLabel("First name").fill("Quincy");
    await page.getByRole("button", { name: "Save candidate" }).click();
    await page.waitForURL(detailUrl);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(`${last}, Quincy`);

    // Notify: the candidate has no open tests, and the page says so.
    await page.getByRole("button", { name: "Email open tests" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("This candidate has no open tests to be notified about.");
    // Activate: a set-password link is mailed.
    await page.getByRole("button", { name: "Send sign-in link" }).click();
    await expect.poll(() => page.getByRole("dialog").innerText()).toContain("a link to set a password");
    // Checked once the dialog has finished fading in.
    await page.waitForTimeout(400);
    await expectAccessible(page, "activate confirmation");
    await page.getByRole("dialog").getByRole("button", { name: "Send" }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("The candidate has been emailed a link to set their password.");

    // Delete another candidate through the dialog.
    const other = await page.request.post("/api/candidates/edit", {
      headers: { origin: baseURL() },
      data: { firstName: "Doomed", lastName: last, emailAddress: `doomed.${n}@example.com`, languageId: 140, officeId: null, healthCareRoleId: null },
    });
    expect(other.status()).toBe(400); // the office and role rules hold for the API too
    const form = await (await page.request.get("/api/candidates/form")).json();
    const boston = form.offices.find((o: { name: string }) => o.name === "Boston").id;
    const psr = form.healthCareRoles.find((r: { name: string }) => r.name === "Patient Services Representative").id;
    const created = await page.request.post("/api/candidates/edit", {
      headers: { origin: baseURL() },
      data: { firstName: "Doomed", lastName: last, emailAddress: `doomed.${n}@example.com`, languageId: 140, officeId: boston, healthCareRoleId: psr },
    });
    expect(created.status()).toBe(200);
    await page.goto(`/testing/candidates?query=${encodeURIComponent(`last:"${last}"`)}`);
    await expect.poll(() => page.getByRole("table").getByRole("row").count()).toBe(3);
    await page.getByRole("button", { name: `Delete ${last}, Doomed` }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await expect.poll(() => dialog.innerText()).toContain("Are you sure you want to delete this candidate?");
    await expectAccessible(page, "confirm delete dialog");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("The candidate was successfully deleted");
    await expect.poll(() => page.getByRole("table").getByRole("row").count()).toBe(2);

    // Download the CSV of the search.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /^Download CSV of the candidates of this search/ }).click()]);
    expect(download.suggestedFilename()).toBe("candidates.csv");
    const rows = csvRows(await downloadText(download));
    expect(rows[0].slice(0, 7)).toEqual(["Candidate ID", "Name", "Last Name", "First Name", "Middle Name", "Employee ID", "Email Address"]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(1, 8)).toEqual([`${last}, Quincy`, last, "Quincy", "", `Q-${n}`, `quentin.${n}@example.com`, "Boston"]);

    // An unknown candidate: a clear page, not an error.
    await page.goto("/testing/candidates/99999999");
    await expect.poll(() => page.locator("main").innerText()).toContain("This candidate does not exist, or is not one of yours.");
    // The other screens under /testing/candidates/ are their own screens, never read as a candidate's id.
    const screens: Record<string, RegExp> = {
      upload: /^Upload Candidates$/,
      changes: /./,
      preview: /./,
      confirm: /./,
      outstanding_paper_tests: /^Outstanding Paper Tests$/i,
    };
    for (const [path, heading] of Object.entries(screens)) {
      await page.goto(`/testing/candidates/${path}`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).first().innerText(), { message: path }).toMatch(heading);
      const main = await page.locator("main").innerText();
      expect(main, path).not.toContain("This candidate does not exist");
      expect(main, path).not.toContain("Page not found");
    }
    await context.close();
  });

  it("the empty state links to the first candidate, and an office user sees only their office", async () => {
    const context = await newContext(browser(), { baseURL: baseURL() });
    const page = await context.newPage();
    await signIn(page, "office.user@northwind.example");
    await page.goto(`/testing/candidates?query=${encodeURIComponent("last:nobody-has-this-name")}`);
    await expect.poll(() => page.locator("main").innerText()).toContain("No candidates match this search.");
    await expectAccessible(page, "no matches");
    await page.getByRole("link", { name: "Create a candidate" }).click();
    await page.waitForURL("**/testing/candidates/new");
    // The office of an office user is fixed and hidden.
    await expect.poll(() => page.getByLabel("First name").count()).toBe(1);
    expect(await page.getByRole("combobox", { name: "Office" }).count()).toBe(0);
    await page.goto(`/testing/candidates?query=${encodeURIComponent("office:chicago")}`);
    await expect.poll(() => page.locator("main").innerText()).toContain("No candidates match this search.");
    // A search made offline says the list's spec message, not a spinner until the network returns; Try again reads it once back.
    await page.getByRole("tab", { name: "Advanced search" }).click();
    await page.getByLabel("Search query").fill("office:boston method:online");
    await context.setOffline(true);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Some kind of error occurred" }).waitFor();
    await context.setOffline(false);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator("main").innerText()).toMatch(/\d+ candidates?/);
    expect(await page.getByRole("alert").filter({ hasText: "Some kind of error occurred" }).count()).toBe(0);
    await context.close();
  });

  it("renders the candidate screens in Simplified Chinese", async () => {
    const context = await newContext(browser(), { width: 375, height: 800, baseURL: baseURL() });
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/candidates?lang=zh-HANS");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("管理考生");
    await expect.poll(() => page.locator("main").innerText()).toContain("查找考生");
    expect(await page.locator("main").innerText()).not.toMatch(/candidates\.\w/);
    await expectAccessible(page, "candidates list in Chinese");
    await page.getByRole("link", { name: "添加考生" }).click();
    await page.waitForURL("**/testing/candidates/new");
    await page.getByRole("button", { name: "保存考生" }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("请提供名字。");
    expect(await page.locator("main").innerText()).not.toMatch(/candidates\.\w/);
    await expectAccessible(page, "new candidate in Chinese");
    await page.goto("/testing/candidates?lang=zh-HANS");
    await page.getByRole("table").getByRole("link").first().click();
    await page.waitForURL(/\/testing\/candidates\/\d+$/);
    await expect.poll(() => page.locator("main").innerText()).toContain("证书");
    expect(await page.locator("main").innerText()).not.toMatch(/candidates\.\w/);
    const detail = page.url();
    await context.close();
    // The detail page at desktop width (on a phone the tests table of the history area scrolls
    // sideways without a keyboard stop: reported to that area).
    const wide = await newContext(browser(), { baseURL: baseURL() });
    const desk = await wide.newPage();
    await signIn(desk, "admin@northwind.example");
    await desk.goto(`${detail}?lang=zh-HANS`);
    await expect.poll(() => desk.locator("main").innerText()).toContain("证书");
    await expectAccessible(desk, "candidate detail in Chinese");
    await wide.close();
  });
});
