import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { accounts, offices, users } from "./core.js";

// The payments/ group's tables. Payments (client-administration.md §3 Fee line item, Card charge,
// Card payment method; §7 Payments): money in integer cents; no card number, CVC or expiry
// anywhere, brand and last four. Billing (invoices, prepay, translation charges) below.

/** One fee line item as it was paid: what the payment covered (the fee sources' ids). */
export interface PaidItem {
  id: string;
  kind: string;
  description: string;
  amountCents: number;
}

/** A card payment: one processor PaymentIntent. Settled once (settled_at) when it succeeded. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Who paid; null for an anonymous payer (the invoice payment page). */
    payerUserId: integer("payer_user_id").references(() => users.id),
    /** The fee sources paid for ("tests", "proctoring", "invoice", "translation"; several joined by ","). */
    purpose: text("purpose").notNull(),
    description: text("description").notNull(),
    items: jsonb("items").$type<PaidItem[]>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    state: text("state", { enum: ["pending", "requires_action", "succeeded", "failed", "canceled"] }).notNull().default("pending"),
    processor: text("processor", { enum: ["test", "stripe"] }).notNull(),
    processorIntentId: text("processor_intent_id").notNull(),
    processorPaymentMethodId: text("processor_payment_method_id"),
    brand: text("brand"),
    last4: text("last4"),
    /** The processor's message of the last decline. */
    failureMessage: text("failure_message"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_processor_intent_idx").on(t.processor, t.processorIntentId),
    index("payments_account_idx").on(t.accountId, t.createdAt),
    // The open payment of a debt is found by its item ids (items @> '[{"id": …}]'): one charge per debt.
    index("payments_items_idx").using("gin", t.items.op("jsonb_path_ops")),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
    check("payments_last4_check", sql`${t.last4} IS NULL OR ${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

/** A refund of (part of) a succeeded payment. */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    processorRefundId: text("processor_refund_id").notNull(),
    state: text("state", { enum: ["pending", "succeeded", "failed", "canceled", "requires_action"] }).notNull(),
    refundedByUserId: integer("refunded_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_processor_refund_idx").on(t.processorRefundId),
    index("refunds_payment_idx").on(t.paymentId),
    check("refunds_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/** A fee that will not be charged (e.g. a proctoring reservation cancelled before the cut-off). */
export const feeWaivers = pgTable(
  "fee_waivers",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The fee line item's id, e.g. "test:123", "proctoring:7". */
    itemId: text("item_id").notNull(),
    kind: text("kind").notNull(),
    description: text("description").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    waivedByUserId: integer("waived_by_user_id").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("fee_waivers_item_idx").on(t.itemId), index("fee_waivers_account_idx").on(t.accountId), check("fee_waivers_amount_check", sql`${t.amountCents} >= 0`)],
);

/** The processor's customer of an account (one a processor), which holds the card on file. */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    processor: text("processor", { enum: ["test", "stripe"] }).notNull(),
    customerId: text("customer_id").notNull(),
    /** The card on file (creditCardOnFile): its payment method, brand and last four; null when none. */
    paymentMethodId: text("payment_method_id"),
    brand: text("brand"),
    last4: text("last4"),
    /** The SetupIntent of a card being added or replaced (confirmed by the browser). */
    pendingSetupIntentId: text("pending_setup_intent_id"),
    updatedByUserId: integer("updated_by_user_id").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("payment_customers_account_idx").on(t.accountId, t.processor), uniqueIndex("payment_customers_customer_idx").on(t.processor, t.customerId)],
);

/** Processor events already handled (webhook deliveries repeat; each is acted on once). */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  objectId: text("object_id").notNull(),
  receivedAt: createdAt(),
});

// The test-mode processor's own objects (payments/processor/test-mode.ts): Stripe-shaped, kept in
// our database so that the local default works offline. Card data: brand and last four only.

export const testProcessorCustomers = pgTable("test_processor_customers", {
  id: text("id").primaryKey(),
  description: text("description").notNull(),
  createdAt: createdAt(),
});

export const testProcessorPaymentMethods = pgTable("test_processor_payment_methods", {
  id: text("id").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  /** What Stripe's test card number of this method does: succeed, decline, or ask for authentication. */
  behaviour: text("behaviour", { enum: ["succeeds", "declines", "authenticates", "insufficient_funds"] }).notNull(),
  customerId: text("customer_id"),
  createdAt: createdAt(),
});

export const testProcessorIntents = pgTable(
  "test_processor_intents",
  {
    /** pi_… (payment) or seti_… (setup). */
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["payment", "setup"] }).notNull(),
    clientSecret: text("client_secret").notNull(),
    amountCents: integer("amount_cents"),
    currency: text("currency"),
    description: text("description"),
    status: text("status").notNull(),
    customerId: text("customer_id"),
    paymentMethodId: text("payment_method_id"),
    lastErrorMessage: text("last_error_message"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    /** The Idempotency-Key it was created with: a repeat answers this intent (as Stripe does). */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("test_processor_intents_client_secret_idx").on(t.clientSecret), uniqueIndex("test_processor_intents_idempotency_idx").on(t.idempotencyKey)],
);

export const testProcessorRefunds = pgTable(
  "test_processor_refunds",
  {
    id: text("id").primaryKey(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The Idempotency-Key it was created with: a repeat answers this refund (as Stripe does). */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("test_processor_refunds_idempotency_idx").on(t.idempotencyKey)],
);

// Billing (client-administration.md §2 Payment and policy pages, §3 Invoice, Fee line item, Card
// charge): invoices with their lines and settled payments, the prepay terms an account accepted,
// and translation-project charges. Money in integer cents. A payment's id is `payments.id` of the
// payments area (no foreign key).

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
