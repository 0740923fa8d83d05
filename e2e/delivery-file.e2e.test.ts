import fs from "node:fs";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { signInWithCode } from "./support/candidate-test";
import { PROCTORED_READING, reservedProctoredTest, startProctoredReadingTest } from "./support/proctored-test";
import {
  READING_ANSWERS,
  READING_ANSWERS_DIGEST,
  SAVED_TEXT,
  answerQuestion,
  chainOf,
  goToPage,
  journalInBrowser,
  receiptOf,
  saveIndicator,
  watchedJournal,
} from "./support/reading-test";

/**
 * Issue 27 in a real browser: the network goes down in the middle of a proctored reading test and
 * never comes back; the candidate answers on, the time runs out (the page's clock moved past the
 * deadline), the page offers "Save my answers to a file" and saves the sealed file. The test's
 * proctor signs in, goes from their landing page to Proctored Tests and the test's page, and
 * uploads it there (after the upload failed once on a server error and once offline, each with the
 * route's message); the server holds every answer, submitted, with the receipt the upload and the
 * test's page show.
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout, interval: 250 });
const UPLOAD_FAILED = "The answers file could not be uploaded.";

/** Chooses the file in the upload dialog and presses Upload; answers the dialog. */
async function upload(page: Page, path: string) {
  const dialog = page.getByRole("dialog", { name: "Upload a sealed answers file" });
  if ((await dialog.count()) === 0) await page.getByRole("button", { name: `Upload answers file: ${PROCTORED_READING}` }).click();
  await dialog.locator("input[type=file]").setInputFiles(path);
  await dialog.getByRole("button", { name: "Upload", exact: true }).click();
  return dialog;
}

describe("a sealed answers file when the network never comes back", () => {
  it("offline past the deadline: saved to a file, uploaded by the test's proctor on its page, every answer and the receipt", { timeout: 300_000 }, async () => {
    const test = await reservedProctoredTest("Noor");
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.clock.install();
    await startProctoredReadingTest(page, test, "Maya Okoro");
    for (const q of [1, 2, 3]) await answerQuestion(page, q);
    await poll(() => saveIndicator(page).innerText()).toContain(SAVED_TEXT);

    // The uplink fails and stays down: the candidate answers everything else.
    await context.setOffline(true);
    for (const q of [4, 5, 6, 7, 8, 9]) await answerQuestion(page, q);
    await goToPage(page, 2);
    for (const q of [10, 11, 12]) await answerQuestion(page, q);
    // The hour passes on the page's clock: time over, the submit cannot reach the server.
    await page.clock.fastForward(61 * 60_000);
    const offer = page.getByTestId("delivery-offer");
    await poll(() => offer.count()).toBe(1);
    await expect.poll(() => offer.innerText()).toContain("The time for this test is over and the server cannot be reached");
    await expectAccessible(page, "test page offering the answers file");
    const download = page.waitForEvent("download");
    await offer.getByRole("button", { name: "Save my answers to a file" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${test.accessCode.replace(/[^A-Za-z0-9_-]/g, "")}-\\d+\\.parlance$`));
    const path = `${fs.mkdtempSync("/tmp/parlance-delivery-")}/${file.suggestedFilename()}`;
    await file.saveAs(path);
    await poll(() => offer.innerText()).toContain(`Saved ${file.suggestedFilename()}`);
    // The receipt the upload must give, worked out here (docs/delivery-file.md §7.1) from the journal
    // the browser keeps; the events it sent online before the uplink failed are the chain's start.
    const sent = watchedJournal(page);
    const kept = await journalInBrowser(page);
    const sentBySeq = new Map(sent.events.map((e) => [e.seq, e]));
    expect(sent.events.length).toBeGreaterThan(0);
    for (const e of sent.events) expect(kept.find((k) => k.seq === e.seq)).toMatchObject({ item: e.item, response: e.response, t: e.t });
    const chain = chainOf(sent.attemptId, kept.map((e) => ({ ...e, prev: sentBySeq.get(e.seq)?.prev })));
    expect(chain.events).toBeGreaterThanOrEqual(READING_ANSWERS.length);
    const expected = receiptOf(sent.attemptId, READING_ANSWERS_DIGEST, chain);
    await context.close();

    // The test's proctor signs in, and goes from the overview to Proctored Tests and the test's page.
    const proctorContext = await newContext(browser());
    const proctor = await proctorContext.newPage();
    await signIn(proctor, test.proctor);
    await proctor.waitForURL("**/overview");
    await proctor.locator("section[aria-labelledby='overview-quick-links']").getByRole("link", { name: /Proctored Tests/ }).click();
    await proctor.waitForURL("**/testing/proctor/tests");
    const open = proctor.getByRole("link", { name: `Open proctored test ${test.assignedTestId}: ${PROCTORED_READING}` });
    await poll(() => open.count()).toBe(1);
    await expectAccessible(proctor, "Proctored Tests");
    await open.click();
    await proctor.waitForURL(`**/testing/proctor/tests/${test.assignedTestId}`);
    await poll(() => proctor.getByRole("heading", { level: 1 }).innerText()).toBe(PROCTORED_READING);
    await poll(() => proctor.locator("main").innerText()).toContain("In progress");
    await expectAccessible(proctor, "the proctored test's page");

    // The upload fails: the server answers 500, then the proctor's network is down; each says the route's message.
    await proctor.route("**/api/test_content/deliver_file/**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Internal Server Error" }) }));
    let dialog = await upload(proctor, path);
    await poll(() => dialog.getByRole("alert").innerText()).toContain(UPLOAD_FAILED);
    expect(await dialog.getByRole("alert").innerText()).toContain("The file was not accepted");
    await expectAccessible(proctor, "the upload refused by a server error");
    await proctor.unroute("**/api/test_content/deliver_file/**");
    await proctorContext.setOffline(true);
    dialog = await upload(proctor, path);
    await poll(() => dialog.getByRole("alert").innerText()).toContain(UPLOAD_FAILED);
    await proctorContext.setOffline(false);

    // Back online: accepted, submitted, with its receipt.
    dialog = await upload(proctor, path);
    const done = dialog.getByRole("status");
    await poll(() => done.innerText()).toContain("The answers file was accepted");
    expect(await done.innerText()).toContain("The test is submitted.");
    const receipt = (await done.locator("code").innerText()).trim();
    expect(receipt).toBe(expected);
    await expectAccessible(proctor, "the upload's outcome");
    await dialog.getByRole("button", { name: "Close" }).first().click();

    // The test's page, read again: every answer recorded, received, the same receipt; at 375 px too.
    await poll(() => proctor.getByTestId("proctored-receipt").count()).toBe(1);
    expect((await proctor.getByTestId("proctored-receipt").innerText()).trim()).toBe(receipt);
    const facts = await proctor.locator("main").innerText();
    expect(facts).toMatch(new RegExp(`Answers recorded\\s+${READING_ANSWERS.length}\\b`));
    expect(facts).toContain("Test received");
    await proctor.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(proctor, "the proctored test's page at 375 px");
    await proctor.goto("/testing/proctor/tests");
    await poll(() => open.count()).toBe(1);
    await expectAccessible(proctor, "Proctored Tests at 375 px");

    // The server holds every answer, submitted, with that receipt (submit again answers it).
    const candidateContext = await newContext(browser());
    const candidate = await candidateContext.newPage();
    await signInWithCode(candidate, test.accessCode);
    const again = await candidate.request.post(`/api/test_content/submit_test/${test.assignedTestId}`, { data: { candidate_test_items: [] }, headers: { origin: new URL(candidate.url()).origin } });
    expect(await again.json()).toMatchObject({ receipt, answers_digest: READING_ANSWERS_DIGEST, journal_head: chain.head, journal_events: chain.events, answered: READING_ANSWERS.length, items: READING_ANSWERS.length });
    await proctorContext.close();
    await candidateContext.close();
  });
});
