import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

/** Nothing wider than the window at 375 px (no sideways scrolling). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const submitted = (page: Page) => page.getByRole("status").filter({ hasText: "Your request has been submitted" });

/** The fields every form type asks for. */
async function fillCommon(page: Page, languages: string) {
  await page.getByLabel("Languages").fill(languages);
  await page.getByLabel("Dates").fill("December 3");
  await page.getByLabel("Times").fill("9:00 AM to 11:00 AM");
  await page.getByLabel("Duration").fill("2 hours");
}

describe("interpretation requests and the contact page (issue 16 point 5)", () => {
  it("submits a request of each form type at 375 px, each asking only its own fields", async () => {
    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/interpretation");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Interpretation");
    await expect.poll(() => page.getByRole("heading", { name: "Remote simultaneous" }).count()).toBe(1);
    await expectAccessible(page, "interpretation");
    expect(await fitsWidth(page)).toBe(true);

    // Face-to-face (the default): the format and the address are asked; sending it empty names what is missing.
    const form = page.getByRole("form", { name: "Request an interpreter" });
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect.poll(() => form.getByText("Please choose Consecutive or Simultaneous.").count()).toBe(1);
    await expect.poll(() => form.getByText("Please give the address of a face-to-face assignment.").count()).toBeGreaterThan(0);
    await expectAccessible(page, "interpretation form with errors");
    await fillCommon(page, "Spanish and English");
    await form.getByRole("radio", { name: "Simultaneous", exact: true }).check();
    await page.getByLabel("Address line 1").fill("1 Harbor Way");
    await page.getByLabel("City").fill("Boston");
    await page.getByLabel("State").selectOption("MA");
    await page.getByLabel("ZIP code").fill("02110");
    await page.getByLabel("Parking is available").check();
    // Certification is asked for Legal, not for None or Medical.
    expect(await page.getByLabel("A certified interpreter is required").count()).toBe(0);
    await page.getByLabel("Skillset").selectOption("Legal");
    await page.getByLabel("A certified interpreter is required").check();
    await page.getByLabel("Skillset").selectOption("Medical");
    expect(await page.getByLabel("A certified interpreter is required").count()).toBe(0);
    await page.getByLabel("Skillset").selectOption("Legal");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect.poll(() => submitted(page).count()).toBe(1);
    await expectAccessible(page, "interpretation request submitted");
    // The form is empty again for the next request.
    expect(await page.getByLabel("Languages").inputValue()).toBe("");

    // Over-the-phone: no format, no address; the time zone is required.
    await form.getByRole("radio", { name: "Over-the-phone" }).check();
    expect(await page.getByLabel("Address line 1").count()).toBe(0);
    expect(await form.getByRole("radio", { name: "Consecutive", exact: true }).count()).toBe(0);
    await fillCommon(page, "Mandarin");
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect.poll(() => form.getByText("Please choose the time zone of an over-the-phone assignment.").count()).toBe(1);
    expect(await submitted(page).count()).toBe(0);
    await page.getByLabel("Time zone").selectOption({ label: "Pacific Time" });
    await form.getByRole("button", { name: "Submit request" }).click();
    await expect.poll(() => submitted(page).count()).toBe(1);

    // Video remote and remote simultaneous: neither the address nor the format; the time zone optional.
    for (const type of ["Video remote", "Remote simultaneous"]) {
      await form.getByRole("radio", { name: type }).check();
      expect(await page.getByLabel("Address line 1").count(), type).toBe(0);
      expect(await form.getByRole("radio", { name: "Simultaneous", exact: true }).count(), type).toBe(0);
      await fillCommon(page, `Arabic (${type})`);
      await page.getByLabel("Skillset").selectOption("Technical");
      await page.getByLabel("A certified interpreter is required").check();
      await page.getByLabel("On-site contact name", { exact: true }).fill("Ana Ruiz");
      await form.getByRole("button", { name: "Submit request" }).click();
      await expect.poll(() => submitted(page).count()).toBe(1);
    }
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it("sends a contact message to the recipient its topic names, in English and in Traditional Chinese", async () => {
    const context = await newContext(browser(), { width: 375, height: 800 });
    const page = await context.newPage();
    await signIn(page, "office.admin@northwind.example");
    await page.goto("/contact");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Contact us");
    for (const name of ["Translation", "Testing operations", "Training operations", "Training sales", "Accounts", "Testing and general sales"]) {
      expect(await page.getByRole("heading", { level: 3, name, exact: true }).count(), name).toBe(1);
    }
    await expectAccessible(page, "contact");
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => page.getByText("Please choose what your message is about.").count()).toBe(1);
    expect(await page.getByText("Please write your message.").count()).toBe(1);
    await page.getByLabel("What is your message about?").selectOption({ label: "Invoices, payments and my account" });
    await expect.poll(() => page.getByText("Your message goes to: Accounts.").count()).toBe(1);
    await page.getByRole("textbox", { name: /^Message/ }).fill("Please send our invoice to the Boston office.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Your message was successfully sent. We'll be in touch shortly." }).count()).toBe(1);
    await expectAccessible(page, "contact message sent");

    try {
      await page.goto("/contact?lang=zh-HANT");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("聯絡我們");
      await page.getByLabel("您的留言是關於什麼的？").selectOption({ label: "翻譯" });
      await expect.poll(() => page.getByText("您的留言將傳送給：翻譯部。").count()).toBe(1);
      await page.getByRole("textbox", { name: /^留言/ }).fill("請為我們翻譯一份合約。");
      await page.getByRole("button", { name: "傳送留言" }).click();
      await expect.poll(() => page.getByRole("status").filter({ hasText: "您的留言已成功傳送。" }).count()).toBe(1);
      await expectAccessible(page, "contact in zh-HANT");
      await page.goto("/interpretation?lang=zh-HANS");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("口译");
      await expectAccessible(page, "interpretation in zh-HANS");
    } finally {
      // The language a user picks is kept for them: give this one back its English.
      await page.goto("/contact?lang=en-US");
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Contact us");
    }
    await context.close();
  });

  it("an account without interpretation does not reach the request form", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@contoso.example");
    await page.goto("/interpretation");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).not.toBe("Interpretation");
    expect(await page.getByRole("button", { name: "Submit request" }).count()).toBe(0);
    await context.close();
  });
});
