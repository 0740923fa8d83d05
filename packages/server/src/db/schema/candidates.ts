import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, updatedAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";
import { healthcareRoles, healthcareSpecialties } from "./healthcare.js";

// Candidate profiles (their batteries: tracks.ts; their assigned tests: assignment.ts; attempts: attempts.ts).

/**
 * A candidate profile: one person as one client account knows them. The same person assigned
 * tests by several employers has one user (by email) and several profiles (Choose Employer).
 */
export const candidates = pgTable(
  "candidates",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    /** The sign-in of the candidate; created when the first test is assigned or on activation. */
    userId: integer("user_id").references(() => users.id),
    firstName: text("first_name").notNull(),
    middleName: text("middle_name").notNull().default(""),
    lastName: text("last_name").notNull(),
    employeeId: text("employee_id").notNull().default(""),
    email: text("email").notNull().default(""),
    challengeQuestion: text("challenge_question").notNull().default(""),
    challengeAnswer: text("challenge_answer").notNull().default(""),
    clientNotes: text("client_notes").notNull().default(""),
    /** Test adjustment (disability): doubles time limits. */
    adjustments: boolean("adjustments").notNull().default(false),
    phoneNumber: text("phone_number").notNull().default(""),
    streetAddress: text("street_address").notNull().default(""),
    city: text("city").notNull().default(""),
    state: text("state").notNull().default(""),
    postalCode: text("postal_code").notNull().default(""),
    /** contract TIME_ZONES id; 23 is Eastern (America/New_York). */
    timeZoneId: integer("time_zone_id").notNull().default(23),
    languageId: integer("language_id").notNull().default(140),
    healthCareRoleId: integer("health_care_role_id").references(() => healthcareRoles.id),
    healthCareSpecialtyId: integer("health_care_specialty_id").references(() => healthcareSpecialties.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Deleted candidates keep their tests for billing and history; they no longer list. */
    deletedAt: deletedAt(),
  },
  (t) => [
    index("candidates_account_office_idx").on(t.accountId, t.officeId),
    index("candidates_user_idx").on(t.userId),
    // Search (candidates/search.ts): prefix matches on lower(...) COLLATE "C" within an account,
    // over the candidates that are not deleted. The trailing columns let the search answer from
    // the index alone (index-only scans), without visiting the table for every match.
    index("candidates_search_name_idx")
      .on(t.accountId, sql`(lower(${t.lastName}) COLLATE "C")`, sql`(lower(${t.firstName}) COLLATE "C")`, t.id, t.officeId, t.firstName, t.lastName)
      .where(sql`${t.deletedAt} IS NULL`),
    index("candidates_search_full_name_idx")
      .on(t.accountId, sql`(lower((${t.firstName} || ' ') || ${t.lastName}) COLLATE "C")`, t.id, t.officeId, t.firstName, t.lastName)
      .where(sql`${t.deletedAt} IS NULL`),
    index("candidates_search_email_idx")
      .on(t.accountId, sql`(lower(${t.email}) COLLATE "C")`, t.id, t.officeId, t.firstName, t.lastName, t.email)
      .where(sql`${t.deletedAt} IS NULL`),
    index("candidates_search_employee_id_idx")
      .on(t.accountId, sql`(lower(${t.employeeId}) COLLATE "C")`, t.id, t.officeId, t.firstName, t.lastName, t.employeeId)
      .where(sql`${t.deletedAt} IS NULL`),
    // Test history sorted by employee id (compared as written, not lower-cased), and the
    // candidates without a health care role (sort:health_care_role's last branch).
    index("candidates_history_employee_id_idx").on(t.accountId, t.employeeId, t.id).where(sql`${t.deletedAt} IS NULL`),
    index("candidates_history_role_idx").on(t.accountId, t.healthCareRoleId, t.id, t.officeId).where(sql`${t.deletedAt} IS NULL`),
    // Test history's created: and updated: keywords (a day's candidates, read from the index; the
    // office last, so an office user's are too).
    index("candidates_history_created_idx").on(t.accountId, t.createdAt, t.id, t.officeId).where(sql`${t.deletedAt} IS NULL`),
    index("candidates_history_updated_idx").on(t.accountId, t.updatedAt, t.id, t.officeId).where(sql`${t.deletedAt} IS NULL`),
    // Bulk upload (upload/lookups.ts): the candidates a window of rows names, by lower(trim(email)).
    index("candidates_upload_email_idx").on(t.accountId, sql`lower(trim(${t.email}))`).where(sql`${t.deletedAt} IS NULL`),
    // The few candidates with test adjustments (test history's adjustments:yes).
    index("candidates_history_adjustments_idx").on(t.accountId, t.id, t.officeId).where(sql`${t.adjustments} AND ${t.deletedAt} IS NULL`),
    // A walked test's candidate checked against the scope (account, office) from the index alone;
    // migration 0034 adds INCLUDE (account_id, office_id).
    index("candidates_history_scope_idx").on(t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);
