import { answersDigestOf, receiptFor, type ItemView } from "@parlance/contract";
import type { JournalRecord } from "./journal";

/**
 * The candidate's own check of the Thank You receipt (issue 27, docs/delivery-file.md §7.1): the
 * browser computes the receipt again by the same rule (contract receipt.ts) from what it holds
 * itself (its journal's head and length, its answers in the test's order) and says whether the
 * server acknowledged the same.
 */

export type ReceiptCheck = { state: "matches" } | { state: "differs"; local: string } | { state: "unchecked" };

/**
 * The answers this browser holds, as [item id, response] in the test's order (pages in order, items
 * in page order; an item without an answer left out). Null when a page is not loaded: no order.
 */
export function answersInOrder(pages: (readonly Pick<ItemView, "id">[] | undefined)[], answerOf: (itemId: string) => string | undefined): [string, string][] | null {
  if (pages.some((p) => p === undefined)) return null;
  const out: [string, string][] = [];
  for (const items of pages) {
    for (const { id } of items!) {
      const response = answerOf(id);
      if (response !== undefined) out.push([id, response]);
    }
  }
  return out;
}

/** The browser's receipt beside the server's: matches, differs (with the browser's), or could not be worked out here. */
export async function checkReceipt(receipt: string, record: JournalRecord | null, answers: [string, string][] | null): Promise<ReceiptCheck> {
  if (!record || !answers) return { state: "unchecked" };
  const local = await receiptFor({ attempt_id: record.attempt_id, answers_digest: await answersDigestOf(answers), journal_head: record.head, journal_events: record.events });
  return local === receipt ? { state: "matches" } : { state: "differs", local };
}
