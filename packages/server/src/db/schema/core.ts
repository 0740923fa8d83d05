import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

// Accounts, offices, users and the tables of sign-in, audit, mail and rate limits (the foundation).

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
  /**
   * Email domains of the account whose users sign in by single sign-on (at most five, lower case, each
   * belonging to one account): added to SSO_DOMAINS when a provider is configured (sso/).
   */
  ssoDomains: text("sso_domains").array().notNull().default(sql`'{}'::text[]`),
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
    /** How the session was opened: an access code opens a candidate session of one profile only. */
    method: text("method", { enum: ["password", "sso", "access_code"] }).notNull().default("password"),
    /**
     * For an access-code session, the candidate profile whose code it was (candidates.id; no foreign
     * key, the candidates schema imports this file): the session reaches that profile's tests only.
     */
    candidateId: integer("candidate_id"),
    /**
     * For an access-code session, the assigned test whose code it was (assigned_tests.id; no foreign
     * key, as above): a code opens its one test, not the profile's others. Null on sessions opened
     * before the column, which keep the profile as before until they expire.
     */
    assignedTestId: integer("assigned_test_id"),
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
export const accessCodes = pgTable(
  "access_codes",
  {
    code: text("code").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // Sign-in matches the code whatever its case typed: without this every sign-in read every code.
  (t) => [index("access_codes_code_upper_idx").on(sql`upper(${t.code})`)],
);

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

/** A file sent with a mail (a calendar update's .ics): name, MIME type, text content. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

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
    /** Files sent with the mail (a calendar update's .ics): name, MIME type, text content. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
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
