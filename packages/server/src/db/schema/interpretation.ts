import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { accounts, users } from "./core.js";
import { mailOutbox } from "./mail.js";

/**
 * Interpretation requests (evaluators-results-account.md §3, §7): what the form sent, as checked
 * (fields a form type does not ask for dropped), kept with who sent it and the mail to the
 * interpretation desk. `key` is the form's own key: a second send of it is the same request.
 */
export const interpretationRequests = pgTable(
  "interpretation_requests",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    formType: text("form_type", { enum: ["F2F", "OPI", "VRI", "RSI"] }).notNull(),
    /** Every field of the request as the contract's payload names it. */
    request: jsonb("request").notNull(),
    mailId: integer("mail_id").references(() => mailOutbox.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("interpretation_requests_user_key_idx").on(t.userId, t.key), index("interpretation_requests_account_idx").on(t.accountId, t.createdAt)],
);
