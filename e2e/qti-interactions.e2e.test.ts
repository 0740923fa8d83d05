import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import { expectAccessible, newContext, signIn, useBrowser } from "./support/browser";
import { createCandidateWithTest, type CandidateTest } from "./support/candidate-test";
import { progress, SAVED_TEXT, saveIndicator, startReadingTest } from "./support/reading-test";

/**
 * Issue 29 §2: a candidate takes the demo's test of imported QTI items (content/qti-sample.json),
 * one of each interaction, with the KEYBOARD only: the focus is put on an interaction's first
 * control (as Tab would bring it there) and everything after is keys — arrows, Space, Enter,
 * typing. What the server holds is checked item by item, then the evaluator's scoring page shows
 * each response read-only. axe runs on every screen, at desktop width and at 375 px.
 */
const browser = useBrowser();
const TEST = "QTI Interactions Sample";
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000 });

/** What each item holds once answered below (the canonical JSON of contract content/qti-response.ts). */
const SAVED: Record<string, unknown> = {
  saturday: { RESPONSE: "B" },
  borrow: { RESPONSE: ["A", "B"] },
  cloze: { G1: "WENT", G2: "borrowed" },
  arabic: { RESPONSE: "A" },
  spelling: { RESPONSE: "H2" },
  favourite: { RESPONSE: "My favourite book is Matilda. I read it every summer." },
  capital: { END: true, RESPONSE: "A" },
  bus: { RESPONSE: [["W1", "G1"], ["W2", "G2"]] },
  jobs: { RESPONSE: [["S1", "T1"], ["S2", "T2"]] },
  steps: { RESPONSE: ["C1", "C2", "C3"] },
  opposites: { RESPONSE: [["A", "C"], ["B", "D"]] },
  river: { RESPONSE: "H2" },
  voicemail: { PLAYS: 1, RESPONSE: "Y" },
};

/** Focus on the control (where Tab brings it), then keys only. */
async function keys(page: Page, control: Locator, ...pressed: string[]) {
  await control.focus();
  for (const k of pressed) await page.keyboard.press(k);
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? (document.activeElement as HTMLElement | null)?.innerText ?? "");

/** Both widths: the page as it is, then at 375 px, then back. */
async function accessibleAtBothWidths(page: Page, screen: string) {
  await expectAccessible(page, `${screen} (1280 px)`);
  const shot = (width: number) => (process.env.SAVE_SCREENSHOTS ? page.screenshot({ path: `/tmp/${screen.replace(/\W+/g, "-")}-${width}.png`, fullPage: true }) : null);
  await shot(1280);
  await page.setViewportSize({ width: 375, height: 740 });
  await expectAccessible(page, `${screen} (375 px)`);
  await shot(375);
  // Nothing wider than the phone's screen: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("a test of imported QTI items, by keyboard", () => {
  let test: CandidateTest;
  beforeAll(async () => {
    test = await createCandidateWithTest(TEST, "Quinn");
  });

  it("answers every interaction with keys, saves each answer, and the evaluator sees them read-only", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await startReadingTest(page, test);

    // --- page 1 ---------------------------------------------------------------------------------
    // Choice, single: arrow keys move the choice.
    await keys(page, page.getByRole("radio", { name: "9 am" }), "ArrowDown");
    expect(await page.getByRole("radio", { name: "10 am" }).isChecked()).toBe(true);
    expect(await page.getByRole("radiogroup", { name: /^Question 1: When does the library open/ }).count()).toBe(1);

    // Choice, multiple: Space ticks; at max-choices (2) the others are offered disabled.
    await keys(page, page.getByRole("checkbox", { name: "A drill" }), "Space", "Tab", "Space");
    expect(await page.getByRole("checkbox", { name: "A ladder" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "A piano" }).isDisabled()).toBe(true);

    // A cloze: an inline choice (a native select) and a text entry, each named by its blank.
    await keys(page, page.getByRole("combobox", { name: "Question 3, blank 1" }), "ArrowDown", "ArrowDown");
    expect(await page.getByRole("combobox", { name: "Question 3, blank 1" }).inputValue()).toBe("WENT");
    await page.keyboard.press("Tab");
    await page.keyboard.type("borrowed");
    expect(await page.getByRole("textbox", { name: "Question 3, blank 2" }).inputValue()).toBe("borrowed");

    // Right to left: the Arabic item reads from the right, in its own language.
    const arabic = page.getByRole("radio", { name: "مكان للكتب" });
    expect(await arabic.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    expect(await arabic.evaluate((el) => el.closest("[lang]")?.getAttribute("lang"))).toBe("ar");
    await keys(page, arabic, "Space");

    // Hot text: the words are toggle buttons in the sentence.
    await keys(page, page.getByRole("button", { name: "erly" }), "Enter");
    expect(await page.getByRole("button", { name: "erly" }).getAttribute("aria-pressed")).toBe("true");

    // Extended text.
    await page.getByRole("textbox", { name: /^Question 6: Write two sentences/ }).focus();
    await page.keyboard.type("My favourite book is Matilda. I read it every summer.");

    // End attempt: after it, the question's answer is kept as it is.
    await keys(page, page.getByRole("radio", { name: "1848" }), "Space");
    await keys(page, page.getByRole("button", { name: "I do not know" }), "Enter");
    await poll(() => page.getByRole("status").filter({ hasText: "You ended your attempt at this question" }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "1895" }).isDisabled()).toBe(true);
    await accessibleAtBothWidths(page, "page 1 of the QTI test");

    await keys(page, page.getByRole("button", { name: "Next" }), "Enter");
    await poll(() => progress(page).innerText()).toContain("Page 2 of 2");

    // --- page 2 ---------------------------------------------------------------------------------
    // Gap match: select a word, then the blank (no dragging).
    await keys(page, page.getByRole("button", { name: "leaves" }), "Space");
    await keys(page, page.getByRole("button", { name: "Blank 1: empty" }), "Enter");
    await keys(page, page.getByRole("button", { name: "returns" }), "Space");
    await keys(page, page.getByRole("button", { name: "Blank 2: empty" }), "Enter");
    expect(await page.getByRole("button", { name: "Blank 1: leaves" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Blank 2: returns" }).count()).toBe(1);
    // A word used as often as it may be (match-max 1) is not offered again.
    expect(await page.getByRole("button", { name: "leaves", exact: true }).isDisabled()).toBe(true);

    // Match: a check box per pair.
    await keys(page, page.getByRole("checkbox", { name: "A doctor matches A hospital" }), "Space");
    await keys(page, page.getByRole("checkbox", { name: "A teacher matches A school" }), "Space");
    expect(await page.getByRole("checkbox", { name: "A doctor matches A school" }).isDisabled()).toBe(true);

    // Order: Move up twice; the focus stays with the moved row (at the top: its Move down).
    await keys(page, page.getByRole("button", { name: "Move up: Open the book" }), "Enter");
    await poll(() => focusedName(page)).toBe("Move up: Open the book");
    await page.keyboard.press("Enter");
    await poll(() => focusedName(page)).toBe("Move down: Open the book");
    const steps = page.getByRole("group", { name: /^Question 10:/ }).getByRole("listitem");
    expect((await steps.allInnerTexts()).map((s) => /Open the book|Read the first page|Close the book/.exec(s)?.[0])).toEqual(["Open the book", "Read the first page", "Close the book"]);

    // Associate: two selects and Make pair.
    await keys(page, page.getByRole("combobox", { name: "First" }), "ArrowDown");
    await keys(page, page.getByRole("combobox", { name: "Second" }), "ArrowDown", "ArrowDown", "ArrowDown", "Tab", "Enter");
    await keys(page, page.getByRole("combobox", { name: "First" }), "ArrowDown", "ArrowDown");
    await keys(page, page.getByRole("combobox", { name: "Second" }), "ArrowDown", "ArrowDown", "ArrowDown", "ArrowDown", "Tab", "Enter");
    expect(await page.getByRole("button", { name: "Remove pair: hot and cold" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Remove pair: big and small" }).count()).toBe(1);

    // Hotspot: the areas of the picture are toggle buttons named by their labels.
    await keys(page, page.getByRole("button", { name: "Park" }), "Space");
    expect(await page.getByRole("button", { name: "Park" }).getAttribute("aria-pressed")).toBe("true");

    // A recording under a play limit (granted by the server, as an audio item's) and a choice in one item.
    const player = page.getByRole("group", { name: "Question 13, part 1", exact: true });
    expect(await player.innerText()).toContain("Plays used: 0 of 2");
    await keys(page, player.getByRole("button", { name: "Play" }), "Enter");
    await poll(() => player.innerText()).toContain("Plays used: 1 of 2");
    await keys(page, page.getByRole("radio", { name: "Yes" }), "Space");
    await accessibleAtBothWidths(page, "page 2 of the QTI test");

    // --- what the server holds ----------------------------------------------------------------
    await poll(() => saveIndicator(page).innerText()).toContain(SAVED_TEXT);
    const held: Record<string, unknown> = {};
    for (const section of [1, 2]) {
      const res = await page.request.get(`/api/test_content/get_section/${test.assignedTestId}?section=${section}`, { headers: { accept: "application/json" } });
      expect(res.status()).toBe(200);
      for (const item of ((await res.json()) as { items: { id: string; response: string | null }[] }).items) if (item.response) held[item.id] = JSON.parse(item.response);
    }
    expect(held).toEqual(SAVED);

    // --- review and submit ----------------------------------------------------------------------
    await keys(page, page.getByRole("button", { name: "Review" }), "Enter");
    await poll(() => page.getByRole("heading", { name: "Review your answers" }).count()).toBe(1);
    const table = page.getByRole("table", { name: "Review your answers" });
    for (let q = 1; q <= 13; q++) expect(await table.getByRole("button", { name: `Question ${q}: Yes` }).count(), `question ${q} answered`).toBe(1);
    await accessibleAtBothWidths(page, "review of the QTI test");
    await keys(page, page.getByRole("button", { name: "Submit test answers" }), "Enter");
    const confirm = page.getByRole("dialog", { name: "Submit test answers?" });
    await confirm.waitFor();
    await keys(page, confirm.getByRole("button", { name: "Submit", exact: true }), "Enter");
    await poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank You");
    await context.close();

    // --- the evaluator's scoring page -------------------------------------------------------------
    const evaluator = await newContext(browser());
    const ev = await evaluator.newPage();
    await signIn(ev, "evaluator@parlance.example");
    await ev.goto("/testing/results");
    const row = ev.getByRole("row").filter({ hasText: "Quinn" }).filter({ hasText: TEST });
    await poll(() => row.count()).toBe(1);
    await row.getByRole("link").click();
    await ev.waitForURL(/\/testing\/results\/\d+\/edit$/);
    await poll(() => ev.getByRole("form", { name: "Test results" }).count()).toBe(1);
    const item = (q: number) => ev.getByRole("article", { name: `Question ${q}`, exact: true });
    const response = (q: number) => item(q).getByRole("group", { name: "Candidate's response" });
    expect(await response(1).getByRole("radio", { name: "10 am" }).isChecked()).toBe(true);
    expect(await response(2).getByRole("checkbox", { name: "A ladder" }).isChecked()).toBe(true);
    expect(await response(3).innerText()).toContain("went");
    expect(await response(3).getByRole("textbox", { name: "Question 3, blank 2" }).inputValue()).toBe("borrowed");
    expect(await response(5).locator("mark").innerText()).toContain("erly");
    expect(await response(6).getByRole("textbox").inputValue()).toBe("My favourite book is Matilda. I read it every summer.");
    expect(await response(8).innerText()).toMatch(/leaves[\s\S]*returns/);
    expect(await response(9).getByRole("checkbox", { name: "A teacher matches A school" }).isChecked()).toBe(true);
    expect(await response(10).getByRole("listitem").allInnerTexts()).toHaveLength(3);
    expect(await response(11).innerText()).toContain("hot and cold");
    expect(await response(12).getByRole("img", { name: "Selected: Park" }).count()).toBe(1);
    // Read-only: nothing on it can be changed.
    expect(await response(1).getByRole("radio", { name: "9 am" }).isDisabled()).toBe(true);
    expect(await ev.getByRole("button", { name: "Blank 1: leaves" }).count()).toBe(0);
    await accessibleAtBothWidths(ev, "the scoring page of the QTI test");
    await evaluator.close();
  });
});
