import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

// Mail (server mail/): the outbox every mail is written to first.

/** A file sent with a mail (a calendar update's .ics): name, MIME type, text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Every mail is written here first; a job sends it by SMTP when SMTP_URL is set. */

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    template: text("template").notNull(),
    /** Files sent with the mail (a calendar update's .ics): name, MIME type, text content. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
);
