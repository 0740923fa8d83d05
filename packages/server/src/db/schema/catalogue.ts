import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { accounts } from "./core.js";

// The provider's catalogue: languages, tests and their content versions, what each account may assign, medical sets (health care roles: healthcare.ts).

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
