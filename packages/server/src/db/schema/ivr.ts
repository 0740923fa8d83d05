import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { candidateTests } from "./attempts.js";
import { users } from "./core.js";
import { mediaFiles } from "./taking.js";

// The IVR engine (server calls/ivr/): calls of phone and web-call tests, their spoken responses,
// and the web-IVR tokens. Everything a call needs is here, so a restart mid-call resumes it.

/**
 * One call of an IVR test: which step of the test's prompts it is at, and how it ended. The
 * channel is the browser web call or the phone; `provider_call_id` is the phone provider's id of
 * the call (Twilio's CallSid). At most one call of an attempt is open (calling or accepted).
 */
export const ivrCalls = pgTable(
  "ivr_calls",
  {
    id: serial("id").primaryKey(),
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: ["web", "phone"] }).notNull(),
    providerCallId: text("provider_call_id"),
    /** Spec §4 call states by name: calling (1), accepted (2), cancelled (3), disconnected (4). */
    state: text("state", { enum: ["calling", "accepted", "cancelled", "disconnected"] }).notNull(),
    /** The step to play now (0-based); equals the number of steps once every prompt is done. */
    stepIndex: integer("step_index").notNull().default(0),
    /** Request Repeat used on the current step. */
    repeats: integer("repeats").notNull().default(0),
    /** Silences (no response) on the current step. */
    silences: integer("silences").notNull().default(0),
    /** Why the current step plays again: 'repeat' or 'silence'; null the first time. */
    again: text("again", { enum: ["repeat", "silence"] }),
    endReason: text("end_reason", { enum: ["completed", "ended", "hangup", "cancelled", "replaced", "abandoned"] }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The last thing that happened on the call: a call idle for long is concluded by the sweep. */
    lastEventAt: timestamp("last_event_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ivr_calls_attempt_idx").on(t.candidateTestId),
    uniqueIndex("ivr_calls_open_idx").on(t.candidateTestId).where(sql`${t.state} in ('calling', 'accepted')`),
    uniqueIndex("ivr_calls_provider_idx").on(t.channel, t.providerCallId).where(sql`${t.providerCallId} is not null`),
  ],
);

/**
 * The candidate's spoken response to an item, as audio in media_files (by SHA-256). `seq` follows
 * the acknowledgement rule of typed answers: a response is replaced only by a newer one.
 */
export const ivrResponses = pgTable(
  "ivr_responses",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    sha256: text("sha256")
      .notNull()
      .references(() => mediaFiles.sha256),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    durationMs: integer("duration_ms"),
    seq: bigint("seq", { mode: "number" }).notNull(),
    callId: integer("call_id").references(() => ivrCalls.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.itemId] })],
);

/**
 * A web-IVR access token (GET /api/webivr/candidate_access_token/{id}): its SHA-256 only, bound to
 * one assigned test and one user, short-lived.
 */
export const webIvrTokens = pgTable(
  "webivr_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webivr_tokens_expires_idx").on(t.expiresAt)],
);
