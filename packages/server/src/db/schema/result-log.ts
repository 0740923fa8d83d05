import { bigint, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The result log (server result-log/; docs/verification.md "The result log"): append-only, one
// sequencer. Nothing in the code base updates or deletes these rows; `npm run verify-log` finds
// any row that was.

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The entries, by index from 0 with no gap. `entry` is the canonical JSON (RFC 8785) whose UTF-8
 * bytes the leaf hashes; the other columns repeat some of its fields for lookups (verify-log checks
 * they agree). `at` has millisecond precision, exactly the `at` of the hashed entry.
 */
export const resultLogEntries = pgTable(
  "result_log_entries",
  {
    idx: bigint("idx", { mode: "number" }).primaryKey(),
    entry: text("entry").notNull(),
    type: text("type").notNull(),
    verificationKey: text("verification_key"),
    candidateTestId: integer("candidate_test_id"),
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index("result_log_entries_key_idx").on(t.verificationKey), index("result_log_entries_attempt_idx").on(t.candidateTestId)],
);

/**
 * Every complete subtree's hash, written as the tree grows: node (level, index) covers leaves
 * [index·2^level, (index+1)·2^level), level 0 the leaf hashes; `id` = level·2^40 + index. Any
 * root or proof is built from O(log² n) of them (contract result-log/merkle.ts).
 */
export const resultLogNodes = pgTable("result_log_nodes", {
  id: bigint("id", { mode: "number" }).primaryKey(),
  hash: bytea("hash").notNull(),
});

/**
 * Every signed checkpoint, one per tree size (one per append: the sequencer signs in the same
 * transaction). `note` is the C2SP signed note as published; the other columns repeat it.
 */
export const resultLogCheckpoints = pgTable("result_log_checkpoints", {
  treeSize: bigint("tree_size", { mode: "number" }).primaryKey(),
  rootHash: bytea("root_hash").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true, precision: 3 }).notNull(),
  /** The signing key's ID (hex), as in the note's signature line. */
  keyId: text("key_id").notNull(),
  note: text("note").notNull(),
});
