import { describe, expect, it } from "vitest";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();
const PATH = "/testing/candidates/healthcare_roles";

describe("health care roles", () => {
  it("an office user sees every role with its specialties, also on a phone", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "office.user@northwind.example");
    await page.goto(PATH);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Health Care Roles");
    const physician = page.getByRole("row", { name: /Physician/ });
    await expect.poll(() => physician.count()).toBe(1);
    const specialties = physician.getByRole("list", { name: "Specialties of Physician" });
    expect(await specialties.getByRole("listitem").allInnerTexts()).toEqual(["Cardiology", "Emergency Medicine", "Family Medicine", "Pediatrics"]);
    expect(await page.getByRole("row", { name: /Patient Services Representative/ }).innerText()).toContain("No specialties");
    expect(await page.getByRole("rowheader").allInnerTexts()).toEqual(["Physician", "Nurse", "Medical Assistant", "Pharmacist", "Patient Services Representative"]);
    await expectAccessible(page, "health care roles");

    await page.setViewportSize({ width: 375, height: 740 });
    await page.reload();
    await expect.poll(() => page.getByRole("row", { name: /Pharmacist/ }).count()).toBe(1);
    // Nothing wider than the phone: the table fits without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, "health care roles at 375 px");
    await context.close();
  });

  it("reads in Simplified Chinese with ?lang=zh-HANS, without raw keys", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "user@northwind.example");
    await page.goto(`${PATH}?lang=zh-HANS`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("医疗保健角色");
    await expect.poll(() => page.getByRole("row", { name: /Patient Services Representative/ }).innerText()).toContain("无专科");
    const text = await page.locator("main").innerText();
    expect(text).toContain("可以在考生资料中记录的医疗保健角色及其专科。");
    expect(text).not.toMatch(/healthcare\.|ui\./);
    await expectAccessible(page, "health care roles in zh-HANS");
    await page.evaluate(() =>
      fetch("/api/account/language", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: "en-US" }) }),
    );
    await context.close();
  });

  it("an account without the medical option sees the empty text", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@contoso.example");
    await page.goto(PATH);
    await expect.poll(() => page.locator("main").innerText()).toContain("No health care roles available.");
    expect(await page.getByRole("table").count()).toBe(0);
    await expectAccessible(page, "health care roles, none available");
    await context.close();
  });

  it("a failed load says so, and Try again loads the roles", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    let fail = true;
    await page.route("**/api/healthcare_roles/get_roles", (route) =>
      fail ? route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "An error occurred." }) }) : route.continue(),
    );
    await page.goto(PATH);
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load health care roles." });
    await expect.poll(() => alert.count(), { timeout: 15_000 }).toBe(1);
    expect(await alert.innerText()).toContain("Please try again later.");
    await expectAccessible(page, "health care roles, load failure");
    fail = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Specialties of Nurse" }).getByRole("listitem").allInnerTexts()).toEqual([
      "Registered Nurse",
      "Nurse Practitioner",
      "Licensed Practical Nurse",
    ]);
    await context.close();
  });

  it("a candidate may not open the page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "candidate@northwind.example");
    await page.goto(PATH);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Page not found");
    await context.close();
  });
});
