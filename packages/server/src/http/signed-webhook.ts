import type { FastifyRequest } from "fastify";

/**
 * A provider's webhook that proves itself with a signature over the request (Twilio's
 * X-Twilio-Signature). Such a route is called server to server, form-encoded and without Origin,
 * so the same-origin check does not apply to it (request-context.ts); its handler must verify the
 * signature before reading anything. Mark the handler with `signedWebhook`.
 */
const SIGNED_WEBHOOK = Symbol("signedWebhook");

export function signedWebhook<F extends object>(handler: F): F {
  Object.defineProperty(handler, SIGNED_WEBHOOK, { value: true });
  return handler;
}

export const isSignedWebhookHandler = (handler: object): boolean => (handler as Record<symbol, unknown>)[SIGNED_WEBHOOK] === true;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route verifies a provider's signature itself: no same-origin check. */
    signedWebhook?: boolean;
  }
}

export const isSignedWebhook = (req: FastifyRequest): boolean => req.routeOptions.config?.signedWebhook === true;
