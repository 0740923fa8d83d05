import { IVR_PHONE_PART_MINUTES, onlinePart, type submitOutput, type TestContent } from "@parlance/contract";
import type { z } from "zod";
import type { Db } from "../db/client.js";
import type { Tx } from "../db/tx.js";
import type { Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import type { Attempt } from "./attempt.js";
import { receiptDetails, receiptNow } from "./receipt.js";
import { moveAttempt } from "./state-machine.js";

/**
 * A test that continues by phone (content `continues_by_phone`; calls/ivr/README.md): its online
 * part ends with the candidate's submit, or with its time. The attempt is then `partially_received`
 * — the online answers in, as acknowledged, with the receipt the Thank You shows — and not received:
 * the call takes the sections marked by_phone and receives the attempt when it ends with spoken
 * responses (calls/ivr/store.ts receiveAttempt). The phone part has IVR_PHONE_PART_MINUTES (the
 * attempt's new deadline): then the deadline jobs (expiry.ts) receive it with what it holds, call
 * or no call, so no attempt waits for its phone part for ever.
 */

type Submitted = z.input<typeof submitOutput>;

export const continuesByPhone = (content: TestContent): boolean => content.continues_by_phone === true;

/** The online part of a locked, open attempt is in: partially received, the phone part's clock started. */
export async function finishOnlinePart(tx: Tx, attempt: Attempt, content: TestContent, by: Scope | "deadline", now: Date): Promise<Submitted> {
  const r = await receiptNow(tx, attempt.id, onlinePart(content));
  const deadlineAt = new Date(now.getTime() + IVR_PHONE_PART_MINUTES * 60_000);
  await moveAttempt(tx, attempt, "partially_received", { receivedAt: now, submittedAt: now, receipt: r.receipt, deadlineAt });
  await audit(
    { db: tx as Db },
    {
      actor: by === "deadline" ? null : by,
      accountId: attempt.accountId,
      action: "taking.submit_online_part",
      targetType: "candidate_test",
      targetId: attempt.id,
      details: { assignedTestId: attempt.assignedTestId, ...receiptDetails(r), answered: r.answered, items: r.items, by: by === "deadline" ? "deadline" : "candidate", phonePartUntil: deadlineAt.toISOString() },
    },
  );
  return { ...r, submitted_at: now.toISOString() };
}
