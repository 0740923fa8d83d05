import { customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { candidateTests } from "./attempts.js";
import { createdAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";

// Paper test packages (client-administration.md §2, §3, §4, §7) and paper responses coming back.

/** PostgreSQL bytea as a Node Buffer (drizzle has no built-in bytea column). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * A package of paper tests for a proctor. `group_key` is its unguessable name (256 random bits,
 * base64url): the package page, get_download_link and the link mailed to the proctor use it. The
 * PDF is made by a job (`pdf_state` pending → ready or failed) and kept here, so any server
 * process answers the download. `printed_at`: the first download (unprinted until then).
 * `office_id`: the creator's office (null for an account-level user), which bounds who sees it.
 */
export const paperPackages = pgTable(
  "paper_packages",
  {
    id: serial("id").primaryKey(),
    groupKey: text("group_key").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    pdfState: text("pdf_state", { enum: ["pending", "ready", "failed"] }).notNull().default("pending"),
    pdf: bytea("pdf"),
    pdfReadyAt: timestamp("pdf_ready_at", { withTimezone: true }),
    printedAt: timestamp("printed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("paper_packages_group_key_idx").on(t.groupKey), index("paper_packages_account_idx").on(t.accountId, t.createdAt)],
);

/** The tests of a package: a test is in one package at most. */
export const paperPackageTests = pgTable(
  "paper_package_tests",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => paperPackages.id, { onDelete: "cascade" }),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.assignedTestId] }), uniqueIndex("paper_package_tests_assigned_idx").on(t.assignedTestId)],
);

/**
 * The responses of a paper test as they came back: the scan (a PDF) or the responses typed in,
 * who recorded them and when. The attempt (candidate_tests) turns `received` in the same step.
 */
export const paperResponses = pgTable("paper_responses", {
  candidateTestId: integer("candidate_test_id")
    .primaryKey()
    .references(() => candidateTests.id, { onDelete: "cascade" }),
  scan: bytea("scan"),
  scanFilename: text("scan_filename"),
  scanBytes: integer("scan_bytes"),
  enteredText: text("entered_text"),
  receivedByUserId: integer("received_by_user_id").references(() => users.id),
  receivedAt: createdAt(),
});
