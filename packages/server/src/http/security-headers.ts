import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config } from "../config.js";

/**
 * Where Stripe.js needs to reach when the processor is Stripe (its script, the card Element's and
 * 3D Secure's frames, its API): https://docs.stripe.com/security/guide#content-security-policy.
 * The local test-mode processor's card form is our own page, so without Stripe none of it is allowed.
 */
export const STRIPE_CSP = {
  scriptSrc: ["https://js.stripe.com"],
  frameSrc: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connectSrc: ["https://api.stripe.com"],
} as const;

/** The application's security headers (DESIGN.md §5) for this configuration. */
export function securityHeaderOptions(config: Pick<Config, "production" | "payments">): HelmetOptions {
  const stripe = config.payments.processor === "stripe";
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_CSP.scriptSrc : [])],
        // Mantine sets inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_CSP.connectSrc : [])],
        // Only Stripe's frames (the card Element, 3D Secure); otherwise default-src 'self'.
        ...(stripe ? { frameSrc: ["'self'", ...STRIPE_CSP.frameSrc] } : {}),
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    referrerPolicy: { policy: "same-origin" },
    strictTransportSecurity: config.production,
  };
}

/**
 * The security headers (CSP, frame-ancestors, nosniff, referrer policy, HSTS…) are the same for
 * every response, so helmet works them out once at startup and each request only copies them.
 * (@fastify/helmet built helmet's middleware anew for every request, parsing the CSP each time:
 * a few percent of the server's CPU on the autosave path.)
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  let called = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => (called = true));
  if (!called) throw new Error("helmet did not finish synchronously");
  return headers;
}

export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeadersOf(options);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
