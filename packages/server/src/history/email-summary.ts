import { historyMessages, SUMMARY_MAILS_PER_HOUR, type historyRoutes } from "@parlance/contract";
import type { InputOf } from "../http/implement-area.js";
import type { AppContext } from "../context.js";
import { clientScope, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { consume } from "../auth/rate-limit.js";
import { queueMail } from "../mail/outbox.js";
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
  scope: Scope,
  input: InputOf<typeof historyRoutes.emailSummary>,
): Promise<void> {
  const items = await summaryItems(ctx.db, clientScope(scope), input.candidate_test_ids);
  const rule = { bucket: `email-summary:user:${scope.userId}`, limit: SUMMARY_MAILS_PER_HOUR, windowMs: HOUR };
  if (!(await consume(ctx.db, [rule]))) throw new HttpError(429, historyMessages.tooManySummaries, "history.messages.tooManySummaries");
  // The sender is named in the mail, which is written in their language.
  const { firstName, lastName, language } = scope.user;
  await queueMail(ctx, summaryMail(language, input.email_address, `${firstName} ${lastName}`.trim(), items));
  await audit(ctx, {
    actor: scope,
    action: "history.email_summary",
    targetType: "email",
    targetId: input.email_address,
    details: { to: input.email_address, assignedTestIds: input.candidate_test_ids, count: items.length },
  });
}
