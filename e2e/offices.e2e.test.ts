import { describe, expect, it } from "vitest";
import { baseURL, expectAccessible, newContext, useBrowser, signIn } from "./support/browser";
import { apiSession } from "./support/api-session";

const browser = useBrowser();

describe("offices", () => {
  it("the account administrator creates, edits and deletes an office through the screens", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing");
    await expectAccessible(page, "testing home");
    await page.getByRole("link", { name: /account settings/i }).first().click();
    await page.waitForURL("**/testing/settings");
    await expect.poll(() => page.getByRole("table").innerText()).toContain("Boston");
    await expectAccessible(page, "account settings and offices list");

    await page.getByRole("link", { name: /add office/i }).click();
    await page.waitForURL("**/offices/new");
    await expectAccessible(page, "new office");
    await page.getByRole("button", { name: /save/i }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("A required field is missing.");
    await expectAccessible(page, "new office with its error");
    const name = `Denver ${Date.now() % 100000}`;
    await page.getByLabel(/office name/i).fill(name);
    await page.getByLabel(/billed individually/i).check();
    await page.getByRole("button", { name: /save/i }).click();
    await page.waitForURL(/\/testing\/settings\/offices\/\d+$/);
    await expect.poll(() => page.locator("main").innerText()).toContain(name);
    await expectAccessible(page, "office detail");
    for (const tab of [/users/i, /result recipients/i, /test groups/i]) {
      await page.getByRole("tab", { name: tab }).click();
    }

    await page.getByRole("link", { name: /edit/i }).first().click();
    await page.waitForURL(/\/edit$/);
    await expectAccessible(page, "edit office");
    const renamed = `${name} West`;
    await page.getByLabel(/office name/i).fill(renamed);
    await page.getByRole("button", { name: /save/i }).click();
    await page.waitForURL(/\/testing\/settings\/offices\/\d+$/);
    await expect.poll(() => page.locator("main").innerText()).toContain(renamed);

    await page.goto("/testing/settings");
    const row = page.getByRole("row", { name: new RegExp(renamed) });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole("button", { name: /delete/i }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm Delete" });
    await expect.poll(() => dialog.innerText()).toContain("Are you sure you want to delete this office?");
    await expectAccessible(page, "confirm delete dialog");
    await dialog.getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => page.getByRole("row", { name: new RegExp(renamed) }).count()).toBe(0);
    await context.close();
  });

  it("refuses to delete an office with history and says why", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/settings");
    const row = page.getByRole("row", { name: /Boston/ });
    await row.getByRole("button", { name: /delete/i }).click();
    await page.getByRole("dialog", { name: "Confirm Delete" }).getByRole("button", { name: "Ok" }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("historical data");
    await expect.poll(() => page.getByRole("row", { name: /Boston/ }).count()).toBe(1);
    await context.close();
  });

  it("shows an office the provider closed as closed, and the assign form says the candidate's office is closed (issue 23)", async () => {
    const admin = await apiSession(baseURL(), "admin@northwind.example");
    const name = `Harbor ${Date.now() % 100000}`;
    const { id: officeId } = await admin<{ id: number }>("POST", "/api/offices/edit", { name });
    const { roles } = await admin<{ roles: { id: number; specialties: { id: number }[] }[] }>("GET", "/api/healthcare_roles/get_roles");
    const role = roles.find((r) => r.specialties.length > 0)!;
    const { id: candidateId } = await admin<{ id: number }>("POST", "/api/candidates/edit", {
      firstName: "Clara",
      lastName: "Closed",
      emailAddress: `clara.closed.${Date.now()}@example.test`,
      languageId: 140,
      officeId,
      healthCareRoleId: role.id,
      healthCareSpecialtyId: role.specialties[0].id,
    });
    // The provider closes the office.
    const provider = await apiSession(baseURL(), "admin@parlance.example");
    const { accounts } = await provider<{ accounts: { id: number; name: string }[] }>("POST", "/api/backoffice/accounts/list", { q: "Northwind", page: 1 });
    await provider("POST", "/api/backoffice/accounts/offices/close", { accountId: accounts.find((a) => a.name === "Northwind Health")!.id, id: officeId, closed: true });

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/settings");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole("rowheader").innerText()).toMatch(new RegExp(`^${name}\\s+(–\\s*)?Closed$`));
    expect(await page.getByRole("row", { name: /Boston/ }).innerText()).not.toContain("Closed");
    await expectAccessible(page, "offices list with a closed office");
    await row.getByRole("link", { name, exact: true }).click();
    await expect.poll(() => page.locator("main").innerText()).toContain("This office has been closed: it keeps its history but takes no new tests.");
    await expectAccessible(page, "closed office");

    await page.goto(`/testing/candidates/${candidateId}`);
    const form = page.getByRole("region", { name: "Assign Tests" });
    await expect.poll(() => form.innerText()).toContain("This candidate's office is closed, so tests cannot be assigned.");
    expect(await form.getByRole("combobox", { name: "Tests" }).count()).toBe(0);
    await context.close();
  });

  it("the proctor service settings save and persist", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/testing/settings/proctoring");
    await expectAccessible(page, "proctoring settings");
    const checkbox = page.getByLabel(/allow candidates to schedule/i);
    const before = await checkbox.isChecked();
    await checkbox.setChecked(!before);
    await page.getByRole("button", { name: /save/i }).click();
    await expect.poll(() => page.locator("body").innerText()).toMatch(/saved/i);
    await page.reload();
    await expect.poll(() => page.getByLabel(/allow candidates to schedule/i).isChecked()).toBe(!before);
    await page.getByLabel(/allow candidates to schedule/i).setChecked(before);
    await page.getByRole("button", { name: /save/i }).click();
    await context.close();
  });
});
