/**
 * The one payments processor interface (DESIGN.md §7; index.ts picks one): Stripe in production (stripe.ts), the
 * test-mode processor in the server by default (test-mode.ts). Both speak Stripe's shapes —
 * PaymentIntents, SetupIntents, PaymentMethods, Refunds, signed webhook events — so the services
 * above them do not know which one runs. Amounts are integer cents. No card number, CVC or expiry
 * ever passes through here: cards reach the processor from the browser (Stripe Elements, or the
 * local card form posting to the test-mode processor's own endpoints); we keep brand and last four.
 */
export type ProcessorKind = "test" | "stripe";

export type IntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "succeeded"
  | "canceled";

export interface ProcessorCard {
  brand: string;
  last4: string;
}

export interface ProcessorPaymentIntent {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: IntentStatus;
  paymentMethodId: string | null;
  /** The card's brand and last four once one was given (from the payment method). */
  card: ProcessorCard | null;
  /** The decline message of the last failed attempt (Stripe's wording), if any. */
  lastErrorMessage: string | null;
  metadata: Record<string, string>;
}

export interface ProcessorSetupIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  customerId: string | null;
  paymentMethodId: string | null;
  lastErrorMessage: string | null;
  metadata: Record<string, string>;
}

export interface ProcessorPaymentMethod {
  id: string;
  customerId: string | null;
  card: ProcessorCard | null;
}

export interface ProcessorRefund {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: "pending" | "succeeded" | "failed" | "canceled" | "requires_action";
}

/** A verified webhook event: its type and the id and kind of the object it is about. */
export interface ProcessorEvent {
  id: string;
  type: string;
  objectType: string;
  objectId: string;
}

export interface CreatePaymentIntent {
  amountCents: number;
  currency: "usd";
  description: string;
  metadata: Record<string, string>;
  customerId?: string;
  /** Confirm at once with this saved payment method (a card on file, off session). */
  paymentMethodId?: string;
  idempotencyKey?: string;
}

export interface PaymentProcessor {
  readonly kind: ProcessorKind;
  /** What the browser's card form is given (Stripe's publishable key; the test mode's own). */
  readonly publicKey: string;
  createCustomer(input: { description: string; metadata: Record<string, string> }): Promise<{ id: string }>;
  createPaymentIntent(input: CreatePaymentIntent): Promise<ProcessorPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<ProcessorPaymentIntent>;
  /** Server-side confirmation with a saved payment method (the browser confirms new cards itself). */
  confirmPaymentIntent(id: string, paymentMethodId: string): Promise<ProcessorPaymentIntent>;
  cancelPaymentIntent(id: string): Promise<ProcessorPaymentIntent>;
  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<ProcessorSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProcessorSetupIntent>;
  confirmSetupIntent(id: string, paymentMethodId: string): Promise<ProcessorSetupIntent>;
  retrievePaymentMethod(id: string): Promise<ProcessorPaymentMethod>;
  attachPaymentMethod(id: string, customerId: string): Promise<ProcessorPaymentMethod>;
  detachPaymentMethod(id: string): Promise<ProcessorPaymentMethod>;
  refund(input: { paymentIntentId: string; amountCents: number; metadata: Record<string, string>; idempotencyKey?: string }): Promise<ProcessorRefund>;
  /**
   * Checks a webhook's signature (Stripe's scheme: `t=<unix seconds>,v1=<HMAC-SHA256 of
   * "t.<raw body>">`, five minutes' tolerance) over the raw body and answers the event; throws
   * `WebhookSignatureError` when the signature is missing, wrong or stale.
   */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProcessorEvent;
}

/** A processor's refusal (a declined card, a bad request): its message is the processor's own. */
export class ProcessorError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly statusCode = 402,
  ) {
    super(message);
    this.name = "ProcessorError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
