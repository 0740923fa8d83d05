import type { AppContext } from "../context.js";
import { mailOutbox, type MailAttachment } from "../db/schema.js";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which template wrote it (for the developer mailbox and for tracing). */
  template: string;
  /** Sent with it: an appointment change's calendar file. */
  attachments?: MailAttachment[];
}

export const DELIVER_JOB = "mail.deliver";

/**
 * Every mail goes to the outbox table first, then a job sends it. A mail is never lost when SMTP
 * is down (the job retries), and without SMTP the developer mailbox shows it.
 */
export async function queueMail(ctx: Pick<AppContext, "db" | "jobs">, mail: OutgoingMail): Promise<number> {
  const [row] = await ctx.db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null, template: mail.template, attachments: mail.attachments?.length ? mail.attachments : null })
    .returning({ id: mailOutbox.id });
  await ctx.jobs.send(DELIVER_JOB, { id: row.id });
  return row.id;
}
