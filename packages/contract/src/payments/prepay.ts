import { z } from "zod";
import { defineRoute } from "../route.js";
import { recordId } from "../settings/fields.js";

/**
 * Prepay accounts (client-administration.md §2, §4, §5): they pay for tests ahead instead of
 * assigning them. The prepay terms of service are accepted once per account (Accept posts an
 * acceptance) before an order; an order becomes an invoice (/invoice/{id}) shown on the prepay
 * thank-you page, and the provider schedules the tests when the client contacts it.
 */

/** Bumped when the terms' text changes: an acceptance of an older version no longer counts. */
export const PREPAY_TERMS_VERSION = "2026-01";

/** Most tests of one kind in one order, and most kinds. */
export const MAX_PREPAY_QUANTITY = 500;
export const MAX_PREPAY_LINES = 50;

export const prepayMessages = {
  notPrepay: "Only prepay accounts order tests in advance.",
  mustAccept: "Please accept the prepay terms to continue.",
  termsNotAccepted: "The prepay terms must be accepted before continuing.",
  noTests: "Please choose at least one test.",
  badQuantity: `Each quantity must be a whole number from 1 to ${MAX_PREPAY_QUANTITY}.`,
  badTest: "Choose the tests from the account's tests.",
  tooManyLines: `Choose at most ${MAX_PREPAY_LINES} different tests in one order.`,
} as const;
export type PrepayMessage = keyof typeof prepayMessages;

export const prepayTest = z.object({
  accountTestId: z.number().int(),
  description: z.string(),
  durationMinutes: z.number().int(),
  /** The price of a prepaid test: the price with notice (the provider schedules it ahead). */
  feeCents: z.number().int(),
});
export type PrepayTest = z.infer<typeof prepayTest>;

export const prepayPage = z.object({
  /** Whether the caller's account is a prepay account. */
  prepay: z.boolean(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  termsVersion: z.string(),
  tests: z.array(prepayTest),
});
export type PrepayPage = z.infer<typeof prepayPage>;

const quantity = z
  .number({ error: prepayMessages.badQuantity })
  .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PREPAY_QUANTITY, prepayMessages.badQuantity);

export const prepayRoutes = {
  page: defineRoute({
    method: "GET",
    path: "/api/prepay/terms",
    input: z.object({}),
    output: prepayPage,
    access: "prepay",
    failure: "listLoadFailure",
    summary: "Whether the account is prepay and has accepted the prepay terms, and the tests it may order",
  }),
  acceptTerms: defineRoute({
    method: "POST",
    path: "/api/prepay/accept_tos",
    input: z.object({ accept: z.literal(true, { error: prepayMessages.mustAccept }) }),
    output: z.object({ success: z.boolean(), acceptedAt: z.string() }),
    access: "prepay",
    failure: "generic",
    summary: "Accept the prepay terms of service for the caller's account (once; audited)",
  }),
  order: defineRoute({
    method: "POST",
    path: "/api/prepay/order",
    input: z.object({
      tests: z
        .array(z.object({ accountTestId: recordId(prepayMessages.badTest), quantity }), { error: prepayMessages.noTests })
        .min(1, prepayMessages.noTests)
        .max(MAX_PREPAY_LINES, prepayMessages.tooManyLines),
      purchaseOrder: z.string().trim().max(50, "The purchase order is at most 50 characters.").optional(),
    }),
    output: z.object({ success: z.boolean(), invoiceId: z.number().int(), number: z.string() }),
    access: "prepay",
    failure: "generic",
    summary: "Order tests in advance: an invoice of the account (the prepay terms must be accepted first)",
  }),
  invoiceOf: defineRoute({
    method: "GET",
    path: "/api/prepay/orders/:id",
    params: z.object({ id: recordId("The invoice id must be a positive whole number.") }),
    input: z.object({}),
    output: z.object({ invoiceId: z.number().int(), number: z.string(), totalCents: z.number().int(), balanceCents: z.number().int() }),
    access: "prepay",
    failure: "listLoadFailure",
    summary: "The prepay thank-you page's data: the order's invoice",
  }),
} as const;
