import { eq, sql } from "drizzle-orm";
import { paymentMessages, type PaymentOutcome, type PaymentState } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { payments } from "../db/schema/payments.js";
import { HttpError, notFound } from "../http/errors.js";
import { feeSource } from "./fees.js";
import { paymentProcessor } from "./processor/index.js";
import { processorCall } from "./processor-errors.js";
import type { IntentStatus, ProcessorPaymentIntent } from "./processor/index.js";

type Ctx = Pick<AppContext, "config" | "db">;
type PaymentRow = typeof payments.$inferSelect;

export const sourceOf = (itemId: string) => itemId.slice(0, itemId.indexOf(":"));
/** The item id's prefix names its source's kind by convention: "test:1" → "tests". */
export const KIND_BY_PREFIX: Record<string, string> = { test: "tests" };

const stateOf = (status: IntentStatus): PaymentState =>
  status === "succeeded" ? "succeeded" : status === "requires_action" ? "requires_action" : status === "canceled" ? "canceled" : "pending";

export const outcomeOf = (p: PaymentRow): PaymentOutcome => ({
  paymentId: p.id,
  state: p.state,
  settled: p.settledAt !== null,
  message: p.state === "succeeded" ? null : p.failureMessage,
  brand: p.brand,
  last4: p.last4,
});

/**
 * Brings a payment row up to date with its intent, and settles it if the intent succeeded: in one
 * transaction the row is locked, marked succeeded and settled, each source's `settle` runs and the
 * audit log gets the payment. A second call (the webhook after /complete, or a retried delivery)
 * finds it settled and changes nothing.
 */
export async function syncPayment(ctx: Ctx, paymentId: number, known?: ProcessorPaymentIntent): Promise<PaymentRow> {
  const [current] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!current) throw notFound("That payment");
  if (current.settledAt) return current;
  const intent = known ?? (await processorCall(() => paymentProcessor(ctx).retrievePaymentIntent(current.processorIntentId)));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!row || row.settledAt) return row!;
    const card = intent.card ? { brand: intent.card.brand, last4: intent.card.last4 } : { brand: row.brand, last4: row.last4 };
    if (intent.status !== "succeeded") {
      const state: PaymentState = intent.lastErrorMessage && intent.status === "requires_payment_method" ? "failed" : stateOf(intent.status);
      const [updated] = await tx
        .update(payments)
        .set({ state, failureMessage: intent.lastErrorMessage, processorPaymentMethodId: intent.paymentMethodId, ...card, updatedAt: sql`now()` })
        .where(eq(payments.id, row.id))
        .returning();
      if (state === "failed" && row.state !== "failed") {
        await audit({ db: tx }, { actor: actorWithoutSession(row.payerUserId), accountId: row.accountId, action: "payments.declined", targetType: "payment", targetId: row.id, details: { amountCents: row.amountCents, message: intent.lastErrorMessage, ...card } });
      }
      return updated!;
    }
    if (intent.amountCents !== row.amountCents) throw new HttpError(409, paymentMessages.notPaid, "payments.errors.notPaid");
    const [settled] = await tx
      .update(payments)
      .set({ state: "succeeded", failureMessage: null, processorPaymentMethodId: intent.paymentMethodId, ...card, settledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(payments.id, row.id))
      .returning();
    const byKind = new Map<string, string[]>();
    for (const item of row.items) byKind.set(item.kind, [...(byKind.get(item.kind) ?? []), item.id]);
    for (const [kind, ids] of byKind) {
      const source = feeSource(kind) ?? feeSource(KIND_BY_PREFIX[sourceOf(ids[0]!)] ?? "");
      if (!source) throw new Error(`payments: no fee source "${kind}" is registered`);
      await source.settle(tx, ids, { id: row.id, amountCents: row.amountCents });
    }
    await audit({ db: tx }, {
      actor: actorWithoutSession(row.payerUserId),
      accountId: row.accountId,
      action: "payments.paid",
      targetType: "payment",
      targetId: row.id,
      details: { amountCents: row.amountCents, items: row.items.map((i) => i.id), processor: row.processor, intent: row.processorIntentId, ...card },
    });
    return settled!;
  });
}

/** POST /api/payments/complete: the payer's (or their account's, or the client secret's holder's) payment. */
export async function completePayment(ctx: Ctx, scope: Scope | null, input: { paymentId: number; clientSecret?: string }): Promise<PaymentOutcome> {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, input.paymentId));
  const missing = () => new HttpError(404, paymentMessages.paymentNotFound, "payments.errors.paymentNotFound");
  if (!row) throw missing();
  const own = scope !== null && (row.payerUserId === scope.userId || (scope.kind === "client" && scope.accountId === row.accountId));
  let intent: ProcessorPaymentIntent | undefined;
  if (!own) {
    if (!input.clientSecret) throw missing();
    intent = await processorCall(() => paymentProcessor(ctx).retrievePaymentIntent(row.processorIntentId));
    if (intent.clientSecret !== input.clientSecret) throw missing();
  }
  return outcomeOf(await syncPayment(ctx, row.id, intent));
}
