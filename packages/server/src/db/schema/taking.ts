import { bigint, customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { candidateTests } from "./attempts.js";

// What online test taking records: answers by sequence number, and plays of limited media.

/**
 * The candidate's latest response per item of an attempt. `seq` is the browser's sequence number:
 * an answer is replaced only by a newer seq, so repeated and reordered saves are harmless.
 */
export const candidateTestAnswers = pgTable(
  "candidate_test_answers",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    response: text("response").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    savedAt: timestamp("saved_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.itemId] })],
);

/** Plays of a limited audio/video item, counted on the server so a reload cannot reset them. */
export const candidateTestMediaGrants = pgTable(
  "candidate_test_media_grants",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    playsUsed: integer("plays_used").notNull().default(0),
    /** Null: unlimited (the item has no `plays`). */
    playsAllowed: integer("plays_allowed"),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.itemId] })],
);

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The bytes of every media file content refers to, by SHA-256 (content versions record path and
 * hash). In the database so any server process can serve them; the same file in two versions or
 * two tests is stored once.
 */
export const mediaFiles = pgTable("media_files", {
  sha256: text("sha256").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
