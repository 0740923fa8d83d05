import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

/** The text of the page's main region, for polling. */
const mainText = (page: Page) => page.locator("main").innerText();

describe("back office: client accounts and people", () => {
  it("the Administrator onboards a client (account, office, first administrator), who activates and signs in; then adds an evaluator with languages", async () => {
    const stamp = Date.now() % 1_000_000;
    const accountName = `Tailwind Clinics ${stamp}`;
    const adminEmail = `first.admin.${stamp}@tailwind.example`;
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@parlance.example");

    // The administration hub has the back office's cards.
    await page.goto("/admin");
    await expectAccessible(page, "administration hub");
    await page.getByRole("link", { name: "Client Accounts" }).click();
    await page.waitForURL("**/admin/accounts");
    await expect.poll(() => mainText(page)).toContain("Northwind Health");
    await expectAccessible(page, "client accounts");
    await page.getByLabel("Search accounts by name or id").fill("contoso");
    await page.getByRole("button", { name: "Search" }).click();
    await expect.poll(() => page.getByRole("table").innerText()).not.toContain("Northwind");

    // A new account: the name is required, then its services and options.
    await page.getByRole("link", { name: "New account" }).click();
    await page.waitForURL("**/admin/accounts/new");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => mainText(page)).toContain("A required field is missing.");
    await expectAccessible(page, "new client account with its error");
    await page.getByLabel("Account Name").fill(accountName);
    await page.getByRole("checkbox", { name: "Interpretation" }).check();
    await page.getByRole("checkbox", { name: "Medical option" }).check();
    await page.getByRole("radio", { name: "Invoiced" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/accounts\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(accountName);
    expect(await mainText(page)).toContain("Invoiced");
    await expectAccessible(page, "client account");

    // Its office, in a dialog.
    await page.getByRole("button", { name: "Add office" }).click();
    const officeDialog = page.getByRole("dialog", { name: "Add an office" });
    await officeDialog.getByLabel("Office Name").fill("Austin");
    await expectAccessible(page, "add office dialog");
    await officeDialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("row", { name: /Austin/ }).count()).toBe(1);

    // Its first administrator: no password field, a link is mailed.
    await page.getByRole("button", { name: "Add administrator" }).click();
    const adminDialog = page.getByRole("dialog", { name: "Add an account administrator" });
    expect(await adminDialog.getByLabel(/password/i).count()).toBe(0);
    await adminDialog.getByLabel("First Name").fill("Tess");
    await adminDialog.getByLabel("Last Name").fill("Nakamura");
    await adminDialog.getByLabel("Email Address").fill(adminEmail);
    await expectAccessible(page, "add administrator dialog");
    await adminDialog.getByRole("button", { name: "Create and send link" }).click();
    await expect.poll(() => page.getByRole("row", { name: new RegExp(adminEmail) }).innerText()).toContain("Awaiting activation");
    await expectAccessible(page, "client account with its office and administrator");

    // The activation mail, in the developer mailbox.
    await page.goto("/dev/mailbox");
    const mail = page.getByRole("button", { name: new RegExp(`To ${adminEmail.replace(/\./g, "\\.")}`) });
    await expect.poll(() => mail.count()).toBe(1);
    await mail.click();
    const link = page.getByRole("link", { name: /setup_account/ }).first();
    const href = await link.getAttribute("href");
    expect(href).toMatch(/\/setup_account\/[\w%-]+$/);
    await expectAccessible(page, "developer mailbox with the activation mail");

    // The new client administrator activates in a browser of their own, then signs in.
    const client = await newContext(browser());
    const clientPage = await client.newPage();
    await clientPage.goto(new URL(href!).pathname);
    await clientPage.getByLabel(/^new password/i).fill("Tailwind-Pass-26");
    await clientPage.getByLabel(/retype/i).fill("Tailwind-Pass-26");
    await expectAccessible(clientPage, "account activation");
    await clientPage.getByRole("button", { name: "Activate account" }).click();
    await expect.poll(() => clientPage.locator("main").innerText()).toContain("Your account is active.");
    await signIn(clientPage, adminEmail, "Tailwind-Pass-26");
    await clientPage.goto("/testing/settings");
    await expect.poll(() => clientPage.getByRole("row", { name: /Austin/ }).count(), { timeout: 20_000 }).toBe(1);
    await client.close();

    // An evaluator: a staff user with the Evaluator role, then their profile with languages and capacity.
    await page.goto("/admin/staff");
    await expect.poll(() => mainText(page)).toContain("executive@parlance.example");
    await expectAccessible(page, "staff users");
    await page.getByRole("link", { name: "New staff user" }).click();
    await page.waitForURL("**/admin/staff/new");
    await page.getByLabel("First Name").fill("Rosa");
    await page.getByLabel("Last Name").fill("Ferrand");
    await page.getByLabel("Email Address").fill(`rosa.${stamp}@parlance.example`);
    await page.getByRole("checkbox", { name: "Evaluator", exact: true }).check();
    await expectAccessible(page, "new staff user");
    await page.getByRole("button", { name: "Create and send link" }).click();
    await page.waitForURL(/\/admin\/staff\/\d+$/);
    await expect.poll(() => mainText(page)).toMatch(/awaiting activation/i);
    await expectAccessible(page, "staff user");
    await page.getByRole("link", { name: /Create their evaluator profile/ }).click();
    await page.waitForURL(/\/admin\/evaluators\/new\?user=\d+$/);
    await page.getByRole("checkbox", { name: "French" }).check();
    await page.getByRole("checkbox", { name: "Spanish" }).check();
    await page.getByLabel(/^Capacity/).fill("5");
    await expectAccessible(page, "new evaluator profile");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/evaluators\/\d+$/);
    await page.goto("/admin/evaluators");
    await page.waitForURL("**/admin/evaluators");
    const row = page.getByRole("row", { name: /Rosa Ferrand/ });
    await expect.poll(() => row.innerText()).toMatch(/French, Spanish[\s\S]*0 of 5/);
    await expectAccessible(page, "evaluators");
    await context.close();
  });
});
