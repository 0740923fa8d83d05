import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { paymentMessages, type CardPaymentStart } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { Scope } from "../auth/scope.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { payments, type PaidItem } from "../db/schema/payments.js";
import type { Tx } from "../db/tx.js";
import { badRequest, HttpError } from "../http/errors.js";
import { feeSource, type FeeLineItem } from "./fees.js";
import { paymentProcessor, type PaymentProcessor, type ProcessorPaymentIntent } from "./processor/index.js";
import { processorCall } from "./processor-errors.js";
import { KIND_BY_PREFIX, sourceOf, syncPayment } from "./service.js";

type Ctx = Pick<AppContext, "config" | "db">;
type PaymentRow = typeof payments.$inferSelect;

export interface StartCardPayment {
  /** Already checked by the caller: fee line items the payer may pay, all of one account. */
  items: FeeLineItem[];
  description: string;
  accountId: number;
  payerUserId: number | null;
}

/** The advisory lock namespace of debts; the second key is the hash of the debt's item id. */
const DEBT_LOCK = 240_124;

export const alreadyPaid = () => new HttpError(409, paymentMessages.alreadyPaid, "payments.errors.alreadyPaid");

/** Payments not settled that may still take money for any of these debts. */
async function openPaymentsOf(tx: Tx, ids: string[]): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(isNull(payments.settledAt), inArray(payments.state, ["pending", "requires_action", "failed"]), or(...ids.map((id) => sql`${payments.items} @> ${JSON.stringify([{ id }])}::jsonb`))))
    .orderBy(payments.id);
}

/** How many payments were ever started for any of these debts: the attempt number of the next one. */
async function attemptsOf(tx: Tx, ids: string[]): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(or(...ids.map((id) => sql`${payments.items} @> ${JSON.stringify([{ id }])}::jsonb`)));
  return Number(row?.n ?? 0);
}

/** The debts of these items that are still owed, asked of their fee sources. */
async function outstandingOf(tx: Tx, items: FeeLineItem[]): Promise<Set<string>> {
  const byKind = new Map<string, string[]>();
  for (const i of items) byKind.set(i.kind, [...(byKind.get(i.kind) ?? []), i.id]);
  const owed = new Set<string>();
  for (const [kind, ids] of byKind) {
    const source = feeSource(kind) ?? feeSource(KIND_BY_PREFIX[sourceOf(ids[0]!)] ?? "");
    if (!source) throw new Error(`payments: no fee source "${kind}" is registered`);
    for (const id of await source.outstanding(tx, ids)) owed.add(id);
  }
  return owed;
}

/**
 * The processor's Idempotency-Key of a debt's payment: the same debts, amount and attempt give the
 * same key, so a start retried after a failure gets the intent the first one made, never a second.
 * The server's address keeps two databases on one Stripe account apart.
 */
function idempotencyKey(ctx: Ctx, ids: string[], amountCents: number, attempt: number): string {
  const debts = createHash("sha256").update(`${ctx.config.publicUrl}\n${ids.join(",")}`).digest("base64url").slice(0, 32);
  return `payment-${debts}-${amountCents}-${attempt}`;
}

/** Cancels a payment of these debts that is not the one to go on with (other items, another amount, or mid-authentication). */
async function cancelOpen(ctx: Ctx, processor: PaymentProcessor, row: PaymentRow): Promise<void> {
  try {
    await processor.cancelPaymentIntent(row.processorIntentId);
  } catch {
    // It succeeded meanwhile (then it is settled now), or was canceled already.
    const synced = await syncPayment(ctx, row.id);
    if (synced.settledAt) return;
  }
  await ctx.db.update(payments).set({ state: "canceled", updatedAt: sql`now()` }).where(and(eq(payments.id, row.id), isNull(payments.settledAt)));
}

const sameDebts = (row: PaymentRow, ids: string[], amountCents: number) =>
  row.amountCents === amountCents && row.items.map((i) => i.id).sort().join(",") === ids.join(",");

type Started = { paid: true } | { paid: false; row: PaymentRow; intent: ProcessorPaymentIntent };

/**
 * Starts a card payment (the seam's startCardPayment): one payment intent per debt at a time.
 * Under a lock of each debt (an advisory transaction lock on its item id, taken in one order):
 * the open payments of the debts are brought up to date (one that succeeded is settled); one of the
 * same debts and amount is answered again (a second payer gets the same intent), any other is
 * canceled; a debt no longer owed answers "already paid"; otherwise a processor intent is made
 * with an Idempotency-Key of the debts and a `payments` row in state pending. The processor is
 * asked inside the transaction, on its handle, so that the lock covers it on both databases.
 */
export async function startCardPayment(ctx: Ctx, scope: Scope | null, input: StartCardPayment): Promise<CardPaymentStart> {
  if (input.items.length === 0) throw badRequest(paymentMessages.noItems, "payments.errors.noItems");
  if (input.items.some((i) => !Number.isInteger(i.amountCents) || i.amountCents <= 0)) throw badRequest(paymentMessages.badItem, "payments.errors.badItem");
  const amountCents = input.items.reduce((sum, i) => sum + i.amountCents, 0);
  const items: PaidItem[] = input.items.map((i) => ({ id: i.id, kind: i.kind, description: i.description, amountCents: i.amountCents }));
  const ids = [...new Set(items.map((i) => i.id))].sort();
  const started = await ctx.db.transaction(async (tx): Promise<Started> => {
    const txCtx: Ctx = { config: ctx.config, db: tx };
    // Payers of one debt wait their turn (one processor round trip each) rather than fail at the
    // request's 5 s statement limit; SET LOCAL ends with this transaction.
    await tx.execute(sql`set local statement_timeout = '20s'`);
    for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${DEBT_LOCK}, hashtext(${id}))`);
    const processor = paymentProcessor(txCtx);
    let reuse: PaymentRow | null = null;
    for (const open of await openPaymentsOf(tx, ids)) {
      const synced = await syncPayment(txCtx, open.id);
      if (synced.settledAt) continue;
      if (!reuse && synced.processor === processor.kind && (synced.state === "pending" || synced.state === "failed") && sameDebts(synced, ids, amountCents)) reuse = synced;
      else await cancelOpen(txCtx, processor, synced);
    }
    const owed = await outstandingOf(tx, input.items);
    // Returned, not thrown: what was settled above is kept.
    if (ids.some((id) => !owed.has(id))) return { paid: true };
    if (reuse) return { paid: false, row: reuse, intent: await processorCall(() => processor.retrievePaymentIntent(reuse.processorIntentId)) };
    const attempt = await attemptsOf(tx, ids);
    const intent = await processorCall(() =>
      processor.createPaymentIntent({
        amountCents,
        currency: "usd",
        description: input.description,
        metadata: { accountId: String(input.accountId), items: ids.join(",").slice(0, 500) },
        idempotencyKey: idempotencyKey(ctx, ids, amountCents, attempt),
      }),
    );
    const purpose = [...new Set(items.map((i) => i.kind))].sort().join(",");
    const [row] = await tx
      .insert(payments)
      .values({ accountId: input.accountId, payerUserId: input.payerUserId, purpose, description: input.description, items, amountCents, processor: processor.kind, processorIntentId: intent.id })
      .returning();
    await audit({ db: tx }, {
      actor: scope ?? actorWithoutSession(input.payerUserId),
      accountId: input.accountId,
      action: "payments.start",
      targetType: "payment",
      targetId: row!.id,
      details: { amountCents, items: ids, processor: processor.kind },
    });
    return { paid: false, row: row!, intent };
  });
  if (started.paid) throw alreadyPaid();
  return {
    paymentId: started.row.id,
    chargeIdentifier: started.intent.id,
    clientSecret: started.intent.clientSecret,
    publicKey: paymentProcessor(ctx).publicKey,
    processor: started.row.processor,
    amountCents: started.row.amountCents,
    description: started.row.description,
  };
}
