import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./core.js";
import { mailOutbox } from "./mail.js";

/** Contact messages (evaluators-results-account.md §7 send_request): who wrote, to which recipient, and the mail that carried it. */
export const contactRequests = pgTable(
  "contact_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose").notNull(),
    message: text("message").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id),
    createdAt: createdAt(),
  },
  (t) => [index("contact_requests_user_idx").on(t.userId, t.createdAt)],
);
