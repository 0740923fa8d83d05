import { createHash } from "node:crypto";
import { expect } from "vitest";
import type { Page } from "playwright-core";
import { expectAccessible } from "./browser";
import { signInWithCode } from "./candidate-test";

/**
 * The demo's English reading test as a candidate takes it in the browser: its answers, the
 * receipt the server gives when all of them are recorded, and the steps of the test page.
 */

/** The answers, by question: the choice's label (and id) or the text. */
export const READING_ANSWERS: { q: number; id: string; label?: string; text?: string; page: 1 | 2 }[] = [
  { q: 1, id: "b", label: "A library that now lends everyday objects as well as books", page: 1 },
  { q: 2, id: "a", label: "Visitors had asked to borrow things they rarely need.", page: 1 },
  { q: 3, id: "c", label: "With items given by residents and a small grant", page: 1 },
  { q: 4, id: "d", label: "Volunteers repair it at a monthly event.", page: 1 },
  { q: 5, id: "b", label: "persuaded", page: 1 },
  { q: 6, id: "c", label: "The scheme brings people back to reading.", page: 1 },
  { q: 7, id: "b", label: "Calculators and laptop chargers", page: 1 },
  { q: 8, id: "", text: "They feared that tools would distract from reading and cost money to replace.", page: 1 },
  { q: 9, id: "", text: "Yes, because most neighbours here need a drill or a ladder only once a year.", page: 1 },
  { q: 10, id: "b", label: "Board games", page: 2 },
  { q: 11, id: "b", label: "43", page: 2 },
  { q: 12, id: "", text: "Sewing machines", page: 2 },
];

/** What each item holds in the database once answered: the choice id or the text. */
export const READING_STORED = Object.fromEntries(READING_ANSWERS.map((a) => [`q${a.q}`, a.text ?? a.id]));

/** The server's receipt when every answer above is recorded (SHA-256 of the answers in item order). */
export const READING_RECEIPT = createHash("sha256")
  .update(JSON.stringify(READING_ANSWERS.map((a) => [`q${a.q}`, a.text ?? a.id])))
  .digest("hex");

export const SAVED_TEXT = "All answers saved";
export const progress = (page: Page) => page.getByRole("region", { name: "Test progress" });
export const saveIndicator = (page: Page) => page.getByTestId("save-indicator");
const question = (q: number) => new RegExp(`^Question ${q}:`);

/** Signs in with the access code and starts the test: capability check, prelude, start dialog. */
export async function startReadingTest(page: Page, test: { assignedTestId: number; accessCode: string }): Promise<void> {
  await signInWithCode(page, test.accessCode);
  await page.goto(`/testing/tests/${test.assignedTestId}`);
  await page.getByRole("button", { name: "Play sample sound" }).click();
  await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
  await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /I confirm that I am the person this test was assigned to/ }).check();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByRole("dialog", { name: "Start the test?" }).getByRole("button", { name: "Start", exact: true }).click();
  await expect.poll(() => progress(page).innerText()).toContain("Page 1 of 2");
}

export async function answerQuestion(page: Page, q: number): Promise<void> {
  const a = READING_ANSWERS.find((x) => x.q === q)!;
  if (a.text !== undefined) await page.getByRole("textbox", { name: question(q) }).fill(a.text);
  else await page.getByRole("radiogroup", { name: question(q) }).getByRole("radio", { name: a.label, exact: true }).check();
}

export async function goToPage(page: Page, n: 1 | 2): Promise<void> {
  if ((await progress(page).innerText()).includes(`Page ${n} of 2`)) return;
  await page.getByRole("button", { name: n === 2 ? "Next" : "Previous" }).click();
  await expect.poll(() => progress(page).innerText()).toContain(`Page ${n} of 2`);
}

/** Submits through review and the confirmation; the Thank You page shows the receipt of every answer. */
export async function submitReadingTest(page: Page): Promise<void> {
  await goToPage(page, 2);
  await page.getByRole("button", { name: "Review" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Review your answers" }).count()).toBe(1);
  const table = page.getByRole("table", { name: "Review your answers" });
  for (const a of READING_ANSWERS) expect(await table.getByRole("button", { name: `Question ${a.q}: Yes` }).count(), `question ${a.q} answered`).toBe(1);
  await page.getByRole("button", { name: "Submit test answers" }).click();
  await page.getByRole("dialog", { name: "Submit test answers?" }).getByRole("button", { name: "Submit", exact: true }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), { timeout: 40_000 }).toBe("Thank You");
  expect((await page.getByTestId("receipt").innerText()).trim()).toBe(READING_RECEIPT);
  await expectAccessible(page, "Thank You page with the receipt");
}
