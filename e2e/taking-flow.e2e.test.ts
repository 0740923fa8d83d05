import { beforeAll, describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { expectAccessible, newContext, useBrowser } from "./support/browser";
import { createCandidateWithTest, signInWithCode, type CandidateTest } from "./support/candidate-test";
import { READING_ANSWERS, answersDigest, chainOf, expectReceiptChecked, receiptOf, watchedJournal, watchJournal } from "./support/reading-test";

/** The written answers this test types (the choices are READING_ANSWERS'). */
const typed: Record<number, string> = { 8: "They feared tools would distract from reading and cost money to replace.", 9: "Yes, neighbours share tools." };

const browser = useBrowser();

/** Screens load over the network: wait up to 10 s for what a person would wait for. */
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** Dialogs fade in: check them once their transitions have finished. */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

const main = (page: Page) => page.locator("main");
const dialog = (page: Page, name: string) => page.getByRole("dialog", { name });
const progress = (page: Page) => page.getByRole("region", { name: "Test progress" });

/** Answers a radio question by clicking the choice's label, as a person would. */
async function choose(page: Page, question: number, choice: string) {
  const group = page.getByRole("radiogroup", { name: new RegExp(`^Question ${question}:`) });
  await group.getByRole("radio", { name: choice, exact: true }).check();
}

const textbox = (page: Page, question: number) => page.getByRole("textbox", { name: new RegExp(`^Question ${question}:`) });

/** The focused element's text (a heading's) or id, to see where the focus went after a step. */
const focused = (page: Page) => page.evaluate(() => ({ id: document.activeElement?.id ?? "", text: (document.activeElement as HTMLElement | null)?.innerText ?? "" }));

/**
 * Walks back up the page with Shift+Tab from the Next button; at every answer control the focus
 * reaches, how far (px) the control is hidden under the sticky header and progress box (0: clear).
 */
async function shiftTabCoverage(page: Page): Promise<{ control: string; hiddenPx: number }[]> {
  await page.getByRole("button", { name: "Next" }).focus();
  const seen: { control: string; hiddenPx: number }[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Shift+Tab");
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.closest("[id^=item-]") || !el.matches("input, textarea")) return null;
      const cover = document.querySelector('section[aria-label="Test progress"]')!.getBoundingClientRect().bottom;
      const r = el.getBoundingClientRect();
      return { control: `${el.closest("[id^=item-]")!.id} ${el.getAttribute("type") ?? el.tagName}`, hiddenPx: Math.max(0, Math.round(cover - r.top)) };
    });
    if (at) seen.push(at);
    if (at?.control.startsWith("item-q1 ")) break;
  }
  return seen;
}

describe("taking the English reading test", () => {
  let test: CandidateTest;
  beforeAll(async () => {
    test = await createCandidateWithTest("English Reading Proficiency", "Rhea");
  });

  it("goes from the capability check to the Thank You receipt, with every answer recorded", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    watchJournal(page);
    await signInWithCode(page, test.accessCode);
    await page.goto(`/testing/tests/${test.assignedTestId}`);

    // --- capability verification ---------------------------------------------------------------
    await poll(() => page.getByRole("heading", { name: "Check your computer" }).count()).toBe(1);
    // Each step puts the focus on its heading, not on the page body.
    await poll(async () => (await focused(page)).text).toBe("Check your computer");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Take Test");
    expect(await page.getByRole("navigation", { name: /breadcrumb/i }).innerText()).toMatch(/Home[\s\S]*Language Testing[\s\S]*Take Test/);
    const cont = page.getByRole("button", { name: "Continue" });
    expect(await cont.isDisabled()).toBe(true);
    expect(await page.locator('[lang="ar"][dir="rtl"]').count()).toBe(1);
    expect(await main(page).innerText()).toContain("欢迎参加语言测试");
    await expectAccessible(page, "capability check");
    await page.getByRole("button", { name: "Play sample sound" }).click();
    await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await cont.click();

    // --- prelude ---------------------------------------------------------------------------------
    await poll(() => page.getByRole("heading", { name: "English Reading Proficiency" }).count()).toBe(1);
    await poll(async () => (await focused(page)).text).toBe("English Reading Proficiency");
    expect(await main(page).innerText()).toContain("Time limit: 60 minutes");
    const start = page.getByRole("button", { name: "Start Test" });
    expect(await start.isDisabled()).toBe(true);
    await expectAccessible(page, "prelude");
    await page.getByRole("checkbox", { name: /I confirm that I am the person this test was assigned to/ }).check();
    await start.click();
    const startDialog = dialog(page, "Start the test?");
    await startDialog.waitFor();
    await settled(page);
    await expectAccessible(page, "start dialog");
    // Escape closes the dialog without starting; the second time the candidate confirms.
    await page.keyboard.press("Escape");
    await startDialog.waitFor({ state: "hidden" });
    await start.click();
    await startDialog.getByRole("button", { name: "Start", exact: true }).click();

    // --- page 1 ----------------------------------------------------------------------------------
    await poll(() => progress(page).innerText()).toContain("Page 1 of 2");
    await poll(async () => (await focused(page)).id).toBe("page-title");
    await poll(async () => (await progress(page).getByRole("timer").innerText()).trim()).toMatch(/^(1:00:00|0:5\d:\d\d)$/);
    expect(await page.getByRole("heading", { name: "Part 1: Borrowing More Than Books", level: 3 }).count()).toBe(1);
    // Every block of content says its language (English here), whatever the interface's (WCAG 3.1.2).
    expect(await page.locator("[id^=item-]").count()).toBeGreaterThan(5);
    expect(await page.locator("[id^=item-]:not([lang=en])").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Previous" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Submit" }).count()).toBe(0);
    await choose(page, 1, "A library that now lends everyday objects as well as books");
    await choose(page, 2, "Visitors had asked to borrow things they rarely need.");
    await choose(page, 3, "With items given by residents and a small grant");
    await choose(page, 4, "Volunteers repair it at a monthly event.");
    await choose(page, 5, "persuaded");
    await choose(page, 6, "The scheme brings people back to reading.");
    await choose(page, 7, "Calculators and laptop chargers");
    await textbox(page, 8).fill(typed[8]);
    // Question 9 asks for at least 10 words: five raise the word-limit warning before submit.
    await textbox(page, 9).fill(typed[9]);
    await poll(() => main(page).innerText()).toContain("4 words");
    await expectAccessible(page, "page 1 of the test");
    // Back up the page with Shift+Tab: no focused answer ends up under the sticky header (WCAG 2.4.11).
    const walk = await shiftTabCoverage(page);
    expect(walk.map((w) => w.control)).toContain("item-q1 radio");
    expect(walk.filter((w) => w.hiddenPx > 0)).toEqual([]);

    // --- page 2, and back -----------------------------------------------------------------------
    await page.getByRole("button", { name: "Next" }).click();
    await poll(() => progress(page).innerText()).toContain("Page 2 of 2");
    expect(await page.getByRole("img", { name: /Bar chart of items borrowed/ }).count()).toBe(1);
    await choose(page, 10, "Board games");
    await textbox(page, 12).fill("Sewing machines");
    expect(await textbox(page, 12).getAttribute("maxlength")).toBe("40");
    await expectAccessible(page, "page 2 of the test");
    await page.getByRole("button", { name: "Previous" }).click();
    await poll(() => progress(page).innerText()).toContain("Page 1 of 2");
    expect(await page.getByRole("radio", { name: "persuaded" }).isChecked()).toBe(true);
    expect(await textbox(page, 9).inputValue()).toBe("Yes, neighbours share tools.");
    await page.getByRole("button", { name: "Next" }).click();
    await poll(() => progress(page).innerText()).toContain("Page 2 of 2");

    // --- review: Yes/No and a jump ----------------------------------------------------------------
    await page.getByRole("button", { name: "Review" }).click();
    await poll(() => page.getByRole("heading", { name: "Review your answers" }).count()).toBe(1);
    const table = page.getByRole("table", { name: "Review your answers" });
    expect(await table.getByRole("columnheader").allInnerTexts()).toEqual(["Questions 1–4", "Questions 5–8", "Questions 9–12"]);
    expect(await table.getByRole("button", { name: "Question 1: Yes" }).count()).toBe(1);
    expect(await table.getByRole("button", { name: "Question 11: No" }).count()).toBe(1);
    await expectAccessible(page, "review screen");

    // Submitting with question 11 blank and question 9 short: the warnings, worded by spec §5.
    await page.getByRole("button", { name: "Submit test answers" }).click();
    const warn = dialog(page, "Unanswered questions");
    await warn.waitFor();
    await settled(page);
    expect(await warn.innerText()).toContain("You have not chosen an answer for question 11.");
    expect(await warn.innerText()).toContain("Your answer to question 9 is shorter than the word limit of 10 words.");
    expect(await warn.innerText()).toContain("Do you want to continue?");
    await expectAccessible(page, "unanswered warning");
    await warn.getByRole("button", { name: "Go back" }).click();
    await warn.waitFor({ state: "hidden" });

    // The jump: question 11's cell brings the candidate to page 2 with the question focused.
    await table.getByRole("button", { name: "Question 11: No" }).click();
    await poll(() => progress(page).innerText()).toContain("Page 2 of 2");
    await poll(() => page.evaluate(() => document.activeElement?.closest("[id^=item-]")?.id)).toBe("item-q11");
    await choose(page, 11, "43");
    await page.getByRole("button", { name: "Review" }).click();
    await poll(() => table.getByRole("button", { name: "Question 11: Yes" }).count()).toBe(1);

    // --- submit ------------------------------------------------------------------------------------
    await page.getByRole("button", { name: "Submit test answers" }).click();
    await warn.waitFor();
    expect(await warn.innerText()).not.toContain("question 11");
    await warn.getByRole("button", { name: "Continue" }).click();
    const confirm = dialog(page, "Submit test answers?");
    await confirm.waitFor();
    await settled(page);
    await expectAccessible(page, "submit confirmation");
    await confirm.getByRole("button", { name: "Submit", exact: true }).click();

    // --- Thank You -----------------------------------------------------------------------------------
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank You");
    expect(await main(page).innerText()).toContain(
      "Your responses have been recorded, and we will be sending the results of your test to your company administrator(s) shortly.",
    );
    // The receipt commits to the 12 answers and to every answer change the page sent (worked out
    // here from docs/delivery-file.md), and the page's own check of it agrees.
    const receipt = (await page.getByTestId("receipt").innerText()).trim();
    const journal = watchedJournal(page);
    const chain = chainOf(journal.attemptId, journal.events);
    expect(chain.events).toBeGreaterThanOrEqual(12);
    const digest = answersDigest(READING_ANSWERS.map((a) => [`q${a.q}`, typed[a.q] ?? a.text ?? a.id]));
    expect(receipt).toBe(receiptOf(journal.attemptId, digest, chain));
    expect((await page.getByTestId("journal-head").innerText()).trim()).toBe(`Answer journal: ${chain.head} · changes: ${chain.events}`);
    await expectReceiptChecked(page);
    expect(await main(page).innerText()).toContain("12 of 12 questions answered");
    expect(await page.getByRole("link", { name: "Take another test" }).getAttribute("href")).toBe("/testing/tests");
    // Sign-out is a POST of the layout's form (a GET from another site signs nobody out).
    expect(await page.getByRole("button", { name: "Log out" }).getAttribute("form")).toBe("sign-out-form");
    await expectAccessible(page, "Thank You");

    // --- what the server recorded --------------------------------------------------------------------
    const status = await page.request.get(`/api/test_content/check_status/${test.assignedTestId}`);
    expect(await status.json()).toMatchObject({ success: true, state: "received" });
    // Submit is idempotent: a repeat answers the same receipt of all 12 answers.
    const again = await page.request.post(`/api/test_content/submit_test/${test.assignedTestId}`, { data: { candidate_test_items: [] }, headers: { origin: new URL(page.url()).origin } });
    expect(await again.json()).toMatchObject({ receipt, answers_digest: digest, journal_head: chain.head, journal_events: chain.events, answered: 12, items: 12 });
    await context.close();
  });

  it("warns at five minutes left and submits by itself when the time is over", async () => {
    const timed = await createCandidateWithTest("English Reading Proficiency", "Tomas");
    const context = await newContext(browser());
    const page = await context.newPage();
    // The page's clock is ours to move: the countdown follows it from the server's reading.
    await page.clock.install();
    await signInWithCode(page, timed.accessCode);
    await page.goto(`/testing/tests/${timed.assignedTestId}`);
    await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
    await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("checkbox", { name: /I confirm that I am the person/ }).check();
    await page.getByRole("button", { name: "Start Test" }).click();
    await dialog(page, "Start the test?").getByRole("button", { name: "Start", exact: true }).click();
    await poll(() => progress(page).innerText()).toContain("Page 1 of 2");
    await choose(page, 1, "A library that now lends everyday objects as well as books");

    // The server's own clock is not ours: while the page's clock runs ahead, its fresh readings (the
    // heartbeat and the saves answer the real time left) are held back, as if the network were slow.
    const hold = (route: Route) => route.abort();
    await page.route("**/api/heartbeat", hold);
    await page.route("**/api/test_content/save_progress/**", hold);
    await page.clock.fastForward("55:10");
    const five = dialog(page, "Five minutes left");
    await five.waitFor();
    await settled(page);
    expect(await five.innerText()).toContain("When the time is over, your answers are submitted automatically.");
    await poll(async () => (await progress(page).getByRole("timer").innerText()).trim()).toMatch(/^0:0[45]:\d\d$/);
    await expectAccessible(page, "five-minutes-left dialog");
    await page.keyboard.press("Escape");
    await five.waitFor({ state: "hidden" });

    // Time over: no warnings, no confirmation; the answers go in and the receipt is shown.
    await page.clock.fastForward("05:10");
    await poll(() => main(page).innerText()).toContain("The time for this test is over.");
    await page.unroute("**/api/heartbeat", hold);
    await page.unroute("**/api/test_content/save_progress/**", hold);
    // Saves refused while the network was "down" are retried with growing waits: let those pass.
    for (let i = 0; i < 10 && (await page.getByRole("heading", { level: 1 }).innerText()) !== "Thank You"; i++) {
      await page.clock.fastForward("00:20");
      await page.waitForTimeout(1_000);
    }
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank You");
    expect(await main(page).innerText()).toContain("1 of 12 questions answered");
    const status = await page.request.get(`/api/test_content/check_status/${timed.assignedTestId}`);
    expect(await status.json()).toMatchObject({ state: "received" });
    await context.close();
  });
});
