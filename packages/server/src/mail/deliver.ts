import { eq, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { AppContext } from "../context.js";
import { mailOutbox } from "../db/schema.js";

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    transport = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The sender: no-reply at the host of PUBLIC_URL. */
export function senderAddress(publicUrl: string): string {
  return `Parlance <no-reply@${new URL(publicUrl).hostname}>`;
}

/**
 * Job `mail.deliver {id}`: sends one outbox mail by SMTP when SMTP_URL is set. Without SMTP the
 * mail stays in the outbox (the developer mailbox shows it). A failure is recorded and rethrown
 * so that pg-boss retries with backoff.
 */
export async function deliverMail(ctx: Pick<AppContext, "db" | "config">, data: { id: number }): Promise<void> {
  const smtpUrl = ctx.config.smtpUrl;
  if (!smtpUrl) return;
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, data.id)).limit(1);
  // Already sent (a retry after a lost acknowledgement) or gone: nothing to do.
  if (!mail || mail.sentAt) return;
  await ctx.db.update(mailOutbox).set({ attempts: sql`${mailOutbox.attempts} + 1` }).where(eq(mailOutbox.id, mail.id));
  try {
    await transportFor(smtpUrl).sendMail({
      from: senderAddress(ctx.config.publicUrl),
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody ?? undefined,
      // A calendar file goes as an attachment a mail program offers to add (the method is in its type).
      attachments: (mail.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await ctx.db.update(mailOutbox).set({ lastError: message.slice(0, 1000) }).where(eq(mailOutbox.id, mail.id));
    throw err;
  }
  await ctx.db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, mail.id));
}
