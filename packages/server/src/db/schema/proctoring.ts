import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { assignedTests } from "./assignment.js";
import { candidates } from "./candidates.js";
import { createdAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";

// Proctoring: the exam password and the proctor's agreement of a proctored test, and proctoring
// reservations (client-administration.md §2, §7, §9): a proctor of the proctor service booked for a
// candidate's proctored tests, its cost and fee, and who accepted the proctoring terms.

/**
 * One sitting with a proctor (a ServiceProvider user) for one or more of a candidate's tests:
 * the UTC instant with the zone it was chosen in, its length, the cost quoted and paid, and how it
 * ended. A cancelled reservation frees its proctor and its tests.
 */
export const proctoringReservations = pgTable(
  "proctoring_reservations",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    officeId: integer("office_id").references(() => offices.id),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    proctorUserId: integer("proctor_user_id")
      .notNull()
      .references(() => users.id),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }).notNull(),
    /** contract TIME_ZONES id the time was chosen in. */
    timeZoneId: integer("time_zone_id").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** The cost quoted and confirmed, in cents (proctoring rates, +$5 within an hour). */
    costCents: integer("cost_cents").notNull(),
    state: text("state", { enum: ["reserved", "cancelled"] }).notNull().default("reserved"),
    /** unpaid until the fee is paid (the "proctoring" fee source); waived when cancelled before the cut-off. */
    feeStatus: text("fee_status", { enum: ["unpaid", "paid", "waived"] }).notNull().default("unpaid"),
    /** The payments row that settled the fee (payments-core's table). */
    paymentId: integer("payment_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    bookedByUserId: integer("booked_by_user_id")
      .notNull()
      .references(() => users.id),
    /** Whether the one who booked did so as the candidate (their own fee) or as the account's staff. */
    bookedAs: text("booked_as", { enum: ["staff", "candidate"] }).notNull(),
    createdAt: createdAt(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByUserId: integer("cancelled_by_user_id").references(() => users.id),
    /** early: before the cut-off (fee waived); late: after it (fee due). */
    cancellation: text("cancellation", { enum: ["early", "late"] }),
  },
  (t) => [
    // A proctor's bookings, read whenever proctoring times are offered or booked.
    index("proctoring_reservations_proctor_idx").on(t.proctorUserId, t.scheduledAt).where(sql`${t.state} = 'reserved'`),
    index("proctoring_reservations_candidate_idx").on(t.candidateId),
    // Unpaid fees of an account (the payment page).
    index("proctoring_reservations_unpaid_idx").on(t.accountId).where(sql`${t.feeStatus} = 'unpaid'`),
  ],
);

/** The tests of a reservation. released_at is set when it is cancelled; a test is held by one live reservation at most. */
export const proctoringReservationTests = pgTable(
  "proctoring_reservation_tests",
  {
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => proctoringReservations.id, { onDelete: "cascade" }),
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.assignedTestId] }),
    uniqueIndex("proctoring_reservation_tests_held_idx").on(t.assignedTestId).where(sql`${t.releasedAt} IS NULL`),
  ],
);

/** Who accepted the proctoring terms of service, and when (once a user). */
export const proctorTermsAcceptances = pgTable("proctor_terms_acceptances", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The account of the session that accepted (null for a candidate signed in by password). */
  accountId: integer("account_id").references(() => accounts.id),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The exam password of a proctor-service test (one per assigned test), stored as an argon2id
 * hash like sign-in passwords, and when a proctor entered it at the candidate's desk.
 */
export const proctorPasswords = pgTable("proctor_passwords", {
  assignedTestId: integer("assigned_test_id")
    .primaryKey()
    .references(() => assignedTests.id, { onDelete: "cascade" }),
  passwordHash: text("password_hash").notNull(),
  /** Where the password was mailed (the proctoring desk). */
  mailedTo: text("mailed_to").notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  authorizedAt: timestamp("authorized_at", { withTimezone: true }),
  authorizedByUserId: integer("authorized_by_user_id").references(() => users.id),
});

/**
 * A proctor's signed agreement. One per group (a battery, or one test alone: group_key), so a
 * proctor signs once for every test of a sitting.
 */
export const proctorAgreements = pgTable(
  "proctor_agreements",
  {
    id: serial("id").primaryKey(),
    groupKey: text("group_key").notNull(),
    candidateId: integer("candidate_id")
      .notNull()
      .references(() => candidates.id),
    /** The test the agreement was signed from. */
    assignedTestId: integer("assigned_test_id")
      .notNull()
      .references(() => assignedTests.id),
    proctorName: text("proctor_name").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().defaultNow(),
    signedByUserId: integer("signed_by_user_id").references(() => users.id),
    ip: text("ip"),
  },
  (t) => [uniqueIndex("proctor_agreements_group_idx").on(t.groupKey)],
);
