import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";

const browser = useBrowser();

/** The text of a PDF as a person would read it (poppler's pdftotext). */
function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** Types a card into the local test-mode card form and presses Pay. */
async function payWith(page: Page, number: string, amount: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("09/41");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Postal code").fill("98101");
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
}

describe("billing", () => {
  it("an administrator opens an invoice and downloads its PDF; the anonymous page pays it by card (a declined card first) and confirms", async () => {
    const admin = await newContext(browser());
    const page = await admin.newPage();
    await signIn(page, "admin@northwind.example");
    await page.goto("/account/invoices");
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Invoices" }).isVisible()).toBe(true);
    const rows = page.getByRole("row");
    await expect.poll(() => rows.count()).toBe(4); // header + 3 invoices
    await expectAccessible(page, "invoices");

    // The newest invoice is Seattle's open one (the office billed individually).
    const first = rows.nth(1);
    expect(await first.getByRole("cell").nth(1).innerText()).toBe("Seattle");
    const number = await first.getByRole("link").innerText();
    await first.getByRole("link").click();
    await page.getByRole("heading", { level: 1, name: `Invoice ${number}` }).waitFor();
    await expect.poll(() => page.getByText("PO-SEA-4502").isVisible()).toBe(true);
    expect(await page.getByTestId("invoice-balance").innerText()).toBe("$330.00");
    expect(await page.getByText("Balance due").isVisible()).toBe(true);
    await expectAccessible(page, "invoice");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-invoice-"));
    const file = path.join(dir, "invoice.pdf");
    await download.saveAs(file);
    const text = pdfText(file);
    fs.rmSync(dir, { recursive: true, force: true });
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain("Northwind Health");
    expect(text).toContain("$330.00");

    const link = await page.getByLabel("Invoice payment link").inputValue();
    expect(link).toMatch(/\/invoices\/pay\/[A-Za-z0-9_-]{22}$/);

    // Accounts payable opens the link without signing in.
    const payer = await newContext(browser());
    const anon = await payer.newPage();
    await anon.goto(new URL(link).pathname);
    await anon.getByRole("heading", { level: 1, name: `Pay invoice ${number}` }).waitFor();
    await expectAccessible(anon, "anonymous invoice payment");
    await anon.getByRole("button", { name: "Pay by card" }).click();
    await payWith(anon, "4000 0000 0000 0002", "$330.00");
    await expect.poll(() => anon.getByRole("alert").filter({ hasText: "Your card was declined." }).isVisible()).toBe(true);
    await expectAccessible(anon, "anonymous invoice payment, declined");
    expect(await anon.getByTestId("invoice-balance").innerText()).toBe("$330.00");

    // The account's administrator opens the card form of the same invoice meanwhile: one intent for both.
    await page.getByRole("button", { name: "Pay by card" }).click();
    await page.getByLabel("Card number").waitFor();

    await payWith(anon, "4242 4242 4242 4242", "$330.00");
    await anon.waitForURL(/\/confirmation$/);
    await anon.getByRole("heading", { level: 1, name: "Payment received" }).waitFor();
    await expect.poll(() => anon.getByText(`Thank you. We received your payment of $330.00 for invoice ${number}.`).isVisible()).toBe(true);
    expect(await anon.getByText("Balance now: $0.00").isVisible()).toBe(true);
    await expectAccessible(anon, "invoice payment confirmation");
    await payer.close();

    // The administrator's form, still open, cannot charge the invoice a second time: "already paid".
    await payWith(page, "4242 4242 4242 4242", "$330.00");
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "This has already been paid." }).isVisible()).toBe(true);
    await expectAccessible(page, "invoice, already paid");

    // The account's user sees it paid.
    await page.reload();
    await expect.poll(() => page.getByTestId("invoice-balance").innerText()).toBe("$0.00");
    expect(await page.getByText("Paid", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Pay by card" }).count()).toBe(0);
    await admin.close();
  });

  it("a prepay account accepts the terms, orders tests and reaches its invoice; the contact-to-schedule page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@fabrikam.example");
    await page.goto("/testing/prepay");
    await page.getByText("The prepay terms must be accepted before continuing.").waitFor();
    await expectAccessible(page, "prepay order before the terms");
    await page.getByRole("link", { name: "Read and accept the prepay terms" }).click();
    await page.getByRole("heading", { level: 1, name: "Prepay Terms of Service" }).waitFor();
    expect(await page.getByText("A paid test must be scheduled within 30 days of payment.", { exact: false }).isVisible()).toBe(true);
    const accept = page.getByRole("button", { name: "Accept" });
    expect(await accept.isDisabled()).toBe(true);
    await expectAccessible(page, "prepay terms");
    await page.getByLabel("I have read the prepay terms and accept them for my organisation.").check();
    await accept.click();

    await page.getByRole("heading", { level: 1, name: "Prepay tests" }).waitFor();
    await page.getByLabel("Quantity of English Listening Comprehension").fill("2");
    await page.getByLabel("Quantity of Spanish to English Translation").fill("1");
    await expect.poll(() => page.getByText("$59.00").isVisible()).toBe(true);
    await expectAccessible(page, "prepay order");
    await page.getByRole("button", { name: "Place order" }).click();

    await page.getByRole("heading", { level: 1, name: "Thank you for your order" }).waitFor();
    await expect.poll(() => page.getByText(/Your order has been placed as invoice INV-\d{4}-\d{4} for \$59\.00\./).isVisible()).toBe(true);
    await expectAccessible(page, "prepay thank-you");
    await page.getByRole("link", { name: /^View invoice INV-/ }).click();
    await page.waitForURL(/\/invoice\/\d+$/);
    await expect.poll(() => page.getByTestId("invoice-balance").innerText()).toBe("$59.00");

    // The terms page now says they are accepted and links on.
    await page.goto("/testing/prepay/terms");
    await page.getByText("The prepay terms have been accepted").waitFor();
    expect(await page.getByText(/Accepted by Mira Castillo on /).isVisible()).toBe(true);
    await expectAccessible(page, "prepay terms accepted");

    await page.goto("/testing/contact_to_schedule");
    await page.getByRole("heading", { level: 1, name: "Contact us to schedule" }).waitFor();
    expect(await page.getByText("To schedule your tests, call us at 1-800-555-0142. Paid tests must be scheduled within 30 days of payment.").isVisible()).toBe(true);
    await expectAccessible(page, "contact to schedule");
    await context.close();
  });

  it("a translation project charge is paid by card and shows its payment-complete page", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "user@northwind.example");
    await page.goto("/translation/projects/charge/1");
    await page.getByRole("heading", { level: 1, name: "Translation project payment" }).waitFor();
    await expect.poll(() => page.getByText("TR-20417").isVisible()).toBe(true);
    expect(await page.getByText("$1,260.00").isVisible()).toBe(true);
    await expectAccessible(page, "translation charge");
    await page.getByRole("button", { name: "Pay by card" }).click();
    await payWith(page, "4242 4242 4242 4242", "$1,260.00");
    await page.waitForURL(/\/translation\/projects\/charge\/1\/complete$/);
    await expect.poll(() => page.getByText("Thank you. Your payment of $1,260.00 for project TR-20417 is complete.").isVisible()).toBe(true);
    await expectAccessible(page, "translation payment complete");
    await context.close();
  });

  it("the candidate testing policy in both variants, with the spec's constants; zh-HANS and zh-HANT", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/testing/policy");
    await page.getByRole("heading", { level: 1, name: "Candidate Testing Policy" }).waitFor();
    for (const line of [
      "A test must be scheduled within 30 days of payment.",
      "A refund may be requested within 60 days of payment for a test that has not been taken.",
      "A candidate up to 5 minutes late may still take the test; later than that, the appointment is a no-show.",
      "A result may be disputed within 5 business days.",
      "One sample test may be retaken after a wait of 6 months.",
      "Same-day cancellations are not reimbursed.",
    ]) {
      expect(await page.getByText(line, { exact: true }).isVisible(), line).toBe(true);
    }
    expect(await page.getByTestId("cancellation-cutoff").innerText()).toBe(
      "Cancel by 5:00 PM Eastern Time (ET) the day before the test: before then the fees are waived; after then a candidate's cancellation incurs the fees.",
    );
    await expectAccessible(page, "candidate testing policy");
    await page.getByRole("link", { name: "Payment Policy" }).click();
    await page.getByRole("heading", { level: 1, name: "Payment Policy" }).waitFor();
    expect(await page.getByTestId("cancellation-cutoff").innerText()).toBe(
      "Cancel by 6:00 PM Eastern Time (ET) the business day before the test: before then the fees are waived; after then a candidate's cancellation incurs the fees.",
    );
    expect(await page.getByText("The candidate testing policy gives the cut-off as 5:00 PM Eastern Time (ET) the day before the test.", { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, "payment policy");
    await context.close();

    const phone = await newContext(browser(), { width: 375, height: 740 });
    const zh = await phone.newPage();
    await zh.goto("/testing/policy?lang=zh-HANS");
    await zh.getByRole("heading", { level: 1, name: "考生测试政策" }).waitFor();
    expect(await zh.getByText("测试须在付款后 30 天内安排。").isVisible()).toBe(true);
    await expectAccessible(zh, "candidate testing policy (zh-HANS, phone)");
    await phone.close();

    const hant = await newContext(browser());
    const tw = await hant.newPage();
    await signIn(tw, "admin@contoso.example");
    await tw.goto("/account/invoices?lang=zh-HANT");
    await tw.getByRole("heading", { level: 1, name: "發票" }).waitFor();
    await expect.poll(() => tw.getByRole("columnheader", { name: "發票編號" }).isVisible()).toBe(true);
    expect(await tw.getByText("待付款").isVisible()).toBe(true);
    await expectAccessible(tw, "invoices (zh-HANT)");
    await hant.close();
  });
});
