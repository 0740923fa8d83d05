import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { accounts, users } from "./core.js";

// Phone (IVR) calls (candidate spec §3 phone call request, client spec §7 call_candidate): each
// outbound call the voice provider placed for a phone test, and what became of it. The IVR engine
// keeps the test's progress and responses in the attempt; this row is the call itself.

export const phoneCalls = pgTable(
  "phone_calls",
  {
    id: serial("id").primaryKey(),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Who asked for the call: the candidate, or the client user who called them. */
    requestedByUserId: integer("requested_by_user_id")
      .notNull()
      .references(() => users.id),
    /** E.164, as dialled. */
    toNumber: text("to_number").notNull(),
    isoCode: text("iso_code").notNull(),
    promptLanguageId: integer("prompt_language_id"),
    /** "local" (the developer phone) or "twilio". */
    provider: text("provider").notNull(),
    /** The provider's id of the call (Twilio's CallSid); null until placed, or for the local provider. */
    providerCallId: text("provider_call_id"),
    /** contract PHONE_CALL_STATUSES. */
    status: text("status").notNull().default("requested"),
    /** Why the call could not be placed (the provider's words), for the logs. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("phone_calls_provider_call_idx").on(t.provider, t.providerCallId),
    index("phone_calls_assigned_test_idx").on(t.assignedTestId),
    index("phone_calls_created_idx").on(t.createdAt),
  ],
);
