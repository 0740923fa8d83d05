import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { candidates } from "./candidates.js";
import { accountTests, tests } from "./catalogue.js";
import { createdAt, deletedAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";
import { candidateTrackTests } from "./tracks.js";

// Assignment (server assignment/): the tests assigned to candidates.

/**
 * A test assigned to a candidate. `state` is the assigned-test state of spec §4; cancellation and
 * its result record how a scheduled test ended without being taken.
 */
export const assignedTests = pgTable(
  "assigned_tests",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    accountTestId: integer("account_test_id")
      .notNull()
      .references(() => accountTests.id),
    /** Denormalised from the account test, for search. */
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    candidateTrackTestId: integer("candidate_track_test_id").references(() => candidateTrackTests.id),
    /** Signs the candidate in to this test (also a row of access_codes). */
    accessCode: text("access_code").notNull(),
    state: text("state", { enum: ["takeable", "needs_scheduling", "needs_payment", "expired", "taken", "cancelled"] }).notNull(),
    complimentary: boolean("complimentary").notNull().default(false),
    feesWaived: boolean("fees_waived").notNull().default(false),
    feeCents: integer("fee_cents").notNull().default(0),
    notifyCandidate: boolean("notify_candidate").notNull().default(true),
    requiresLiveProctor: boolean("requires_live_proctor").notNull().default(false),
    useProctorService: boolean("use_proctor_service").notNull().default(false),
    administerNow: boolean("administer_now").notNull().default(false),
    allowCandidateToSchedule: boolean("allow_candidate_to_schedule").notNull().default(false),
    useMedicalTestRecommendations: boolean("use_medical_test_recommendations").notNull().default(false),
    /** Appointment of a live, video or proctored test. */
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    scheduledTimeZoneId: integer("scheduled_time_zone_id"),
    /** The appointment's calendar SEQUENCE (RFC 5545): raised at each move or cancel mailed as .ics. */
    appointmentSequence: integer("appointment_sequence").notNull().default(0),
    /** The evaluator booked for a scheduled live or video test (their other bookings keep them busy). */
    scheduledEvaluatorUserId: integer("scheduled_evaluator_user_id").references(() => users.id),
    /** Whether that evaluator has confirmed the booking (their Scheduled Tests list). */
    evaluatorConfirmation: text("evaluator_confirmation", { enum: ["unconfirmed", "confirmed", "declined"] }).notNull().default("unconfirmed"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    cancellation: text("cancellation", {
      enum: ["late", "candidate_early", "candidate_late", "client_early", "client_late", "provider"],
    }),
    cancellationResult: text("cancellation_result", { enum: ["approved", "no_result", "will_not_be_given"] }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    assignedByUserId: integer("assigned_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    /** Deleted by the client before it was taken (delete_test). */
    deletedAt: deletedAt(),
    /**
     * Derived for the test history search, kept by triggers (migration 0010) whatever writes the
     * sources: the test date, coalesce(scheduled_at, the attempt's started_at or received_at,
     * created_at), and whether the test has an attempt (candidate_tests row). Writers leave them be.
     */
    testDate: timestamp("test_date", { withTimezone: true }).notNull().defaultNow(),
    hasAttempt: boolean("has_attempt").notNull().default(false),
  },
  (t) => [
    uniqueIndex("assigned_tests_access_code_idx").on(t.accessCode),
    // An evaluator's bookings, read whenever live or video times are offered or booked.
    index("assigned_tests_evaluator_bookings_idx").on(t.scheduledEvaluatorUserId, t.scheduledAt).where(sql`${t.scheduledEvaluatorUserId} IS NOT NULL`),
    index("assigned_tests_candidate_idx").on(t.candidateId),
    index("assigned_tests_account_office_created_idx").on(t.accountId, t.officeId, t.createdAt),
    // The candidates search asks "has a test of this kind" per candidate: answered from the index.
    index("assigned_tests_candidate_search_idx").on(t.candidateId, t.testId, t.createdAt).where(sql`${t.deletedAt} IS NULL`),
    // Test history (history/order.ts): each order's first rows are read from an index in that
    // order instead of sorting every test of the account. Migration 0010 adds INCLUDE columns
    // (drizzle cannot spell them) so a walk checks the search without reading the table:
    // the order index INCLUDE (candidate_id, test_id, test_date, state, has_attempt, expires_at),
    // the date and test indexes INCLUDE (candidate_id).
    index("assigned_tests_history_order_idx").on(t.accountId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    // sort:-date backwards, and start_date/end_date ranges; sort:date forwards.
    index("assigned_tests_history_date_idx").on(t.accountId, t.testDate, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index("assigned_tests_history_date_asc_idx").on(t.accountId, t.testDate, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`${t.deletedAt} IS NULL`),
    // The few tests dated before their assignment, walked apart from the others under an end_date.
    index("assigned_tests_history_date_early_idx").on(t.accountId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL AND ${t.testDate} - ${t.createdAt} < interval '0 seconds'`),
    // sort:test and sort:method: each test's newest tests.
    index("assigned_tests_history_test_idx").on(t.accountId, t.testId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    // Migration 0034 (INCLUDE columns as above): a test keyword with a date range as one range
    // (INCLUDE candidate_id), and a gathered search's tests of its candidates read from the index
    // alone (INCLUDE account_id, test_id, test_date, state, has_attempt, expires_at).
    index("assigned_tests_history_test_date_idx").on(t.accountId, t.testId, t.testDate, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
    index("assigned_tests_history_candidate_idx").on(t.candidateId, t.createdAt, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);
