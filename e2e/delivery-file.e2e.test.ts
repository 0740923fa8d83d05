import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { createCandidateWithTest } from "./support/candidate-test";
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
  startReadingTest,
  watchedJournal,
} from "./support/reading-test";

/**
 * Issue 27 in a real browser: the network goes down in the middle of the reading test and never
 * comes back; the candidate answers on, the time runs out (the page's clock moved past the
 * deadline), the page offers "Save my answers to a file" and saves the sealed file; Northwind's
 * administrator uploads it on the candidate's tests table and the server holds every answer,
 * submitted, with the receipt the upload shows.
 */
const browser = useBrowser();
const poll = <T>(fn: () => Promise<T> | T, timeout = 20_000) => expect.poll(fn, { timeout, interval: 250 });

describe("a sealed answers file when the network never comes back", () => {
  it("offline past the deadline: saved to a file, uploaded by the administrator, every answer and the receipt", { timeout: 240_000 }, async () => {
    const test = await createCandidateWithTest("English Reading Proficiency", "Noor");
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.clock.install();
    await startReadingTest(page, test);
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

    // Northwind's administrator uploads it on the candidate's tests table.
    const adminContext = await newContext(browser());
    const admin = await adminContext.newPage();
    await signIn(admin, "admin@northwind.example");
    await admin.goto(`/testing/candidates/${test.candidateId}`);
    await admin.getByRole("button", { name: `Upload answers file: ${test.description}` }).click();
    const dialog = admin.getByRole("dialog", { name: "Upload a sealed answers file" });
    await dialog.locator("input[type=file]").setInputFiles(path);
    await expectAccessible(admin, "the upload dialog");
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    const done = dialog.getByRole("status");
    await poll(() => done.innerText()).toContain("The answers file was accepted");
    expect(await done.innerText()).toContain("The test is submitted.");
    const receipt = (await done.locator("code").innerText()).trim();
    expect(receipt).toBe(expected);
    await expectAccessible(admin, "the upload's outcome");

    // The server holds every answer, submitted, with that receipt (submit again answers it).
    const candidateContext = await newContext(browser());
    const candidate = await candidateContext.newPage();
    await candidate.goto("/login?use_code=1");
    await candidate.getByLabel(/access code/i).fill(test.accessCode);
    await candidate.getByRole("button", { name: /sign in|continue/i }).click();
    await candidate.waitForURL((url) => !url.pathname.startsWith("/login"));
    const again = await candidate.request.post(`/api/test_content/submit_test/${test.assignedTestId}`, { data: { candidate_test_items: [] }, headers: { origin: new URL(candidate.url()).origin } });
    expect(await again.json()).toMatchObject({ receipt, answers_digest: READING_ANSWERS_DIGEST, journal_head: chain.head, journal_events: chain.events, answered: READING_ANSWERS.length, items: READING_ANSWERS.length });
    await adminContext.close();
    await candidateContext.close();
  });
});
