import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { createdAt } from "./columns.js";
import { users } from "./core.js";

/**
 * Video room access tokens (GET /api/videos/{candidate,evaluator}_access_token/{id}): one room
 * (the assigned test), one person, a few minutes, spent when the WebSocket joins. Kept in the
 * database, not signed with a process secret, so a token issued by one server process is accepted
 * by another on the same PostgreSQL. Only the SHA-256 of the token is stored.
 */
export const videoAccessTokens = pgTable(
  "video_access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "candidate" or "evaluator": the side of the room the token joins. */
    role: text("role").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when a WebSocket joined with it: a token joins once. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("video_access_tokens_expires_idx").on(t.expiresAt)],
);
