import { sha256Hex } from "./delivery-file.js";

/**
 * The Thank You receipt (issue 27, docs/delivery-file.md §7.1): one hash that commits to the
 * attempt, the answers it was recorded with and the whole answer journal. The server computes it
 * at submit and when an uploaded file completes an attempt; the browser computes it again from its
 * own journal and answers and says whether the two agree. The one home of the rule.
 */

export const RECEIPT_VERSION = "parlance-receipt/1";

/** What the receipt commits to: each part is shown or answered beside it, so anyone can recompute it. */
export interface ReceiptParts {
  attempt_id: number;
  /** SHA-256 (hex) of JSON.stringify([[item id, response], …]): the recorded answers in content order. */
  answers_digest: string;
  /** The journal's chain head the server acknowledged (the genesis when there is no event). */
  journal_head: string;
  /** The number of events on the chain from the genesis to that head. */
  journal_events: number;
}

/** The answers' digest: SHA-256 (hex) of the UTF-8 of JSON.stringify of [[item id, response], …] in content order. */
export const answersDigestOf = (recorded: readonly (readonly [string, string])[]) => sha256Hex(JSON.stringify(recorded));

/** The text hashed: five lines joined by "\n", no trailing newline; ids and counts in decimal, digests lowercase hex. */
export const receiptInput = (p: ReceiptParts) =>
  `${RECEIPT_VERSION}\nattempt=${p.attempt_id}\nanswers=${p.answers_digest}\nhead=${p.journal_head}\nevents=${p.journal_events}`;

/** The receipt: SHA-256 (hex) of receiptInput's UTF-8 bytes. */
export const receiptFor = (p: ReceiptParts) => sha256Hex(receiptInput(p));
