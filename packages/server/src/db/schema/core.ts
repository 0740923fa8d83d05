import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

// The tenant every area references: accounts, offices, users (sign-in: auth.ts; audit.ts; mail.ts).

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
