import { eq } from "drizzle-orm";
import { answersDigestOf, genesisOf, receiptFor, RESPONSE_KINDS, type ContentItem, type ReceiptParts, type TestContent } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { candidateTestEvents, candidateTests } from "../db/schema.js";
import { itemsInOrder } from "../content/read.js";
import { answersOf } from "./attempt.js";

/** Answers as stored, by item id. */
export type AnswerMap = Map<string, { response: string; seq: number }>;

export const isResponseItem = (item: ContentItem) => RESPONSE_KINDS.includes(item.kind);

/** A receipt with what it commits to, and the counts the Thank You shows beside it. */
export type Receipt = ReceiptParts & { receipt: string; answered: number; items: number };

/** The recorded answers in content order ([item id, response]; items never answered left out), counted. */
export function recordedAnswers(content: TestContent, answers: AnswerMap): { recorded: [string, string][]; answered: number; items: number } {
  const recorded: [string, string][] = [];
  let items = 0;
  let answered = 0;
  for (const { item } of itemsInOrder(content)) {
    if (!isResponseItem(item)) continue;
    items++;
    const a = answers.get(item.id);
    if (!a) continue;
    recorded.push([item.id, a.response]);
    if (a.response.trim() !== "") answered++;
  }
  return { recorded, answered, items };
}

/**
 * The events on the chain that ends at `head`: walked back by `prev` through the events the server
 * holds, down to the attempt's genesis (a link the server does not hold ends the walk).
 */
export async function chainLength(db: Tx, attemptId: number, head: string): Promise<number> {
  const genesis = await genesisOf(attemptId);
  if (head === genesis) return 0;
  const rows = await db.select({ hash: candidateTestEvents.hash, prev: candidateTestEvents.prev }).from(candidateTestEvents).where(eq(candidateTestEvents.candidateTestId, attemptId));
  const prevOf = new Map(rows.map((r) => [r.hash, r.prev]));
  let n = 0;
  for (let at = head; at !== genesis && prevOf.has(at) && n < rows.length; n++) at = prevOf.get(at)!;
  return n;
}

/**
 * The receipt of an attempt as it stands now (docs/delivery-file.md §7.1): its recorded answers
 * (of `content`: the online part for a test that continues by phone), the chain head it holds and
 * that chain's length. An attempt without a journal commits to its genesis and no event.
 */
export async function receiptNow(db: Tx, attemptId: number, content: TestContent): Promise<Receipt> {
  const [row] = await db.select({ head: candidateTests.journalHead }).from(candidateTests).where(eq(candidateTests.id, attemptId));
  const { recorded, answered, items } = recordedAnswers(content, await answersOf(db, attemptId));
  const journal_head = row?.head ?? (await genesisOf(attemptId));
  const parts: ReceiptParts = { attempt_id: attemptId, answers_digest: await answersDigestOf(recorded), journal_head, journal_events: await chainLength(db, attemptId, journal_head) };
  return { ...parts, receipt: await receiptFor(parts), answered, items };
}

/** What an audit line records of a receipt: the receipt and every part it commits to. */
export const receiptDetails = (r: Pick<ReceiptParts, "journal_head" | "journal_events"> & { receipt: string | null; answers_digest: string | null }) => ({ receipt: r.receipt, answersDigest: r.answers_digest, journalHead: r.journal_head, journalEvents: r.journal_events });
