import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";

// Billing (client-administration.md §2 Payment and policy pages, §3 Invoice, Fee line item, Card
// charge): invoices with their lines and settled payments, the prepay terms an account accepted,
// and translation-project charges. Money in integer cents. A payment's id is `payments.id` of the
// payments area (no foreign key: that table is another area's file).

/** An invoice of an account (or of one office billed individually). */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** The printed number, e.g. "INV-2026-0001": unique. */
    number: text("number").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Set when the invoice is an office's (an office billed individually); its users reach it. */
    officeId: integer("office_id").references(() => offices.id),
    /** The provider's department that bills it: testing, training, translation or interpretation. */
    department: text("department").notNull(),
    /** Calendar days (no zone): the invoice's date, when it is due, when it was paid in full. */
    invoiceDate: date("invoice_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    paymentTerms: text("payment_terms"),
    purchaseOrder: text("purchase_order"),
    /** Kept equal to the sum of the lines minus the settled payments (service: recomputeBalance). */
    balanceCents: integer("balance_cents").notNull(),
    paidOn: date("paid_on", { mode: "string" }),
    /** The anonymous payment link's key: 128 random bits, base64url; unguessable and unique. */
    invoiceKey: text("invoice_key").notNull(),
    /** "billing" (issued by the provider) or "prepay" (a prepay order of the account). */
    source: text("source", { enum: ["billing", "prepay"] }).notNull().default("billing"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invoices_number_idx").on(t.number),
    uniqueIndex("invoices_key_idx").on(t.invoiceKey),
    index("invoices_account_idx").on(t.accountId, t.invoiceDate),
  ],
);

/** The lines of an invoice: what is billed. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitCents: integer("unit_cents").notNull(),
    /** quantity × unit price. */
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    check("invoice_lines_amount_check", sql`${t.amountCents} = ${t.quantity} * ${t.unitCents}`),
    check("invoice_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/** A settled payment applied to an invoice (written once per payment, inside its settling transaction). */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.paymentId] }), check("invoice_payments_amount_check", sql`${t.amountCents} > 0`)],
);

/** The prepay terms of service an account accepted (once; remembered per account). */
export const prepayTermsAcceptances = pgTable("prepay_terms_acceptances", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id),
  /** The version of the terms accepted (PREPAY_TERMS_VERSION of the contract). */
  termsVersion: text("terms_version").notNull(),
  acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A translation project's charge: created by the provider's staff, paid by the client by card. */
export const translationCharges = pgTable(
  "translation_charges",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The project's sale number (ChargeProject's saleNumber). */
    saleNumber: text("sale_number").notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentId: integer("payment_id"),
  },
  (t) => [index("translation_charges_account_idx").on(t.accountId, t.id), check("translation_charges_amount_check", sql`${t.amountCents} > 0`)],
);
