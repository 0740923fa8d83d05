import { processorMessageKey, type testProcessorRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { HttpError, notFound } from "../http/errors.js";
import { ProcessorError, paymentProcessor } from "./processor/index.js";
import { TestModeProcessor } from "./processor/test-mode.js";
import "./webhook.js";

/**
 * The test-mode processor's own Stripe-shaped endpoints (contract testProcessorRoutes): the local
 * card form posts the card here as Stripe.js posts it to Stripe. Only brand and last four are kept;
 * the body is never logged (the request log has method and URL only, and no message here carries
 * card data). With Stripe configured they do not exist (404).
 */
function testProcessor(ctx: AppContext, key: string): TestModeProcessor {
  const processor = paymentProcessor(ctx);
  if (!(processor instanceof TestModeProcessor)) throw notFound("That page");
  if (key !== processor.publicKey) throw new HttpError(401, "Invalid API Key provided.");
  return processor;
}

const paidAlready = (e: ProcessorError) => e.code === "payment_intent_unexpected_state" && e.message.endsWith("a status of succeeded.");

async function asStripe<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ProcessorError) {
      const status = e.statusCode === 404 ? 404 : e.statusCode === 402 ? 402 : 400;
      // Another payer's card already paid this intent: the form says so in the reader's language.
      if (paidAlready(e)) throw new HttpError(status, e.message, "payments.errors.alreadyPaid");
      // A card's refusal carries the key of its translation (Stripe's words are the en-US text).
      throw new HttpError(status, e.message, status === 402 ? processorMessageKey({ code: e.code, message: e.message }) : undefined);
    }
    throw e;
  }
}

const view = (kind: "payment_intents" | "setup_intents", i: { id: string; status: string; lastErrorMessage: string | null }) => ({
  id: i.id,
  object: kind === "payment_intents" ? ("payment_intent" as const) : ("setup_intent" as const),
  status: i.status,
  next_action: i.status === "requires_action" ? { type: "local_authentication" as const } : null,
  last_error_message: i.lastErrorMessage,
});

const kindOf = (k: "payment_intents" | "setup_intents") => (k === "payment_intents" ? "payment" : "setup");

export const testProcessorHandlers = (ctx: AppContext): AreaHandlers<typeof testProcessorRoutes> => ({
  createPaymentMethod: ({ input }) =>
    asStripe(async () => {
      const pm = await testProcessor(ctx, input.key).createCardPaymentMethod({
        number: input.card.number,
        expMonth: input.card.exp_month,
        expYear: input.card.exp_year,
        cvc: input.card.cvc,
      });
      return { id: pm.id, object: "payment_method" as const, card: pm.card! };
    }),
  confirm: ({ input, params }) =>
    asStripe(async () => {
      const p = testProcessor(ctx, input.key);
      if (!params.id.startsWith(params.kind === "payment_intents" ? "pi_" : "seti_")) throw notFound("That intent");
      return view(params.kind, await p.confirmWithClientSecret(kindOf(params.kind), params.id, input.client_secret, input.payment_method));
    }),
  authenticate: ({ input, params }) =>
    asStripe(async () => {
      const p = testProcessor(ctx, input.key);
      if (!params.id.startsWith(params.kind === "payment_intents" ? "pi_" : "seti_")) throw notFound("That intent");
      return view(params.kind, await p.authenticate(kindOf(params.kind), params.id, input.client_secret, input.outcome === "complete"));
    }),
});
