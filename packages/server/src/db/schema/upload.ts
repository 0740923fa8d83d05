import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { accounts, users } from "./core.js";

/**
 * A bulk upload between its preview and its confirmation (client spec §4: upload, preview,
 * complete). The file's rows are kept as read (one object of column values a row), so confirm
 * checks them again against what the account holds then and imports the valid ones; the
 * confirmation and the assigned tests are kept for the assignments download.
 */
export const candidateUploads = pgTable(
  "candidate_uploads",
  {
    id: serial("id").primaryKey(),
    /** The opaque key the preview answers as `data` (128 random bits, hex). */
    key: text("key").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: ["upload", "changes"] }).notNull(),
    /** The upload options (spec §3 Upload import) and whether the file was a workbook. */
    options: jsonb("options").notNull(),
    /** Once confirmed: the file's row of each assigned test, in the order of assigned_test_ids (the assignments download's Row; '[]' before). */
    rows: jsonb("rows").notNull().default([]),
    status: text("status", { enum: ["previewed", "confirmed"] }).notNull().default("previewed"),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** The confirmation as answered (spec §3). */
    result: jsonb("result"),
    /** The tests the import assigned, in row order (the assignments download). */
    assignedTestIds: integer("assigned_test_ids").array(),
    /** With create_group: the key naming the upload's assignments as one group. */
    groupKey: text("group_key"),
  },
  (t) => [uniqueIndex("candidate_uploads_key_idx").on(t.key), index("candidate_uploads_account_idx").on(t.accountId, t.createdAt)],
);

/**
 * The rows of an upload, written a thousand at a time as the preview checks them (so neither the
 * file's rows nor the preview's lists are ever held whole): the row's values as read, and what the
 * preview found — the assignment it shows (null for a row with errors), its errors and warnings —
 * which the preview's pages read back. Confirm reads the values in windows of row numbers.
 */
export const candidateUploadRows = pgTable(
  "candidate_upload_rows",
  {
    uploadId: integer("upload_id")
      .notNull()
      .references(() => candidateUploads.id, { onDelete: "cascade" }),
    /** The row number as the file counts it (the header is row 1). */
    row: integer("row").notNull(),
    values: jsonb("values").notNull(),
    preview: jsonb("preview"),
    errors: jsonb("errors"),
    warnings: jsonb("warnings"),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.row] })],
);
