import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { ApiSession, createCandidateWithTest } from "./support/candidate-test";

/**
 * Paper test packages and responses coming back (issue 14, points 4-5), as the people would go:
 * Northwind's administrator packages a proctored paper test, waits for the package PDF, downloads
 * it (read with pdftotext), emails it to the proctor (the developer mailbox has the mail), finds
 * the test outstanding, marks it received with the scanned responses, and the Spanish evaluator
 * finds it under Tests to Score with the scan to open.
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const TEST = "Spanish Reading (Paper)";
const A_PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1");

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

describe("paper test packages", () => {
  it("are created, printed, mailed to the proctor, and their responses reach the evaluator", async () => {
    const firstName = `Paula${Date.now().toString(36)}`;
    const paper = await createCandidateWithTest(TEST, firstName);
    const displayAs = `Taker, ${firstName}`;
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, "admin@northwind.example");

    // Test Packages: the new paper test is a checkbox; Create Test Package waits for a choice.
    await page.goto("/testing");
    await page.getByRole("link", { name: /Test Packages/ }).first().click();
    await page.waitForURL("**/testing/groups");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Test Packages");
    const box = page.getByRole("checkbox", { name: `Include ${TEST} for ${displayAs}` });
    await poll(() => box.count()).toBe(1);
    const create = page.getByRole("button", { name: "Create Test Package" });
    expect(await create.isDisabled()).toBe(true);
    await expectAccessible(page, "Test Packages");
    await box.check();
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.waitForURL(/\/testing\/groups\/[A-Za-z0-9_-]{43}$/);
    const key = new URL(page.url()).pathname.split("/").pop()!;

    // The package page waits for the job's PDF, then offers it.
    await poll(() => page.getByText("The test package with 1 test is ready.").count(), 30_000).toBe(1);
    await expectAccessible(page, "Test Package");

    // Unprinted until someone downloads it.
    await page.goto("/testing/candidates/outstanding_paper_tests");
    const unprinted = page.getByRole("region", { name: "Unprinted test packages" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Unprinted test packages" }) }));
    await poll(() => unprinted.getByText(`${firstName} Taker — ${TEST}`).count()).toBe(1);
    await expectAccessible(page, "Outstanding Paper Tests (unprinted package)");
    await unprinted.getByRole("link", { name: /^Open package created/ }).first().click();
    await page.waitForURL(`**/testing/groups/${key}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download and print" }).click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "paper-e2e-")), "package.pdf");
    await download.saveAs(file);
    const text = execFileSync("pdftotext", [file, "-"]).toString("utf8").replace(/\s+/g, " ");
    expect(text).toContain(`${firstName} Taker`);
    expect(text).toContain(`Access code: ${paper.accessCode}`);
    expect(text).toContain(TEST);

    // Email the proctor: an address is needed, then the spec's sentence, and the mail is in the outbox.
    await page.getByRole("link", { name: "Email the proctor" }).click();
    await page.waitForURL(`**/testing/groups/alert/${key}`);
    await page.getByRole("button", { name: "Send instructions" }).click();
    await poll(() => page.getByText("Please enter the proctor's email address.").count()).toBe(1);
    await expectAccessible(page, "Email the Proctor");
    const proctor = `proctor.${firstName.toLowerCase()}@example.test`;
    await page.getByLabel("Proctor's email address").fill(proctor);
    await page.getByRole("button", { name: "Send instructions" }).click();
    await poll(() => page.getByText("The proctor has been emailed instructions on how to access these tests.").count()).toBe(1);
    const provider = await ApiSession.signIn("admin@parlance.example");
    const { mails } = await provider.call<{ mails: { to: string; text: string }[] }>("GET", "/api/dev/mailbox?page=1");
    const mail = mails.find((m) => m.to === proctor);
    expect(mail?.text).toContain(`/api/paper_test_groups/download/${key}`);

    // Outstanding now; mark it received with the scanned responses.
    await page.goto("/testing/candidates/outstanding_paper_tests");
    const mark = page.getByRole("button", { name: `Mark received: ${TEST}, ${displayAs}` });
    await poll(() => mark.count()).toBe(1);
    // Downloaded: no longer unprinted (this server's only package).
    await poll(() => page.getByText("There are no unprinted test packages.").count()).toBe(1);
    expect(await page.getByText(`${firstName} Taker — ${TEST}`).count()).toBe(0);
    await expectAccessible(page, "Outstanding Paper Tests");
    await mark.click();
    const dialog = page.getByRole("dialog", { name: "Responses received" });
    await poll(() => dialog.count()).toBe(1);
    await settled(page);
    await dialog.getByRole("button", { name: "Mark received" }).click();
    await poll(() => dialog.getByText("Please choose the scanned responses (a PDF file).").count()).toBe(1);
    await expectAccessible(page, "Responses received dialog");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "responses.pdf", mimeType: "application/pdf", buffer: A_PDF });
    await dialog.getByRole("button", { name: "Mark received" }).click();
    await poll(() => page.getByText("The responses have been received and sent to an evaluator.").count()).toBe(1);
    await poll(() => mark.count()).toBe(0);

    // At phone width the screens fit (wide tables scroll inside their own box).
    await page.setViewportSize({ width: 375, height: 740 });
    for (const [path, heading] of [["/testing/groups", "Test Packages"], ["/testing/candidates/outstanding_paper_tests", "Outstanding Paper Tests"], [`/testing/groups/${key}`, "Test Package"], [`/testing/groups/alert/${key}`, "Email the Proctor"]]) {
      await page.goto(path);
      await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe(heading);
      await page.waitForLoadState("networkidle");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
    }
    await expectAccessible(page, "Email the Proctor at 375 px");
    await context.close();

    // The Spanish evaluator finds it under Tests to Score, with the scan to open.
    const evalContext = await newContext(browser());
    const evaluator = await evalContext.newPage();
    await signIn(evaluator, "evaluator@parlance.example");
    await evaluator.goto("/testing/results");
    await poll(() => evaluator.getByRole("heading", { level: 1 }).innerText()).toBe("Tests to Score");
    const row = evaluator.getByRole("row").filter({ hasText: `${firstName} Taker` });
    await poll(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(TEST);
    await expectAccessible(evaluator, "Tests to Score (paper test)");
    await row.getByRole("link").first().click();
    await evaluator.waitForURL(/\/testing\/results\/\d+\/edit$/);
    const scan = evaluator.getByRole("link", { name: "Scanned responses (PDF)" });
    await poll(() => scan.count()).toBe(1);
    const res = await evaluator.request.get((await scan.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect(Buffer.from(await res.body()).equals(A_PDF)).toBe(true);
    await expectAccessible(evaluator, "Scoring a paper test");
    await evalContext.close();
  }, 180_000);
});
