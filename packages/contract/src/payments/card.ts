import { z } from "zod";
import { defineRoute } from "../route.js";
import { recordId } from "../settings/fields.js";
import { emptyInput } from "../common/success.js";

/**
 * Card payments (client-administration.md §3 Fee line item, Card charge, Card payment method; §7
 * Payments; candidate-testing.md "tests requiring purchase"): the fee line items a session may pay,
 * a card payment's start and completion, the processor's signed webhook, the card on file, refunds.
 * Amounts in integer cents (US dollars). Cards never reach these routes: the browser posts them to
 * the processor (Stripe Elements, or the test-mode processor's own endpoints: testProcessorRoutes).
 */

export const paymentMessages = {
  noItems: "Please choose at least one fee to pay.",
  badItem: "Choose the fees from the list.",
  tooManyItems: "Choose at most 50 fees in one payment.",
  mixedAccounts: "Fees of different employers are paid separately.",
  badRef: "The test reference must be a or s followed by the assigned test's id.",
  testNotFound: "That test was not found.",
  badPayment: "The payment id must be a positive whole number.",
  paymentNotFound: "That payment was not found.",
  notPaid: "The payment has not gone through.",
  alreadyPaid: "This has already been paid.",
  badSetup: "The card setup id is not valid.",
  setupNotFound: "That card setup was not found.",
  noCardOnFile: "There is no card on file.",
  badRefund: "The refund amount must be a whole number of cents, at most what is left of the payment.",
  reasonRequired: "Please give the reason for the refund.",
  notRefundable: "Only a payment that went through can be refunded.",
  badSignature: "The webhook signature is not valid.",
  processorUnavailable: "The card payment service is not available. Please try again later.",
} as const;
export type PaymentMessage = keyof typeof paymentMessages;

export const MAX_PAYMENT_ITEMS = 50;

/** The spec's Fee line item: id (e.g. "test:123", "proctoring:7"), its source, description, amount. */
export const feeLineItem = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
});
export type FeeLineItemData = z.infer<typeof feeLineItem>;

export const PROCESSOR_KINDS = ["test", "stripe"] as const;
export type ProcessorKindName = (typeof PROCESSOR_KINDS)[number];

/**
 * What a card form is given to take a payment (the spec's Card charge: amount, charge_identifier,
 * description, stripePublicKey), as startCardPayment answers it.
 */
export const cardPaymentStart = z.object({
  paymentId: z.number().int(),
  /** The processor's PaymentIntent id (the spec's charge_identifier). */
  chargeIdentifier: z.string(),
  /** The intent's client secret: the card form confirms the intent with it. */
  clientSecret: z.string(),
  /** The processor's publishable key (the spec's stripePublicKey). */
  publicKey: z.string(),
  processor: z.enum(PROCESSOR_KINDS),
  amountCents: z.number().int(),
  description: z.string(),
});
export type CardPaymentStart = z.infer<typeof cardPaymentStart>;

export const PAYMENT_STATES = ["pending", "requires_action", "succeeded", "failed", "canceled"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const paymentOutcome = z.object({
  paymentId: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** Whether the fees are paid (the payment succeeded and was settled). */
  settled: z.boolean(),
  /** The processor's message of a decline, if any. */
  message: z.string().nullable(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcome>;

/** The spec's Card payment method (the card on file), plus the card itself and the processor. */
export const cardPaymentMethod = z.object({
  /** "add" when there is no card yet, "replace" when there is one. */
  action: z.enum(["add", "replace"]),
  allowDelete: z.boolean(),
  /** Whether a card is on file. */
  isComplete: z.boolean(),
  /** The card's name as shown, e.g. "visa •••• 4242"; "" without one. */
  name: z.string(),
  stripePublicKey: z.string(),
  processor: z.enum(PROCESSOR_KINDS),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
});
export type CardPaymentMethod = z.infer<typeof cardPaymentMethod>;

export const cardSetupStart = z.object({
  setupIntentId: z.string(),
  clientSecret: z.string(),
  publicKey: z.string(),
  processor: z.enum(PROCESSOR_KINDS),
});
export type CardSetupStart = z.infer<typeof cardSetupStart>;

const itemId = z.string({ error: paymentMessages.badItem }).regex(/^[a-z_]{1,30}:[A-Za-z0-9_-]{1,60}$/, paymentMessages.badItem);

/** "a123" or "s123": the Take a Test entry's reference of an assigned test (candidate spec §2). */
export const purchaseRef = z
  .string({ error: paymentMessages.badRef })
  .regex(/^[as][1-9]\d{0,9}$/, paymentMessages.badRef)
  .refine((v) => Number(v.slice(1)) <= 2_147_483_647, paymentMessages.badRef);

export const paymentRoutes = {
  fees: defineRoute({
    method: "GET",
    path: "/api/payments/fees",
    input: z.object({ ref: purchaseRef.optional() }),
    output: z.object({ items: z.array(feeLineItem), selected: z.array(z.string()), accountName: z.string().nullable() }),
    access: "signedIn",
    failure: "listLoadFailure",
    summary:
      "The unpaid fee line items the session may pay (every fee source); with ref (a{id}/s{id}) that test's item is selected and only fees of its employer listed (404 if it needs no payment)",
  }),
  start: defineRoute({
    method: "POST",
    path: "/api/payments/start",
    input: z.object({
      itemIds: z
        .array(itemId, { error: paymentMessages.noItems })
        .min(1, paymentMessages.noItems)
        .max(MAX_PAYMENT_ITEMS, paymentMessages.tooManyItems),
    }),
    output: cardPaymentStart,
    access: "signedIn",
    failure: "generic",
    summary: "Starts a card payment of the chosen fee line items (each must be listed for the session, one employer): a processor PaymentIntent and a payments row",
  }),
  complete: defineRoute({
    method: "POST",
    path: "/api/payments/complete",
    input: z.object({
      paymentId: recordId(paymentMessages.badPayment),
      /** An anonymous payer (invoice payment page) proves the payment is theirs with the intent's client secret. */
      clientSecret: z.string().max(200).optional(),
    }),
    output: paymentOutcome,
    access: "public",
    failure: "generic",
    summary: "Asks the processor how the payment went and settles it once if it succeeded (the fees become paid); the webhook does the same",
  }),
  webhook: defineRoute({
    method: "POST",
    path: "/api/payments/webhook",
    input: z.object({}),
    output: z.object({ received: z.boolean() }),
    access: "public",
    failure: "generic",
    summary: "The processor's events (Stripe's, or the test-mode processor's), verified by their Stripe-Signature over the raw body; 400 when the signature is wrong or stale",
  }),
  paymentMethod: defineRoute({
    method: "GET",
    path: "/api/payments/payment_method",
    input: z.object({}),
    output: cardPaymentMethod,
    access: "creditCardOnFile",
    failure: "listLoadFailure",
    summary: "The account's card on file (brand and last four) or none",
  }),
  setupPaymentMethod: defineRoute({
    method: "POST",
    path: "/api/payments/payment_method/setup",
    input: emptyInput,
    output: cardSetupStart,
    access: "creditCardOnFile",
    failure: "generic",
    summary: "Starts adding or replacing the card on file: a processor SetupIntent the card form confirms",
  }),
  completePaymentMethod: defineRoute({
    method: "POST",
    path: "/api/payments/payment_method/complete",
    input: z.object({ setupIntentId: z.string({ error: paymentMessages.badSetup }).regex(/^seti_[A-Za-z0-9_-]{1,100}$/, paymentMessages.badSetup) }),
    output: cardPaymentMethod,
    access: "creditCardOnFile",
    failure: "generic",
    summary: "Keeps the confirmed SetupIntent's card as the card on file (replacing and detaching the old one)",
  }),
  deletePaymentMethod: defineRoute({
    method: "POST",
    path: "/account/delete_payment_method",
    input: emptyInput,
    output: cardPaymentMethod,
    access: "creditCardOnFile",
    failure: "generic",
    summary: "Deletes the card on file (detached at the processor); 404 when there is none",
  }),
  refund: defineRoute({
    method: "POST",
    path: "/api/payments/refund",
    input: z.object({
      paymentId: recordId(paymentMessages.badPayment),
      amountCents: z.number({ error: paymentMessages.badRefund }).int(paymentMessages.badRefund).min(1, paymentMessages.badRefund).max(100_000_000, paymentMessages.badRefund),
      reason: z.string({ error: paymentMessages.reasonRequired }).trim().min(1, paymentMessages.reasonRequired).max(200, "At most 200 characters."),
    }),
    output: z.object({ refundId: z.number().int(), paymentId: z.number().int(), amountCents: z.number().int(), refundedCents: z.number().int() }),
    access: "refunds",
    failure: "generic",
    summary: "Refunds (part of) a succeeded payment through the processor (provider staff)",
  }),
} as const;

/**
 * The test-mode processor's own Stripe-shaped endpoints (the local default): the local card form
 * posts the card here as Stripe.js posts it to Stripe, never to our payment routes. Only brand and
 * last four are kept, and nothing of the body is logged. They answer 404 when Stripe is configured.
 */
const key = z.string({ error: "Invalid API Key provided." }).max(200, "Invalid API Key provided.");
const clientSecret = z.string({ error: "The client_secret provided is not valid." }).min(1, "The client_secret provided is not valid.").max(200, "The client_secret provided is not valid.");
const intentParams = z.object({
  kind: z.enum(["payment_intents", "setup_intents"], { error: "Unrecognized request URL." }),
  id: z.string().regex(/^(pi|seti)_test_[A-Za-z0-9_-]{1,40}$/, "No such intent."),
});

export const testIntent = z.object({
  id: z.string(),
  object: z.enum(["payment_intent", "setup_intent"]),
  status: z.string(),
  next_action: z.object({ type: z.literal("local_authentication") }).nullable(),
  last_error_message: z.string().nullable(),
});

export const testProcessorRoutes = {
  createPaymentMethod: defineRoute({
    method: "POST",
    path: "/test-processor/v1/payment_methods",
    input: z.object({
      key,
      type: z.literal("card", { error: "Only card payment methods." }),
      card: z.object(
        {
          number: z.string({ error: "Your card number is incomplete." }).max(30, "Your card number is invalid."),
          exp_month: z.number({ error: "Your card's expiration date is incomplete." }).int("Your card's expiration month is invalid."),
          exp_year: z.number({ error: "Your card's expiration date is incomplete." }).int("Your card's expiration year is invalid."),
          cvc: z.string({ error: "Your card's security code is incomplete." }).max(8, "Your card's security code is invalid."),
        },
        { error: "Your card number is incomplete." },
      ),
      billing_details: z.object({ postal_code: z.string().max(20).optional() }).optional(),
    }),
    output: z.object({ id: z.string(), object: z.literal("payment_method"), card: z.object({ brand: z.string(), last4: z.string() }) }),
    access: "public",
    failure: "generic",
    summary: "Test-mode processor (Stripe-shaped): a card becomes a payment method; only brand and last four are kept",
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/test-processor/v1/:kind/:id/confirm",
    params: intentParams,
    input: z.object({ key, client_secret: clientSecret, payment_method: z.string().regex(/^pm_test_[A-Za-z0-9_-]{1,40}$/, "No such PaymentMethod.") }),
    output: testIntent,
    access: "public",
    failure: "generic",
    summary: "Test-mode processor (Stripe-shaped): confirms a PaymentIntent or SetupIntent with a payment method; 402 with Stripe's message on a decline",
  }),
  authenticate: defineRoute({
    method: "POST",
    path: "/test-processor/v1/:kind/:id/authenticate",
    params: intentParams,
    input: z.object({ key, client_secret: clientSecret, outcome: z.enum(["complete", "fail"], { error: "Choose complete or fail." }) }),
    output: testIntent,
    access: "public",
    failure: "generic",
    summary: "Test-mode processor: the local authentication step (Stripe's 3D Secure test page) completed or failed",
  }),
} as const;
