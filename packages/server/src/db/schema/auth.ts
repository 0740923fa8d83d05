import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./core.js";

// Sign-in (server auth/): sessions, reset and activation keys, access codes, rate limits.

/** Browser sessions; the cookie holds a random id, the table its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who is really acting when impersonating. */
    impersonatorUserId: integer("impersonator_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** How the session was opened: an access code opens a candidate session of one profile only. */
    method: text("method", { enum: ["password", "sso", "access_code"] }).notNull().default("password"),
    /**
     * For an access-code session, the candidate profile whose code it was (candidates.id; no foreign
     * key, the candidates schema imports this file): the session reaches that profile's tests only.
     */
    candidateId: integer("candidate_id"),
    /**
     * For an access-code session, the assigned test whose code it was (assigned_tests.id; no foreign
     * key, as above): a code opens its one test, not the profile's others. Null on sessions opened
     * before the column, which keep the profile as before until they expire.
     */
    assignedTestId: integer("assigned_test_id"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use password reset and activation keys, stored hashed. */
export const authKeys = pgTable(
  "auth_keys",
  {
    keyHash: text("key_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["reset", "activation"] }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("auth_keys_user_idx").on(t.userId)],
);

/** Access codes sign a candidate in to one assigned test (filled by test assignment). */
export const accessCodes = pgTable(
  "access_codes",
  {
    code: text("code").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // Sign-in matches the code whatever its case typed: without this every sign-in read every code.
  (t) => [index("access_codes_code_upper_idx").on(sql`upper(${t.code})`)],
);

/** Fixed-window counters for sign-in and reset limits, shared by every server process. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
