import { eq, sql } from "drizzle-orm";
import { paymentMessages } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { feeWaivers, payments, refunds } from "../db/schema/payments.js";
import type { Tx } from "../db/tx.js";
import { badRequest, HttpError } from "../http/errors.js";
import { paymentProcessor } from "./processor/index.js";
import { processorCall } from "./processor-errors.js";

type Ctx = Pick<AppContext, "config" | "db">;

/** Cents of a payment already refunded (refunds that did not fail). */
async function refundedCents(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.state} not in ('failed', 'canceled')), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return row?.cents ?? 0;
}

/**
 * POST /api/payments/refund (provider staff, permission refunds): refunds part or all of a settled
 * payment. The payment row is locked while what was refunded is read, checked and the refund made,
 * so refunds at once cannot pass the payment together; the processor (which refuses more than is
 * left of the charge) is asked on the transaction's handle with an Idempotency-Key of the payment,
 * the amount refunded before and this amount, so a retried request never refunds twice.
 */
export async function refundPayment(ctx: Ctx, scope: Scope, input: { paymentId: number; amountCents: number; reason: string }) {
  const processor0 = paymentProcessor(ctx);
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment) throw new HttpError(404, paymentMessages.paymentNotFound, "payments.errors.paymentNotFound");
    if (payment.state !== "succeeded" || !payment.settledAt) throw new HttpError(409, paymentMessages.notRefundable, "payments.errors.notRefundable");
    const already = await refundedCents(tx, payment.id);
    if (input.amountCents > payment.amountCents - already) throw badRequest(paymentMessages.badRefund, "payments.errors.badRefund");
    if (processor0.kind !== payment.processor) throw new HttpError(409, paymentMessages.processorUnavailable, "payments.errors.processorUnavailable");
    const processor = paymentProcessor({ config: ctx.config, db: tx });
    const refund = await processorCall(() =>
      processor.refund({
        paymentIntentId: payment.processorIntentId,
        amountCents: input.amountCents,
        metadata: { paymentId: String(payment.id) },
        idempotencyKey: `refund-${payment.id}-${already}-${input.amountCents}`,
      }),
    );
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        accountId: payment.accountId,
        amountCents: input.amountCents,
        reason: input.reason,
        processorRefundId: refund.id,
        state: refund.status,
        refundedByUserId: scope.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new HttpError(409, paymentMessages.notRefundable, "payments.errors.notRefundable");
    await audit({ db: tx }, {
      actor: scope,
      accountId: payment.accountId,
      action: "payments.refund",
      targetType: "payment",
      targetId: payment.id,
      details: { refundId: row.id, amountCents: input.amountCents, reason: input.reason, processorRefundId: refund.id },
    });
    return { refundId: row.id, paymentId: payment.id, amountCents: input.amountCents, refundedCents: already + input.amountCents };
  });
}

/**
 * Records a fee that will not be charged (for the fee sources: e.g. a proctoring reservation
 * cancelled before the cut-off), once per item, with its audit line, inside the caller's transaction.
 */
export async function recordFeeWaiver(
  tx: Tx,
  scope: Scope | null,
  input: { accountId: number; itemId: string; kind: string; description: string; amountCents: number; reason: string },
): Promise<boolean> {
  const [row] = await tx
    .insert(feeWaivers)
    .values({ ...input, waivedByUserId: scope?.userId ?? null })
    .onConflictDoNothing()
    .returning({ id: feeWaivers.id });
  if (!row) return false;
  await audit({ db: tx }, {
    actor: scope,
    accountId: input.accountId,
    action: "payments.fee_waived",
    targetType: "fee",
    targetId: input.itemId,
    details: { waiverId: row.id, amountCents: input.amountCents, reason: input.reason, kind: input.kind },
  });
  return true;
}
