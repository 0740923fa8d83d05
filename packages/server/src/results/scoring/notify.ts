import { and, eq, isNull, ne, or } from "drizzle-orm";
import { testStatusOf, type Language } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import { assignedTests, candidates, candidateTests, resultRecipients, tests } from "../../db/schema.js";
import { translate } from "../../i18n/catalog.js";
import { queueMail, type OutgoingMail } from "../../mail/outbox.js";
import { localisedStatus } from "../../history/index.js";

/**
 * The result mail (a job, queued when a result or no-show is recorded): one mail to each result
 * recipient of the test's account (account level) and of its office, with the result and a link —
 * the PDF report for `full_report` recipients, the candidate's page for `score_only` ones. Client
 * staff have no language of their own on a recipient record: the mail is in en-US.
 */
export const RESULTS_NOTIFY_JOB = "results.notify";

const MAIL_LANGUAGE: Language = "en-US";

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function notifyResultRecipients(ctx: AppContext, candidateTestId: number): Promise<number> {
  const [r] = await ctx.db
    .select({
      id: candidateTests.id,
      accountId: candidateTests.accountId,
      candidateId: candidateTests.candidateId,
      attemptState: candidateTests.state,
      receivedAt: candidateTests.receivedAt,
      resultState: candidateTests.resultState,
      resultValue: candidateTests.resultValue,
      resultReason: candidateTests.resultReason,
      officeId: assignedTests.officeId,
      assignedState: assignedTests.state,
      complimentary: assignedTests.complimentary,
      feesWaived: assignedTests.feesWaived,
      scheduledAt: assignedTests.scheduledAt,
      expiresAt: assignedTests.expiresAt,
      cancellation: assignedTests.cancellation,
      cancellationResult: assignedTests.cancellationResult,
      test: tests.description,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, candidateTests.candidateId))
    .where(eq(candidateTests.id, candidateTestId));
  if (!r || (r.resultState === null && r.attemptState !== "no_show")) return 0;

  const recipients = await ctx.db
    .select({ email: resultRecipients.email, resultType: resultRecipients.resultType })
    .from(resultRecipients)
    .where(
      and(
        eq(resultRecipients.accountId, r.accountId),
        ne(resultRecipients.email, ""),
        r.officeId === null ? isNull(resultRecipients.officeId) : or(isNull(resultRecipients.officeId), eq(resultRecipients.officeId, r.officeId)),
      ),
    );
  const view = testStatusOf({ ...r, attemptState: r.attemptState });
  const { status, score } = localisedStatus(MAIL_LANGUAGE, view);
  const result = score ? `${score} (${status})` : status;
  const candidate = `${r.firstName} ${r.lastName}`.trim();
  const base = ctx.config.publicUrl;
  const seen = new Set<string>();
  let sent = 0;
  for (const rec of recipients) {
    const to = rec.email.trim().toLowerCase();
    if (seen.has(to)) continue;
    seen.add(to);
    const link = rec.resultType === "full_report" ? `${base}/testing/results/${r.id}/download` : `${base}/testing/candidates/${r.candidateId}`;
    await queueMail(ctx, resultMail(to, { candidate, test: r.test, result, link, fullReport: rec.resultType === "full_report" }));
    sent++;
  }
  return sent;
}

function resultMail(to: string, v: { candidate: string; test: string; result: string; link: string; fullReport: boolean }): OutgoingMail {
  const t = (key: string) => translate(MAIL_LANGUAGE, `scoringApi.mail.${key}`, { candidate: v.candidate, test: v.test, result: v.result });
  const action = t(v.fullReport ? "reportAction" : "historyAction");
  const text = [t("intro"), "", t("result"), "", `${action}: ${v.link}`, "", translate(MAIL_LANGUAGE, "mail.signature")].join("\n");
  const html = [
    `<p>${escapeHtml(t("intro"))}</p>`,
    `<p><strong>${escapeHtml(t("result"))}</strong></p>`,
    `<p><a href="${escapeHtml(v.link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(translate(MAIL_LANGUAGE, "mail.signature"))}</p>`,
  ].join("\n");
  return { to, subject: t("subject"), text, html, template: "results.notify" };
}

export async function registerResultsJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<{ candidateTestId: number }>(RESULTS_NOTIFY_JOB, async (data) => {
    await notifyResultRecipients(ctx, data.candidateTestId);
  });
}
