import type { AppContext } from "../../context.js";
import type { PaymentProcessor } from "./types.js";
import { StripeProcessor } from "./stripe.js";
import { TestModeProcessor } from "./test-mode.js";

/**
 * The processor's public face: the factory and the shapes (types.ts). The factory lives here, not
 * in types.ts, because both processors import types.ts (a cycle otherwise).
 */
export * from "./types.js";

const cache = new WeakMap<AppContext["config"], PaymentProcessor>();

/** The configured processor: Stripe when STRIPE_* are set, else the test-mode processor. */
export function paymentProcessor(ctx: Pick<AppContext, "config" | "db">): PaymentProcessor {
  const cfg = ctx.config.payments;
  if (cfg.processor === "stripe") {
    let p = cache.get(ctx.config);
    if (!p) cache.set(ctx.config, (p = new StripeProcessor({ secretKey: cfg.secretKey, publishableKey: cfg.publishableKey, webhookSecret: cfg.webhookSecret })));
    return p;
  }
  return new TestModeProcessor(ctx, { publishableKey: cfg.publishableKey, webhookSecret: cfg.webhookSecret });
}
