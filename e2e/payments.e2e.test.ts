import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, signIn } from "./support/browser";
import { useOwnServer } from "./support/own-server";

/**
 * Card payments with the local test-mode processor (issue 13 point 5), on a server of this file's
 * own (paying changes the demo world other files read: the demo candidate's test to pay for, the
 * card on file). The demo candidate pays for the test Boston left her under Tests Requiring
 * Purchase: a declined card, a failed authentication, the decline again in Simplified Chinese,
 * then 4242 4242 4242 4242, and the test is takeable. Northwind's administrator keeps a card on
 * file: none, added after the authentication step (failed, then completed), replaced, deleted; the
 * page once in Traditional Chinese. axe on every screen.
 */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });
const TEST = "Spanish to English Translation";

const own = useOwnServer();

async function signedIn(email: string): Promise<Page> {
  const context = await own.browser.newContext({ baseURL: own.server.url, viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: "America/New_York", reducedMotion: "reduce" });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Types a card into the local card form as a person would. */
async function typeCard(page: Page, number: string, labels = { number: "Card number", expiry: "Expiry (MM/YY)", cvc: "Security code (CVC)" }) {
  const form = page.getByRole("form", { name: /Card details|卡/ });
  await form.getByLabel(labels.number).fill(number);
  await form.getByLabel(labels.expiry).fill("09/41");
  await form.getByLabel(labels.cvc).fill("072");
  return form;
}

/** The session's Take a Test list, read as the page reads it. */
async function testList(page: Page): Promise<{ takable: string[]; purchasable: string[] }> {
  return page.evaluate(async () => {
    const view = await (await fetch("/api/tests/list", { headers: { accept: "application/json" } })).json();
    const names = (l: { testDescription: string }[]) => l.map((e) => e.testDescription);
    return { takable: names(view.takableTests), purchasable: names(view.purchasableTests) };
  });
}

const setLanguage = (page: Page, language: string) =>
  page.evaluate(
    (lang) => fetch("/api/account/language", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ language: lang }) }),
    language,
  );

describe("paying for a test by card", () => {
  it("the demo candidate: a declined card and a failed authentication change nothing; 4242 4242 4242 4242 pays and the test is takeable", async () => {
    const page = await signedIn("candidate@northwind.example");
    await page.goto("/testing");
    await page.getByRole("link", { name: /Take a Test/i }).first().click();
    await page.waitForURL("**/testing/tests");
    const purchase = page.getByRole("region", { name: "Tests Requiring Purchase" });
    await poll(() => purchase.count()).toBe(1);
    const entry = purchase.getByRole("listitem", { name: TEST });
    expect(await entry.innerText()).toContain("Northwind Health");
    await expectAccessible(page, "Take A Test with a test to pay for");

    // The purchase page: the test of the link chosen, its price, the total.
    await entry.getByRole("link", { name: "Purchase test" }).click();
    await page.waitForURL(/\/testing\/payment\/a\d+\/purchase$/);
    const purchaseUrl = new URL(page.url()).pathname;
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Payment Required");
    const fee = page.getByRole("checkbox", { name: `Pay for ${TEST}` });
    await poll(() => fee.isChecked()).toBe(true);
    const table = page.getByRole("table", { name: /Fees to pay/ });
    expect(await table.innerText()).toContain("$29.00");
    expect(await page.getByText("Fees of Northwind Health").count()).toBe(1);
    await expectAccessible(page, "Payment Required");
    // Nothing chosen, nothing to pay; chosen again, Pay Now.
    await fee.uncheck();
    await poll(() => page.getByRole("button", { name: "Pay Now" }).isDisabled()).toBe(true);
    expect(await page.getByText("Choose at least one fee.").count()).toBe(1);
    await fee.check();
    await page.getByRole("button", { name: "Pay Now" }).click();
    await poll(() => page.getByText("Amount to pay: $29.00").count()).toBe(1);
    await expectAccessible(page, "the card form");

    // Declined: Stripe's message, and the test still waits for payment.
    let form = await typeCard(page, "4000 0000 0000 0002");
    await form.getByRole("button", { name: "Pay $29.00" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "The card was not accepted" });
    await poll(() => refusal.innerText()).toContain("Your card was declined.");
    await expectAccessible(page, "the card form with a decline");
    expect((await testList(page)).purchasable).toContain(TEST);
    expect(page.url()).toContain(purchaseUrl);

    // Asks for authentication; failed, the processor's message and nothing paid.
    form = await typeCard(page, "4000 0027 6000 3184");
    await form.getByRole("button", { name: "Pay $29.00" }).click();
    const authentication = page.getByRole("region", { name: "Authentication required" });
    await poll(() => authentication.count()).toBe(1);
    await expectAccessible(page, "the authentication step");
    await authentication.getByRole("button", { name: "Fail authentication" }).click();
    await poll(() => refusal.innerText()).toContain("We are unable to authenticate your payment method. Please choose a different payment method and try again.");
    expect(await authentication.count()).toBe(0);
    expect((await testList(page)).purchasable).toContain(TEST);

    // The same page in Simplified Chinese: the decline reads in Chinese.
    await page.goto(`${purchaseUrl}?lang=zh-HANS`);
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("需要付款");
    await page.getByRole("button", { name: "立即付款" }).click();
    form = await typeCard(page, "4000000000000002", { number: "卡号", expiry: "有效期 (MM/YY)", cvc: "安全码 (CVC)" });
    await form.getByRole("button", { name: /^支付 .*29\.00$/ }).click();
    const zhRefusal = page.getByRole("alert").filter({ hasText: "银行卡未被接受" });
    await poll(() => zhRefusal.innerText()).toContain("您的银行卡被拒绝。");
    expect(await zhRefusal.innerText()).not.toContain("Your card was declined.");
    expect(await page.locator("main").innerText()).not.toMatch(/payments\.|processorMessages\./);
    await expectAccessible(page, "the card form in zh-HANS with a decline");
    await setLanguage(page, "en-US");

    // 4242 4242 4242 4242: paid, back on Take a Test, where the test is now among those to take.
    await page.goto(`${purchaseUrl}?lang=en-US`);
    await page.getByRole("button", { name: "Pay Now" }).click();
    form = await typeCard(page, "4242 4242 4242 4242");
    await form.getByRole("button", { name: "Pay $29.00" }).click();
    await page.waitForURL(/\/testing\/tests$/);
    await poll(() => page.getByText("Thank you: your payment went through. The test is ready to take.").count()).toBe(1);
    const assigned = page.getByRole("region", { name: "Assigned Tests" });
    await poll(() => assigned.getByRole("listitem", { name: TEST }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Tests Requiring Purchase" }).count()).toBe(0);
    expect(await testList(page)).toMatchObject({ purchasable: [] });
    expect((await testList(page)).takable).toContain(TEST);
    await expectAccessible(page, "Take A Test after paying");

    // Paid: the purchase page has nothing more to pay for that test.
    await page.goto(purchaseUrl);
    await poll(() => page.getByText("Nothing to pay for this test").count()).toBe(1);
    await expectAccessible(page, "Payment Required, nothing to pay");
    await page.context().close();
  });
});

describe("the card on file", () => {
  it("the account administrator: none, added after authentication (failed, then completed), replaced, deleted; once in zh-HANT", async () => {
    const page = await signedIn("admin@northwind.example");
    await page.goto("/account/payment_methods");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Credit Card on File");
    await poll(() => page.getByText("No card is on file.").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Delete card" }).count()).toBe(0);
    await expectAccessible(page, "Credit Card on File, none");

    // 4000 0027 6000 3184 asks for authentication: failed, nothing is kept.
    await page.getByRole("button", { name: "Add a card" }).click();
    let form = await typeCard(page, "4000 0027 6000 3184");
    await expectAccessible(page, "Credit Card on File, the card form");
    await form.getByRole("button", { name: "Save card" }).click();
    const authentication = page.getByRole("region", { name: "Authentication required" });
    await poll(() => authentication.count()).toBe(1);
    await expectAccessible(page, "Credit Card on File, the authentication step");
    await authentication.getByRole("button", { name: "Fail authentication" }).click();
    await poll(() => page.getByRole("alert").filter({ hasText: "The card was not accepted" }).innerText()).toContain("We are unable to authenticate your payment method.");
    expect(await page.getByText("No card is on file.").count()).toBe(1);

    // Again, completed: the card is on file, by brand and last four.
    form = await typeCard(page, "4000 0027 6000 3184");
    await form.getByRole("button", { name: "Save card" }).click();
    await authentication.getByRole("button", { name: "Complete authentication" }).click();
    const card = page.getByTestId("card-on-file");
    await poll(() => card.innerText()).toBe("Visa ending in 3184");
    await poll(() => page.getByText("The card has been saved.").count()).toBe(1);
    await expectAccessible(page, "Credit Card on File, a card");

    // Replaced by another card.
    await page.getByRole("button", { name: "Replace card" }).click();
    form = await typeCard(page, "5555 5555 5555 4444");
    await form.getByRole("button", { name: "Save card" }).click();
    await poll(() => card.innerText()).toBe("Mastercard ending in 4444");

    // The page in Traditional Chinese.
    await page.goto("/account/payment_methods?lang=zh-HANT");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("存檔信用卡");
    await poll(() => card.innerText()).toBe("萬事達卡，末四碼 4444");
    expect(await page.getByRole("button", { name: "更換信用卡" }).count()).toBe(1);
    expect(await page.locator("main").innerText()).not.toMatch(/payments\./);
    await expectAccessible(page, "Credit Card on File in zh-HANT");
    await setLanguage(page, "en-US");

    // Deleted through the confirmation dialog (Cancel first keeps it).
    await page.goto("/account/payment_methods?lang=en-US");
    await poll(() => card.innerText()).toBe("Mastercard ending in 4444");
    await page.getByRole("button", { name: "Delete card" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete the card on file?" });
    await poll(() => dialog.count()).toBe(1);
    expect(await dialog.innerText()).toContain("will no longer be kept on file.");
    await expectAccessible(page, "Credit Card on File, the delete dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await poll(() => dialog.count()).toBe(0);
    expect(await card.innerText()).toBe("Mastercard ending in 4444");
    await page.getByRole("button", { name: "Delete card" }).click();
    await dialog.getByRole("button", { name: "Delete card" }).click();
    await poll(() => page.getByText("No card is on file.").count()).toBe(1);
    await poll(() => page.getByText("The card has been deleted.").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Add a card" }).count()).toBe(1);
    await expectAccessible(page, "Credit Card on File, deleted");
    await page.context().close();
  });
});
