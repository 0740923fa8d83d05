import { z } from "zod";
import { defineRoute } from "../route.js";
import { pageNumber, recordId } from "../settings/fields.js";
import { cardPaymentStart } from "./card.js";

/**
 * Invoices (client-administration.md §2 Payment and policy pages, §3 Invoice): the invoice pay page
 * `/invoice/{id}` and its PDF `/account/invoices/{id}/download` for the account's users, and the
 * anonymous invoice payment page reached by the invoice's unguessable key. Amounts in cents.
 */

export const invoiceMessages = {
  badId: "The invoice id must be a positive whole number.",
  notFound: "That invoice was not found.",
  nothingDue: "This invoice has nothing left to pay.",
} as const;
export type InvoiceMessage = keyof typeof invoiceMessages;

/** Departments of the provider that bill (the account's services). */
export const INVOICE_DEPARTMENTS = ["testing", "training", "translation", "interpretation"] as const;
export type InvoiceDepartment = (typeof INVOICE_DEPARTMENTS)[number];

const day = z.string().describe("a calendar day, YYYY-MM-DD");

/** The spec's Invoice: accountName, balanceCents, department and number always; the rest when known. */
export const invoiceData = z.object({
  number: z.string(),
  accountName: z.string(),
  balanceCents: z.number().int(),
  department: z.enum(INVOICE_DEPARTMENTS),
  date: day.optional(),
  dueDate: day.optional(),
  paymentTerms: z.string().optional(),
  purchaseOrder: z.string().optional(),
  paidOn: day.optional(),
});
export type InvoiceData = z.infer<typeof invoiceData>;

export const invoiceLine = z.object({
  id: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** A settled payment applied to the invoice. */
export const invoicePaymentRow = z.object({ amountCents: z.number().int(), settledAt: z.string() });

/** What both invoice pages (and the invoice PDF) show: the invoice, its lines and payments; balance = total − paid. */
export const invoiceView = z.object({
  invoiceData,
  lines: z.array(invoiceLine),
  payments: z.array(invoicePaymentRow),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

export const invoicePage = invoiceView.extend({
  id: z.number().int(),
  /** The key of the anonymous payment link (/invoices/pay/{invoiceKey}), to pass to whoever pays. */
  invoiceKey: z.string(),
  officeName: z.string().nullable(),
  /** "prepay" for a prepay order's invoice: once paid, the client contacts the provider to schedule. */
  source: z.enum(["billing", "prepay"]),
});
export type InvoicePage = z.infer<typeof invoicePage>;

/** AnonymousInvoicePayment's data (evaluators-results-account.md §3): stripePublicKey, invoiceKey, invoiceData. */
export const anonymousInvoicePage = invoiceView.extend({
  invoiceKey: z.string(),
  stripePublicKey: z.string(),
});
export type AnonymousInvoicePage = z.infer<typeof anonymousInvoicePage>;

export const invoiceListItem = z.object({
  id: z.number().int(),
  number: z.string(),
  date: day,
  dueDate: day.nullable(),
  department: z.enum(INVOICE_DEPARTMENTS),
  officeName: z.string().nullable(),
  totalCents: z.number().int(),
  balanceCents: z.number().int(),
  paidOn: day.nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

/** The anonymous key: any text up to 100 characters; one that names no invoice answers 404. */
const invoiceKeyParam = z.object({ key: z.string().max(100, invoiceMessages.notFound) });
const invoiceIdParam = z.object({ id: recordId(invoiceMessages.badId) });

export const invoiceRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/invoices/list",
    input: z.object({ page: pageNumber }),
    output: z.object({ invoices: z.array(invoiceListItem), itemCount: z.number().int(), pageCount: z.number().int() }),
    access: "invoices",
    failure: "listLoadFailure",
    summary: "The invoices of the caller's account (an office user: their office's), newest first",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/invoices/:id",
    params: invoiceIdParam,
    input: z.object({}),
    output: invoicePage,
    access: "invoices",
    failure: "listLoadFailure",
    summary: "One invoice of the caller's account or office, with its lines, payments and anonymous payment key",
  }),
  download: defineRoute({
    method: "GET",
    path: "/account/invoices/:id/download",
    params: invoiceIdParam,
    input: z.object({}),
    output: z.string().describe("a PDF (application/pdf), as an attachment"),
    access: "invoices",
    failure: "generic",
    summary: "The invoice as a PDF in the reader's language",
  }),
  pay: defineRoute({
    method: "POST",
    path: "/api/invoices/:id/pay",
    params: invoiceIdParam,
    input: z.object({}),
    output: cardPaymentStart,
    access: "invoices",
    failure: "generic",
    summary: "Starts a card payment of the invoice's balance (fee source invoice); 422 when nothing is due",
  }),
  byKey: defineRoute({
    method: "GET",
    path: "/api/invoices/by_key/:key",
    params: invoiceKeyParam,
    input: z.object({}),
    output: anonymousInvoicePage,
    access: "public",
    failure: "generic",
    summary: "The anonymous invoice payment page's data, by the invoice's key (an unknown key answers 404)",
  }),
  payByKey: defineRoute({
    method: "POST",
    path: "/api/invoices/by_key/:key/pay",
    params: invoiceKeyParam,
    input: z.object({}),
    output: cardPaymentStart,
    access: "public",
    failure: "generic",
    summary: "The anonymous payer starts a card payment of the invoice's balance, by the invoice's key (an unknown key answers 404)",
  }),
} as const;

/** The anonymous invoice payment page and its confirmation (not named by the spec; docs/api.md). */
export const anonymousInvoicePath = (invoiceKey: string) => `/invoices/pay/${encodeURIComponent(invoiceKey)}`;
export const anonymousInvoiceConfirmationPath = (invoiceKey: string) => `${anonymousInvoicePath(invoiceKey)}/confirmation`;
