import { paymentMessages, processorMessageKey } from "@parlance/contract";
import { HttpError } from "../http/errors.js";
import { ProcessorError } from "./processor/index.js";

/**
 * Runs a processor call for a route: the processor's refusal (a declined card, an amount too
 * large) answers with the processor's own message (402 for a card, 400 otherwise, 404 for a missing
 * object); an unreachable processor answers 503. Nothing of a card is in these messages.
 */
export async function processorCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof ProcessorError) {
      const status = e.statusCode === 402 || e.statusCode === 404 ? e.statusCode : e.statusCode >= 500 ? 503 : 400;
      if (status === 503) throw new HttpError(503, paymentMessages.processorUnavailable, "payments.errors.processorUnavailable");
      // A card's refusal carries the key of its translation (Stripe's words are the en-US text).
      throw new HttpError(status, e.message, status === 402 ? processorMessageKey({ code: e.code, message: e.message }) : undefined);
    }
    if (e instanceof HttpError) throw e;
    // A network failure or timeout of the processor.
    if (e instanceof Error && /ECONNREFUSED|ETIMEDOUT|ENOTFOUND|socket|network|timeout/i.test(`${e.name} ${e.message}`)) {
      throw new HttpError(503, paymentMessages.processorUnavailable, "payments.errors.processorUnavailable");
    }
    throw e;
  }
}
