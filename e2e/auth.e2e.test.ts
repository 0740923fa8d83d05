import { afterAll, describe, expect, it } from "vitest";
import { expectAccessible, newContext, useBrowser, signIn } from "./support/browser";
import { restoreDemoPassword } from "./support/candidate-test";

const browser = useBrowser();
// The reset case gives office.user a new password: later files on this server sign in with the demo one.
afterAll(() => restoreDemoPassword("office.user@northwind.example"));

describe("sign-in", () => {
  it("shows the message for a wrong password, and lets the right one in", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/login");
    await expectAccessible(page, "login: email step");
    await page.getByLabel(/email/i).fill("admin@northwind.example");
    await page.getByRole("button", { name: /continue/i }).click();
    await expectAccessible(page, "login: password step");
    await page.getByLabel(/^password/i).fill("not-the-password");
    await page.getByRole("button", { name: /sign in/i }).click();
    await expect.poll(() => page.getByRole("alert").allInnerTexts()).toContainEqual(expect.stringContaining("The email address or password is incorrect."));
    expect(new URL(page.url()).pathname).toBe("/login");

    await page.getByLabel(/^password/i).fill("Parlance-demo-1");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL("**/overview");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toContain("Ada");
    await expectAccessible(page, "overview");
    await context.close();
  });

  it("signs a candidate in with an access code", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/login?use_code=1");
    await expectAccessible(page, "login: access code step");
    await page.getByLabel(/access code/i).fill("NW-DEMO-2026");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    // The code opens its own test (the first step of taking it), not the list of every test.
    await page.waitForURL(/\/testing\/tests\/\d+$/);
    await expect.poll(() => page.getByRole("heading", { name: "Check your computer" }).count()).toBe(1);
    const startup = await page.evaluate(() => fetch("/api/startup").then((r) => r.json()));
    expect(startup.userFlags.username).toBe("candidate@northwind.example");
    await context.close();
  });

  it("signs out from the account menu, and a signed-out visitor is sent to sign in", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "user@northwind.example");
    await page.getByRole("button", { name: /^Hello/ }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.waitForURL("**/login**");
    await page.goto("/testing/settings");
    await page.waitForURL("**/login?next=**");
    await context.close();
  });

  it("resets a forgotten password through the mailed link", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel(/email/i).fill("office.user@northwind.example");
    await page.getByRole("button", { name: /continue/i }).click();
    await page.getByRole("link", { name: /forgot/i }).click();
    await page.waitForURL("**/assistance");
    await expectAccessible(page, "assistance");
    await page.getByLabel(/email/i).fill("office.user@northwind.example");
    await page.getByRole("button", { name: /send/i }).click();
    await expect.poll(() => page.locator("main").innerText()).toMatch(/email/i);

    // The mail is in the outbox; the developer mailbox needs a session, so read it as another user.
    const reader = await newContext(browser());
    const mailbox = await reader.newPage();
    await signIn(mailbox, "admin@parlance.example");
    const mails = await mailbox.evaluate(() => fetch("/api/dev/mailbox?page=1").then((r) => r.json()));
    const mail = mails.mails.find((m: { to: string }) => m.to === "office.user@northwind.example");
    expect(mail).toBeTruthy();
    const link = String(mail.text).match(/https?:\/\/\S+set_reset_password\?key=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    await reader.close();

    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expectAccessible(page, "set reset password");
    await page.getByLabel(/^new password/i).fill("Short1!");
    await page.getByLabel(/retype/i).fill("Short1!");
    await page.getByRole("button", { name: /save|set password|submit/i }).click();
    await expect.poll(() => page.locator("main").innerText()).toMatch(/8 to 25 characters/i);
    await page.getByLabel(/^new password/i).fill("Better-pass-42");
    await page.getByLabel(/retype/i).fill("Better-pass-42");
    await page.getByRole("button", { name: /save|set password|submit/i }).click();
    await expect.poll(() => page.locator("main").innerText()).toMatch(/password has been/i);
    await context.close();

    const again = await newContext(browser());
    const p2 = await again.newPage();
    await signIn(p2, "office.user@northwind.example", "Better-pass-42");
    expect(new URL(p2.url()).pathname).not.toBe("/login");
    await again.close();
  });
});
