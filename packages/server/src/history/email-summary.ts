import { historyMessages, SUMMARY_MAILS_PER_HOUR } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Caller } from "../http/caller.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { consume } from "../auth/rate-limit.js";
import { queueMail } from "../mail/outbox.js";
import { clientScopeOf } from "./records.js";
import { summaryItems } from "./service.js";
import { summaryMail } from "./summary.js";

const HOUR = 3600_000;

/**
 * GET email_summary: mails the chosen tests (all in the caller's scope) to any address the caller
 * names. Each sending is counted per user and hour before anything is queued, and audited with
 * the recipient, so the route cannot be turned into a mail cannon.
 */
export async function emailSummary(
  ctx: Pick<AppContext, "db" | "jobs">,
  caller: Caller,
  input: { email_address: string; candidate_test_ids: number[] },
  ip: string,
): Promise<void> {
  const items = await summaryItems(ctx.db, clientScopeOf(caller), input.candidate_test_ids);
  const rule = { bucket: `email-summary:user:${caller.userId}`, limit: SUMMARY_MAILS_PER_HOUR, windowMs: HOUR };
  if (!(await consume(ctx.db, [rule]))) throw new HttpError(429, historyMessages.tooManySummaries, "history.messages.tooManySummaries");
  const sender = `${caller.firstName} ${caller.lastName}`.trim();
  await queueMail(ctx, summaryMail(caller.language, input.email_address, sender, items));
  await audit(ctx, {
    caller,
    action: "history.email_summary",
    targetType: "email",
    targetId: input.email_address,
    details: { to: input.email_address, assignedTestIds: input.candidate_test_ids, count: items.length },
    ip,
  });
}
