import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();
const stamp = () => Date.now() % 1_000_000;
const main = (page: Page) => page.locator("main");

/** Confirms (Ok) or cancels the spec's 'Confirm Delete' dialog after checking its question. */
async function answerConfirmDelete(page: Page, question: string, button: "Ok" | "Cancel") {
  const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
  await expect.poll(() => dialog.innerText()).toContain(question);
  // Check the dialog once it has faded in (mid-transition its colours are paler than they will be).
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  await expect.poll(() => page.locator(".mantine-Modal-overlay").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  await expectAccessible(page, `confirm delete: ${question}`);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
}

describe("settings lists", () => {
  it("the office administrator adds a user, a test group and a recipient to their office, edits one and deletes one", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "office.admin@northwind.example");
    await page.goto("/testing/settings");
    await page.getByRole("link", { name: "Boston", exact: true }).click();
    await page.waitForURL(/\/testing\/settings\/offices\/\d+$/);
    const officeUrl = page.url();
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Carmen Reyes");
    await expectAccessible(page, "office detail, users tab");

    // A user: Save stays disabled until the required fields are filled in.
    const n = stamp();
    const email = `nia.${n}@northwind.example`;
    await page.getByRole("link", { name: "Add User" }).first().click();
    await page.waitForURL(/\/offices\/\d+\/users\/new$/);
    await expectAccessible(page, "new office user");
    const save = page.getByRole("button", { name: "Save" });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel("First Name").fill("Nia");
    await page.getByLabel("Last Name").fill(`Brooks${n}`);
    await page.getByLabel("Email Address").fill(email);
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/^Password/).fill("short");
    await save.click();
    await expect.poll(() => main(page).innerText()).toContain("Use 8 to 25 characters with three of");
    await expectAccessible(page, "new office user with a password error");
    await page.getByLabel(/^Password/).fill("Fresh-start-9");
    await page.getByRole("radio", { name: "Administrator" }).check();
    await save.click();
    await page.waitForURL((url) => url.href === officeUrl);
    await expect.poll(() => page.getByRole("table").innerText()).toContain(`Nia Brooks${n}`);

    // A test group with two of the account's tests.
    await page.getByRole("tab", { name: "Test Groups" }).click();
    await page.getByRole("link", { name: /add test group/i }).first().click();
    await page.waitForURL(/\/offices\/\d+\/packages\/new$/);
    await expect.poll(() => page.getByRole("checkbox", { name: "English Reading Proficiency", exact: true }).count()).toBe(1);
    // Office administrators may not make a group global: the option is not shown.
    expect(await page.getByRole("checkbox", { name: /global/i }).count()).toBe(0);
    await expectAccessible(page, "new office test group");
    const group = `Boston pack ${n}`;
    await page.getByLabel("Description").fill(group);
    await page.getByRole("checkbox", { name: "English Reading Proficiency", exact: true }).check();
    await page.getByRole("checkbox", { name: "Spanish Reading (Paper)", exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/offices\/\d+\?tab=packages$/);
    const groupRow = page.getByRole("row", { name: new RegExp(group) });
    await expect.poll(() => groupRow.innerText()).toContain("Spanish Reading (Paper)");
    await expectAccessible(page, "office test groups tab");

    // A recipient, then an edit of it.
    await page.getByRole("tab", { name: "Result Recipients" }).click();
    await page.getByRole("link", { name: /add recipient/i }).first().click();
    await page.waitForURL(/\/offices\/\d+\/resultrecipients\/new$/);
    await expectAccessible(page, "new office recipient");
    await page.getByLabel("Email Address").fill(`results.${n}@northwind.example`);
    await page.getByLabel("First Name").fill("Rita");
    await page.getByLabel("Last Name").fill(`Results${n}`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/offices\/\d+\?tab=resultrecipients$/);
    await expect.poll(() => page.getByRole("table").innerText()).toContain(`Rita Results${n}`);
    await expectAccessible(page, "office recipients tab");
    await page.getByRole("link", { name: `Edit Rita Results${n}` }).click();
    await page.waitForURL(/\/resultrecipients\/\d+\/edit$/);
    await expectAccessible(page, "edit office recipient");
    await page.getByRole("combobox", { name: "Result Type" }).click();
    await page.getByRole("option", { name: "Score only" }).click();
    await page.getByLabel("Email Address").fill(`rita.${n}@northwind.example`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/offices\/\d+\?tab=resultrecipients$/);
    const recipientRow = page.getByRole("row", { name: new RegExp(`Rita Results${n}`) });
    await expect.poll(() => recipientRow.innerText()).toContain(`rita.${n}@northwind.example`);
    expect(await recipientRow.innerText()).toContain("Score only");

    // Delete the user through the dialog: Cancel keeps them, Ok removes them and the list reloads.
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("button", { name: `Delete Nia Brooks${n}` }).click();
    await answerConfirmDelete(page, "Are you sure you want to delete this user?", "Cancel");
    expect(await page.getByRole("row", { name: new RegExp(`Nia Brooks${n}`) }).count()).toBe(1);
    await page.getByRole("button", { name: `Delete Nia Brooks${n}` }).click();
    await answerConfirmDelete(page, "Are you sure you want to delete this user?", "Ok");
    await expect.poll(() => page.getByRole("row", { name: new RegExp(`Nia Brooks${n}`) }).count()).toBe(0);
    // They cannot delete themselves: no Delete on their own row.
    expect(await page.getByRole("button", { name: "Delete Carmen Reyes" }).count()).toBe(0);

    // The account level is not theirs: its path leads to their office's list.
    await page.goto("/testing/settings/users");
    await page.waitForURL(/\/testing\/settings\/offices\/\d+\/users$/);
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Carmen Reyes");
    await expectAccessible(page, "office users page");
    await context.close();
  });

  it("the account administrator keeps the account-level lists", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/settings");
    await page.getByRole("link", { name: /^users/i }).click();
    await page.waitForURL("**/testing/settings/users");
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Ben Okafor");
    await expectAccessible(page, "account users");

    // Another user's form has no password field, only the way to the reset page.
    await page.getByRole("link", { name: "Edit Ben Okafor" }).click();
    await page.waitForURL(/\/users\/\d+\/edit$/);
    // The form is drawn once the way to the reset page is (the list stays up while the form's code loads).
    await expect.poll(() => page.getByRole("link", { name: /password reset page/i }).getAttribute("href")).toBe("/assistance");
    // No password field (the note about passwords is an alert titled "Password", labelled by its title).
    expect(await page.locator("input[type='password']").count()).toBe(0);
    await expectAccessible(page, "edit another user");
    // Their own form offers their own new password, and keeps their access level.
    await page.goto("/testing/settings/users");
    await page.getByRole("link", { name: "Edit Ada Whitfield" }).click();
    await expect.poll(() => page.getByLabel(/new password/i).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Regular" }).isDisabled()).toBe(true);
    await expectAccessible(page, "edit own user");

    // An account user.
    const n = stamp();
    await page.goto("/testing/settings/users/new");
    await page.getByLabel("First Name").fill("Omar");
    await page.getByLabel("Last Name").fill(`Account${n}`);
    await page.getByLabel("Email Address").fill(`omar.${n}@northwind.example`);
    await page.getByLabel(/^Password/).fill("Fresh-start-9");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/testing/settings/users");
    await expect.poll(() => page.getByRole("table").innerText()).toContain(`Omar Account${n}`);

    // A global test group: the option is the account administrator's.
    await page.goto("/testing/settings/packages");
    await expectAccessible(page, "account test groups");
    await page.getByRole("link", { name: /add test group/i }).first().click();
    await page.waitForURL("**/testing/settings/packages/new");
    const group = `Everywhere ${n}`;
    await page.getByLabel("Description").fill(group);
    await page.getByRole("checkbox", { name: "Arabic Reading Proficiency", exact: true }).check();
    await page.getByRole("checkbox", { name: /global/i }).check();
    await expectAccessible(page, "new account test group");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/testing/settings/packages");
    const row = page.getByRole("row", { name: new RegExp(group) });
    await expect.poll(() => row.innerText()).toContain("Arabic Reading Proficiency");

    // An account-level recipient.
    await page.goto("/testing/settings/resultrecipients");
    await expectAccessible(page, "account recipients");
    await page.getByRole("link", { name: /add recipient/i }).first().click();
    await page.getByLabel("Email Address").fill(`all.${n}@northwind.example`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL("**/testing/settings/resultrecipients");
    await expect.poll(() => page.getByRole("table").innerText()).toContain(`all.${n}@northwind.example`);

    // The global group shows in an office's list too; then it is deleted at account level.
    await page.goto("/testing/settings");
    await page.getByRole("link", { name: "Chicago", exact: true }).click();
    await page.getByRole("tab", { name: "Test Groups" }).click();
    await expect.poll(() => page.getByRole("row", { name: new RegExp(group) }).innerText()).toMatch(/account-wide/i);
    await page.goto("/testing/settings/packages");
    await page.getByRole("button", { name: `Delete ${group}` }).click();
    await answerConfirmDelete(page, "Are you sure you want to delete this test group?", "Ok");
    await expect.poll(() => page.getByRole("row", { name: new RegExp(group) }).count()).toBe(0);
    await page.goto("/testing/settings/resultrecipients");
    await page.getByRole("button", { name: `Delete all.${n}@northwind.example` }).click();
    await answerConfirmDelete(page, "Are you sure you want to delete this recipient?", "Ok");
    await expect.poll(() => page.getByRole("row", { name: new RegExp(`all.${n}`) }).count()).toBe(0);
    await context.close();
  });

  it("an Edit path of a record that is not there, or not a number, shows the list's not found page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    for (const [path, title, back] of [
      ["/testing/settings/users/999999/edit", "User not found", "/testing/settings/users"],
      ["/testing/settings/packages/abc/edit", "Test group not found", "/testing/settings/packages"],
      ["/testing/settings/resultrecipients/999999/edit", "Result recipient not found", "/testing/settings/resultrecipients"],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
      expect(await main(page).getByRole("status").getByRole("link").getAttribute("href"), path).toBe(back);
    }
    await expectAccessible(page, "result recipient not found");
    await context.close();
  });

  it("the screens read in Simplified Chinese", async () => {
    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    const paths = [
      "/testing/settings/users",
      "/testing/settings/users/new",
      "/testing/settings/packages",
      "/testing/settings/packages/new",
      "/testing/settings/resultrecipients",
      "/testing/settings/resultrecipients/new",
    ];
    for (const path of paths) {
      await page.goto(`${path}?lang=zh-HANS`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toMatch(/[\u4e00-\u9fff]/);
      await page.waitForLoadState("networkidle");
      const text = await main(page).innerText();
      expect(text, path).not.toMatch(/settingsLists\.|undefined/);
      await expectAccessible(page, `${path} in zh-HANS at 375 px`);
    }
    expect(await main(page).innerText()).toContain("成绩类型");
    await context.close();
  });
});
