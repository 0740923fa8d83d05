import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { candidates } from "./candidates.js";
import { testContentVersions } from "./catalogue.js";
import { createdAt } from "./columns.js";
import { accounts } from "./core.js";

// Attempts (server attempts/): a candidate's attempt at an assigned test and its result.

/**
 * A candidate's attempt at an assigned test, and its result. Issue 4 adds the answers; issue 5
 * the scoring. `resultState` null means not yet scored.
 */
export const candidateTests = pgTable(
  "candidate_tests",
  {
    id: serial("id").primaryKey(),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    state: text("state", { enum: ["in_progress", "outstanding", "partially_received", "received", "no_show"] }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    /** When the responses arrived (submitted online, or the paper/phone responses received). */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    resultState: text("result_state", { enum: ["scored", "not_completed", "could_not_score"] }),
    /** The score (an ALTA level, 1 to 12+) when scored. */
    resultValue: text("result_value"),
    /** Reason key for not_completed and could_not_score (contract: history/display-status.ts). */
    resultReason: text("result_reason"),
    scoredAt: timestamp("scored_at", { withTimezone: true }),
    /**
     * Printed on the report and certificate; anyone may verify the result with it. Given to every
     * result when it is recorded (server/results/verification-key.ts), unguessable and unique.
     */
    verificationKey: text("verification_key").unique(),
    /** Proctoring outcome when proctored: 'reserved', 'completed', 'no_show'. */
    proctorState: text("proctor_state"),
    proctorValue: text("proctor_value"),
    /** Online taking (issue 4): the content version pinned at start, so a re-import never changes a test in progress. */
    contentVersionId: integer("content_version_id").references(() => testContentVersions.id),
    /** The server's clock: start + time limit (doubled with adjustments); null when untimed. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** SHA-256 of the recorded answers in item order, shown on the Thank You screen. */
    receipt: text("receipt"),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }),
    /** As the browser reports it; the deadline is what counts. */
    secondsTaken: integer("seconds_taken"),
    /**
     * The answer journal (issue 27, docs/delivery-file.md): the hash of the last event the server
     * has acknowledged on the attempt's chain, and its seq. Set to the chain's genesis at start;
     * null for attempts started before journals.
     */
    journalHead: text("journal_head"),
    journalSeq: bigint("journal_seq", { mode: "number" }),
    /** The per-attempt secret (base64url) the browser MACs its sealed file with: only that browser and the server hold it. */
    journalSecret: text("journal_secret"),
    /** The delivery key (key epoch) whose public key the browser seals this attempt's file to. */
    deliveryKeyId: text("delivery_key_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("candidate_tests_assigned_idx").on(t.assignedTestId),
    index("candidate_tests_candidate_idx").on(t.candidateId),
    // The expiry sweep looks for open attempts whose deadline passed.
    index("candidate_tests_open_deadline_idx").on(t.deadlineAt).where(sql`${t.state} = 'in_progress'`),
    // …and attempts waiting for their phone part (a test that continues by phone: attempts/phone-part.ts).
    index("candidate_tests_phone_part_deadline_idx").on(t.deadlineAt).where(sql`${t.state} = 'partially_received'`),
  ],
);

/**
 * Every answer event of an attempt's journal the server has (issue 27): from autosave (`online`)
 * or from a sealed delivery file (`file`, with who uploaded it). An event timed after the deadline
 * + grace is kept with `held` and never applied to the answers: the evaluator sees it for review.
 */
export const candidateTestEvents = pgTable(
  "candidate_test_events",
  {
    candidateTestId: integer("candidate_test_id")
      .notNull()
      .references(() => candidateTests.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    itemId: text("item_id").notNull(),
    response: text("response").notNull(),
    /** The browser's clock when the answer changed (ms since the epoch). */
    clientMs: bigint("client_ms", { mode: "number" }).notNull(),
    prev: text("prev").notNull(),
    hash: text("hash").notNull(),
    source: text("source", { enum: ["online", "file"] }).notNull(),
    uploadedBy: integer("uploaded_by"),
    held: boolean("held").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateTestId, t.seq] })],
);

/**
 * The HPKE key pairs of delivery files, one per key epoch (attempts/delivery-keys.ts). The private
 * key is sealed with the configured DELIVERY_KEY_SECRET (AES-256-GCM); a file names its key id,
 * so a rotated-out key still opens the files issued under it.
 */
export const deliveryKeys = pgTable("delivery_keys", {
  id: text("id").primaryKey(),
  /** The serialized P-256 public key (65 bytes, uncompressed point), base64url. */
  publicKey: text("public_key").notNull(),
  /** base64url(iv ‖ AES-256-GCM ciphertext ‖ tag) of the 32-byte private key. */
  privateKeySealed: text("private_key_sealed").notNull(),
  createdAt: createdAt(),
});
