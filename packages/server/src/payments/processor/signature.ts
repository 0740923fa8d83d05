import Stripe from "stripe";
import { WebhookSignatureError, type ProcessorEvent } from "./types.js";

/** Stripe's tolerance for a webhook's timestamp: older (or later) than this is refused as stale. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook with the Stripe SDK's own code (Stripe's scheme: HMAC-SHA256 over
 * "<timestamp>.<raw body>", header `t=…,v1=…`). Both processors use it: Stripe's events and the
 * test-mode processor's, which are signed the same way (signWebhook).
 */
export function verifyWebhookSignature(rawBody: Buffer | string, header: string | undefined, secret: string, nowSeconds?: number): ProcessorEvent {
  if (!header) throw new WebhookSignatureError("No Stripe-Signature header.");
  let event: { id?: unknown; type?: unknown; data?: { object?: { id?: unknown; object?: unknown } } };
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowSeconds) as never;
  } catch (e) {
    throw new WebhookSignatureError(e instanceof Error ? e.message : "The webhook signature does not match.");
  }
  const object = event.data?.object;
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof object?.id !== "string" || typeof object.object !== "string") {
    throw new WebhookSignatureError("The webhook event has no object.");
  }
  return { id: event.id, type: event.type, objectType: object.object, objectId: object.id };
}

/** Signs a raw body as Stripe does (the header the test-mode processor sends with its events). */
export function signWebhook(rawBody: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret, timestamp: timestampSeconds });
}
