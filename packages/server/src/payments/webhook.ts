import { eq } from "drizzle-orm";
import { paymentMessages } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { paymentEvents, payments } from "../db/schema/payments.js";
import { badRequest } from "../http/errors.js";
import { paymentProcessor, WebhookSignatureError } from "./processor/index.js";
import { setTestModeEventReceiver } from "./processor/test-mode.js";
import { syncPayment } from "./service.js";
import { syncSetupIntent } from "./card-on-file.js";

type Ctx = Pick<AppContext, "config" | "db">;

/**
 * POST /api/payments/webhook: an event of the processor (Stripe's, or the test-mode processor's
 * signed the same way), verified over the raw body before anything is read from it. A payment
 * event brings its payment up to date and settles it once; a setup event its card on file. The
 * object is read back from the processor, never taken from the event body.
 */
export async function receiveWebhook(ctx: Ctx, rawBody: Buffer | string, signature: string | undefined): Promise<{ received: boolean }> {
  const processor = paymentProcessor(ctx);
  let event;
  try {
    event = processor.verifyWebhook(rawBody, signature);
  } catch (e) {
    if (e instanceof WebhookSignatureError) throw badRequest(paymentMessages.badSignature, "payments.errors.badSignature");
    throw e;
  }
  const [seen] = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
  if (seen) return { received: true };
  if (event.objectType === "payment_intent") {
    const [row] = await ctx.db.select({ id: payments.id, processor: payments.processor }).from(payments).where(eq(payments.processorIntentId, event.objectId));
    if (row && row.processor === processor.kind) await syncPayment(ctx, row.id);
  } else if (event.objectType === "setup_intent") {
    await syncSetupIntent(ctx, event.objectId);
  }
  await ctx.db.insert(paymentEvents).values({ eventId: event.id, type: event.type, objectId: event.objectId }).onConflictDoNothing();
  return { received: true };
}

// The test-mode processor delivers its events here, through the same verification.
setTestModeEventReceiver(async (ctx, body, header) => {
  try {
    await receiveWebhook(ctx, body, header);
  } catch {
    // As with Stripe, a failed delivery does not undo what the processor did; /complete settles too.
  }
});
