import type { submitOutput, TestContent } from "@parlance/contract";
import type { z } from "zod";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import type { Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import type { Attempt } from "./attempt.js";
import { receiptDetails, receiptNow } from "./receipt.js";
import { continuesByPhone, finishOnlinePart } from "./phone-part.js";
import { receive } from "./receive.js";

/** What a submission answers (the Thank You screen's receipt). */
export type Submitted = z.input<typeof submitOutput>;

/**
 * The one way an attempt is submitted (by the candidate, the deadline job, a stale session's end,
 * an administering evaluator). Submits a locked, open attempt with the answers recorded so far: the receipt, the attempt
 * state `received`, the assigned test `taken`, and the audit line. Callers hold the row lock, so
 * the candidate's submit and the deadline job cannot both do it.
 */
export async function finalizeAttempt(
  tx: Tx,
  attempt: Attempt,
  content: TestContent,
  by: Scope | "deadline",
  now: Date,
): Promise<Submitted> {
  // The answers and the chain head as they are now: this transaction may have moved them since the row was locked.
  const r = await receiptNow(tx, attempt.id, content);
  // Issue 5: in the same transaction it becomes a scoreable test (auto-scored, routed to an evaluator).
  await receive(tx, attempt, { receivedAt: now, submittedAt: now, receipt: r.receipt }, content, now);
  await audit(
    { db: tx as Db },
    {
      actor: by === "deadline" ? null : by,
      accountId: attempt.accountId,
      action: "taking.submit",
      targetType: "candidate_test",
      targetId: attempt.id,
      details: { assignedTestId: attempt.assignedTestId, ...receiptDetails(r), answered: r.answered, items: r.items, by: by === "deadline" ? "deadline" : "candidate" },
    },
  );
  return { ...r, submitted_at: now.toISOString() };
}

/**
 * The receipt of an attempt already submitted (a repeated submit answers the same one): derived
 * from what it holds, which is what it was stored from (an upload that changes it stores it again).
 * A receipt stored before the receipt committed to the journal is answered as it was shown.
 */
export async function submittedReceipt(db: Tx, attempt: Attempt, content: TestContent): Promise<Submitted> {
  const r = await receiptNow(db, attempt.id, content);
  return { ...r, receipt: attempt.receipt ?? r.receipt, submitted_at: (attempt.submittedAt ?? attempt.receivedAt ?? new Date()).toISOString() };
}

/**
 * What submitting a locked attempt does: a test that continues by phone finishes its online part
 * (once; its phone part's time over, it is received as any other), every other test is received.
 */
export function submitAttempt(tx: Tx, attempt: Attempt, content: TestContent, by: Scope | "deadline", now: Date): Promise<Submitted> {
  if (continuesByPhone(content) && attempt.state === "in_progress") return finishOnlinePart(tx, attempt, content, by, now);
  return finalizeAttempt(tx, attempt, content, by, now);
}
