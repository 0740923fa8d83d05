import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, deletedAt } from "./columns.js";
import { accountTests, healthcareRoles, healthcareSpecialties, testContentVersions, tests } from "./catalogue.js";
import { accounts, offices, users } from "./core.js";
import { testGroups } from "./settings.js";

// Candidates, their batteries, the tests assigned to them and their attempts with results.

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

/** A battery: the tests of a test group assigned together to one candidate. */
export const candidateTracks = pgTable(
  "candidate_tracks",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    testGroupId: integer("test_group_id").references(() => testGroups.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    isCompleted: boolean("is_completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("candidate_tracks_candidate_idx").on(t.candidateId)],
);

export const candidateTrackTests = pgTable(
  "candidate_track_tests",
  {
    id: serial("id").primaryKey(),
    trackId: integer("track_id")
      .notNull()
      .references(() => candidateTracks.id, { onDelete: "cascade" }),
    accountTestId: integer("account_test_id")
      .notNull()
      .references(() => accountTests.id),
    position: integer("position").notNull().default(0),
    requiresScheduling: boolean("requires_scheduling").notNull().default(false),
  },
  (t) => [index("candidate_track_tests_track_idx").on(t.trackId)],
);

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
