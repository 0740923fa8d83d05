import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A client organisation, with the account flags the specs use. */
export const accounts = pgTable("accounts", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** Services the account buys: testing, training, translation, interpretation. */
  services: text("services").array().notNull().default(sql`'{testing}'::text[]`),
  usesProctorService: boolean("uses_proctor_service").notNull().default(false),
  allowCandidateScheduling: boolean("allow_candidate_scheduling").notNull().default(false),
  /** 0: proctoring can be booked anytime; 1: at least one hour ahead. */
  minProctorApptDelay: smallint("min_proctor_appt_delay").notNull().default(1),
  liveProctor: boolean("live_proctor").notNull().default(false),
  medicalOption: boolean("medical_option").notNull().default(false),
  prepay: boolean("prepay").notNull().default(false),
  invoiced: boolean("invoiced").notNull().default(false),
  createdAt: createdAt(),
});

export const offices = pgTable(
  "offices",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    name: text("name").notNull(),
    isInvoiced: boolean("is_invoiced").notNull().default(false),
    /** Closed offices keep their history but take no new assignments. */
    isClosed: boolean("is_closed").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("offices_account_idx").on(t.accountId, t.id)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Null for the provider's own staff. */
    accountId: integer("account_id").references(() => accounts.id),
    /** Set for office users and office administrators (and office-bound candidates). */
    officeId: integer("office_id").references(() => offices.id),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** argon2id hash; null until the account is activated. */
    passwordHash: text("password_hash"),
    roles: integer("roles").array().notNull(),
    language: text("language").notNull().default("en-US"),
    isActive: boolean("is_active").notNull().default(true),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_account_office_idx").on(t.accountId, t.officeId),
  ],
);

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
export const accessCodes = pgTable("access_codes", {
  code: text("code").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Append-only record of security-relevant actions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: integer("actor_user_id"),
    impersonatorUserId: integer("impersonator_user_id"),
    accountId: integer("account_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [index("audit_log_account_idx").on(t.accountId, t.at), index("audit_log_target_idx").on(t.targetType, t.targetId)],
);

/** Every mail is written here first; a job sends it by SMTP when SMTP_URL is set. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    template: text("template").notNull(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [index("mail_outbox_created_idx").on(t.createdAt)],
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

// ---------------------------------------------------------------------------------------------
// Client administration (issue 3): catalogue, settings lists, candidates, assigned tests, history.
// ---------------------------------------------------------------------------------------------

const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const deletedAt = () => timestamp("deleted_at", { withTimezone: true });

/**
 * Languages tests are given in, and candidates' preferred languages (ids 140, 104, 106 are the
 * specs'). `code` is a BCP 47 tag so screens name the language in the reader's language (Intl).
 */
export const languages = pgTable("languages", {
  id: integer("id").primaryKey(),
  code: text("code").notNull(),
  name: text("name").notNull(),
});

/** The provider's test catalogue (contract: catalogue/catalogue.ts for the enums). */
export const tests = pgTable(
  "tests",
  {
    id: serial("id").primaryKey(),
    description: text("description").notNull(),
    languageId: integer("language_id")
      .notNull()
      .references(() => languages.id),
    method: text("method", { enum: ["online", "paper", "ivr", "live", "video"] }).notNull(),
    /** 30, 60 or 120: decides the price (spec §9). */
    durationMinutes: integer("duration_minutes").notNull(),
    /** Null: untimed. Doubled for candidates with adjustments. */
    timeLimitMinutes: integer("time_limit_minutes"),
    proctored: boolean("proctored").notNull().default(false),
    testType: text("test_type", { enum: ["listening_speaking", "reading", "writing", "translation", "interpretation"] }).notNull(),
    /** Medical terminology test (offered through the medical option). */
    isMedical: boolean("is_medical").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    /** The `key` of this test's content file (content/<key>.json); null: no online content. */
    contentKey: text("content_key").unique(),
    createdAt: createdAt(),
  },
  (t) => [index("tests_language_idx").on(t.languageId)],
);

/**
 * Every imported version of a test's content (packages/server/src/content/import.ts). Rows are
 * never changed: an attempt pins the version it started with, so a re-import never alters a test
 * in progress; the test's current version is its newest row (highest id).
 */
export const testContentVersions = pgTable(
  "test_content_versions",
  {
    id: serial("id").primaryKey(),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    /** SHA-256 of the checked content and its media files: an unchanged import adds no version. */
    contentHash: text("content_hash").notNull(),
    /** The content as checkTestContent returns it (defaults filled in; radio answers included). */
    content: jsonb("content").notNull(),
    /** Media files it uses: [{path: "media/<key>/…", bytes, sha256}], paths relative to content/. */
    media: jsonb("media").notNull().default(sql`'[]'::jsonb`),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("test_content_versions_test_idx").on(t.testId, t.id)],
);

/** Tests a client account may assign, with the account's fees in cents. */
export const accountTests = pgTable(
  "account_tests",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    /** Fee with more than an hour's notice. */
    feeCents: integer("fee_cents").notNull(),
    /** Fee with an hour's notice or less (the higher price). */
    shortNoticeFeeCents: integer("short_notice_fee_cents").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_tests_account_test_idx").on(t.accountId, t.testId)],
);

/** Recommended medical test sets per language: each set offers tests, one of them recommended. */
export const medicalTestSets = pgTable("medical_test_sets", {
  id: serial("id").primaryKey(),
  languageId: integer("language_id")
    .notNull()
    .references(() => languages.id),
  label: text("label").notNull(),
  position: integer("position").notNull().default(0),
});

export const medicalTestSetTests = pgTable(
  "medical_test_set_tests",
  {
    setId: integer("set_id")
      .notNull()
      .references(() => medicalTestSets.id, { onDelete: "cascade" }),
    testId: integer("test_id")
      .notNull()
      .references(() => tests.id),
    isRecommended: boolean("is_recommended").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.setId, t.testId] })],
);

export const healthcareRoles = pgTable("healthcare_roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
});

export const healthcareSpecialties = pgTable(
  "healthcare_specialties",
  {
    id: serial("id").primaryKey(),
    roleId: integer("role_id")
      .notNull()
      .references(() => healthcareRoles.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
  },
  (t) => [index("healthcare_specialties_role_idx").on(t.roleId)],
);

/** Test groups (test packages): at account level (officeId null) or office level. */
export const testGroups = pgTable(
  "test_groups",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    description: text("description").notNull(),
    /** Available to every office of the account. */
    isGlobal: boolean("is_global").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("test_groups_account_office_idx").on(t.accountId, t.officeId)],
);

export const testGroupTests = pgTable(
  "test_group_tests",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => testGroups.id, { onDelete: "cascade" }),
    accountTestId: integer("account_test_id")
      .notNull()
      .references(() => accountTests.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.accountTestId] })],
);

/** People who receive results by mail: at account level (officeId null) or office level. */
export const resultRecipients = pgTable(
  "result_recipients",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    isGlobal: boolean("is_global").notNull().default(false),
    /** What the recipient receives for each result: the score only, or the full PDF report too. */
    resultType: text("result_type", { enum: ["score_only", "full_report"] }).notNull().default("full_report"),
    createdAt: createdAt(),
  },
  (t) => [index("result_recipients_account_office_idx").on(t.accountId, t.officeId)],
);

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
  },
  (t) => [
    uniqueIndex("assigned_tests_access_code_idx").on(t.accessCode),
    index("assigned_tests_candidate_idx").on(t.candidateId),
    index("assigned_tests_account_office_created_idx").on(t.accountId, t.officeId, t.createdAt),
    // The candidates search asks "has a test of this kind" per candidate: answered from the index.
    index("assigned_tests_candidate_search_idx").on(t.candidateId, t.testId, t.createdAt).where(sql`${t.deletedAt} IS NULL`),
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
  ],
);

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
