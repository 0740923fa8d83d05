import { processorDeclineMessages, processorMessageKey, testProcessorRoutes, type ProcessorKindName } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** An intent a card form confirms: a PaymentIntent (a payment) or a SetupIntent (a card on file). */
export interface CardIntent {
  kind: "payment" | "setup";
  intentId: string;
  clientSecret: string;
  publicKey: string;
  processor: ProcessorKindName;
}

/** The card as typed; it goes to the processor only (never to our payment routes) and is not kept here. */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

/** A refusal: the processor's message (Stripe's words) and the i18n key it is shown under, t(messageKey, {defaultValue: message}). */
export type ConfirmResult = { status: "succeeded" } | { status: "requires_action" } | { status: "failed"; message: string; messageKey?: string };

const pathKind = (kind: CardIntent["kind"]) => (kind === "payment" ? "payment_intents" : "setup_intents");

/** "MM/YY" or "MM/YYYY" → month and year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

const failedWith = (err: unknown): ConfirmResult =>
  err instanceof ApiCallError
    ? { status: "failed", message: err.message, messageKey: err.messageKey }
    : { status: "failed", message: processorDeclineMessages.generic, messageKey: processorMessageKey({}) };

/**
 * The test-mode processor's card flow, as Stripe.js does it against Stripe: the card becomes a
 * payment method at the processor's own endpoint, then the intent is confirmed with it.
 */
export async function confirmWithTestProcessor(intent: CardIntent, card: CardFields, expiry: { month: number; year: number }): Promise<ConfirmResult> {
  try {
    const pm = await call(testProcessorRoutes.createPaymentMethod, {
      key: intent.publicKey,
      type: "card",
      card: { number: card.number.replace(/\s+/g, ""), exp_month: expiry.month, exp_year: expiry.year, cvc: card.cvc.trim() },
      billing_details: { postal_code: card.postalCode.trim() || undefined },
    });
    const confirmed = await call(
      testProcessorRoutes.confirm,
      { key: intent.publicKey, client_secret: intent.clientSecret, payment_method: pm.id },
      { kind: pathKind(intent.kind), id: intent.intentId },
    );
    return resultOf(confirmed);
  } catch (err) {
    return failedWith(err);
  }
}

/** The local authentication step's answer (Stripe's 3D Secure test page: complete or fail). */
export async function authenticateWithTestProcessor(intent: CardIntent, complete: boolean): Promise<ConfirmResult> {
  try {
    const answer = await call(
      testProcessorRoutes.authenticate,
      { key: intent.publicKey, client_secret: intent.clientSecret, outcome: complete ? "complete" : "fail" },
      { kind: pathKind(intent.kind), id: intent.intentId },
    );
    return resultOf(answer);
  } catch (err) {
    return failedWith(err);
  }
}

function resultOf(intent: { status: string; last_error_message: string | null }): ConfirmResult {
  if (intent.status === "succeeded") return { status: "succeeded" };
  if (intent.status === "requires_action") return { status: "requires_action" };
  const message = intent.last_error_message ?? processorDeclineMessages.generic;
  return { status: "failed", message, messageKey: processorMessageKey({ message }) };
}
