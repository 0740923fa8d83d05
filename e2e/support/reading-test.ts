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

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The answers' digest of docs/delivery-file.md §7.1: SHA-256 of the recorded answers ([item, response]) in item order, as JSON. */
export const answersDigest = (recorded: [string, string][]) => sha(JSON.stringify(recorded));

/** The answers' digest when every answer above is recorded. */
export const READING_ANSWERS_DIGEST = answersDigest(READING_ANSWERS.map((a) => [`q${a.q}`, a.text ?? a.id]));

// --- the receipt, worked out here from docs/delivery-file.md alone ----------------------------------

export interface JournalEntry {
  seq: number;
  item: string;
  response: string;
  t: number;
  prev?: string;
}

/** The chain of §4.1 from the attempt's genesis over these events (by seq): every prev given must be the hash before. */
export function chainOf(attemptId: number, events: JournalEntry[]): { head: string; events: number } {
  let head = sha(`parlance-journal/1\n${attemptId}`);
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    if (e.prev !== undefined) expect(e.prev, `event ${e.seq}'s prev`).toBe(head);
    head = sha(`${head}\n${e.seq}\n${e.t}\n${e.item}\n${e.response}`);
  }
  return { head, events: events.length };
}

/** The receipt of §7.1: the attempt, the answers' digest, the chain head and its length. */
export const receiptOf = (attemptId: number, answersDigest: string, chain: { head: string; events: number }) =>
  sha(`parlance-receipt/1\nattempt=${attemptId}\nanswers=${answersDigest}\nhead=${chain.head}\nevents=${chain.events}`);

const watches = new WeakMap<Page, { attemptId: number | null; events: Map<number, JournalEntry> }>();

/** Watches what the page sends of its journal (the events of every save and submit) and the attempt start_test names. */
export function watchJournal(page: Page): void {
  if (watches.has(page)) return;
  const watch = { attemptId: null as number | null, events: new Map<number, JournalEntry>() };
  watches.set(page, watch);
  page.on("request", (req) => {
    if (req.method() !== "POST" || !/\/api\/test_content\/(save_progress|submit_test)\//.test(req.url())) return;
    const body = req.postDataJSON() as { events?: JournalEntry[] } | null;
    for (const e of body?.events ?? []) watch.events.set(e.seq, e);
  });
  page.on("response", (res) => {
    if (!/\/api\/test_content\/start_test\//.test(res.url()) || !res.ok()) return;
    res
      .json()
      .then((b: { journal?: { attempt_id: number } | null }) => {
        if (b.journal) watch.attemptId = b.journal.attempt_id;
      })
      .catch(() => undefined);
  });
}

/** The attempt's id and the events the page sent (watchJournal). */
export function watchedJournal(page: Page): { attemptId: number; events: JournalEntry[] } {
  const watch = watches.get(page);
  expect(watch?.attemptId, "start_test named the attempt").toBeTypeOf("number");
  return { attemptId: watch!.attemptId!, events: [...watch!.events.values()] };
}

/** The receipt expected once every answer is recorded, from the events the page sent. */
export function expectedReceipt(page: Page): string {
  const { attemptId, events } = watchedJournal(page);
  return receiptOf(attemptId, READING_ANSWERS_DIGEST, chainOf(attemptId, events));
}

/** The journal's events the browser keeps in IndexedDB (docs/delivery-file.md §4, without prev). */
export function journalInBrowser(page: Page): Promise<JournalEntry[]> {
  return page.evaluate(
    () =>
      new Promise<JournalEntry[]>((resolve, reject) => {
        const open = indexedDB.open("parlance-answers");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction("events").objectStore("events").getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => resolve((read.result as JournalEntry[]).map(({ seq, item, response, t }) => ({ seq, item, response, t })));
        };
      }),
  );
}

export const SAVED_TEXT = "All answers saved";
export const progress = (page: Page) => page.getByRole("region", { name: "Test progress" });
export const saveIndicator = (page: Page) => page.getByTestId("save-indicator");
const question = (q: number) => new RegExp(`^Question ${q}:`);

/** Signs in with the access code, opens the test (its journal watched) and passes the capability check. */
export async function openPastCapabilityCheck(page: Page, test: { assignedTestId: number; accessCode: string }): Promise<void> {
  watchJournal(page);
  await signInWithCode(page, test.accessCode);
  await page.goto(`/testing/tests/${test.assignedTestId}`);
  await page.getByRole("button", { name: "Play sample sound" }).click();
  await page.getByRole("checkbox", { name: "I can hear the sample sound" }).check();
  await page.getByRole("checkbox", { name: "The sample text reads correctly" }).check();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Signs in with the access code and starts the test: capability check, prelude, start dialog. */
export async function startReadingTest(page: Page, test: { assignedTestId: number; accessCode: string }): Promise<void> {
  await openPastCapabilityCheck(page, test);
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

/**
 * Submits through review and the confirmation; the Thank You page shows the receipt of every answer
 * and of the whole journal the page sent (worked out here), and says the browser's own check agrees.
 */
export async function submitReadingTest(page: Page): Promise<void> {
  await goToPage(page, 2);
  await page.getByRole("button", { name: "Review" }).click();
  await expect.poll(() => page.getByRole("heading", { name: "Review your answers" }).count()).toBe(1);
  const table = page.getByRole("table", { name: "Review your answers" });
  for (const a of READING_ANSWERS) expect(await table.getByRole("button", { name: `Question ${a.q}: Yes` }).count(), `question ${a.q} answered`).toBe(1);
  await page.getByRole("button", { name: "Submit test answers" }).click();
  await page.getByRole("dialog", { name: "Submit test answers?" }).getByRole("button", { name: "Submit", exact: true }).click();
  await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText(), { timeout: 40_000 }).toBe("Thank You");
  expect((await page.getByTestId("receipt").innerText()).trim()).toBe(expectedReceipt(page));
  await expectReceiptChecked(page);
  await expectAccessible(page, "Thank You page with the receipt");
}

/** The Thank You says this browser worked out the same receipt. */
export async function expectReceiptChecked(page: Page): Promise<void> {
  const check = page.getByTestId("receipt-check");
  expect(await check.getAttribute("data-state")).toBe("matches");
  expect(await check.innerText()).toBe("Checked in this browser: it worked out the same receipt from its own record of your answers.");
}
