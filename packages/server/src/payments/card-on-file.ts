import { and, eq, sql } from "drizzle-orm";
import { paymentMessages, type CardPaymentMethod, type CardSetupStart } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { clientScope, inAccount, type ClientScope, type Scope } from "../auth/scope.js";
import { audit } from "../audit/audit.js";
import { accounts } from "../db/schema.js";
import { paymentCustomers } from "../db/schema/payments.js";
import { HttpError } from "../http/errors.js";
import { paymentProcessor, type PaymentProcessor } from "./processor/index.js";
import { processorCall } from "./processor-errors.js";

type Ctx = Pick<AppContext, "config" | "db">;
type CustomerRow = typeof paymentCustomers.$inferSelect;

/**
 * The account's card on file (/account/payment_methods, permission creditCardOnFile): a processor
 * customer per account holding one card, added or replaced through a SetupIntent the card form
 * confirms, deleted through /account/delete_payment_method. We keep brand and last four.
 */
async function customerOf(ctx: Ctx, client: Pick<ClientScope, "accountId">, processor: PaymentProcessor): Promise<CustomerRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(paymentCustomers)
    .where(and(inAccount(client, paymentCustomers), eq(paymentCustomers.processor, processor.kind)));
  return row;
}

const viewOf = (row: CustomerRow | undefined, processor: PaymentProcessor): CardPaymentMethod => {
  const card = row?.paymentMethodId && row.brand && row.last4 ? { brand: row.brand, last4: row.last4 } : null;
  return {
    action: card ? "replace" : "add",
    allowDelete: card !== null,
    isComplete: card !== null,
    name: card ? `${card.brand} •••• ${card.last4}` : "",
    stripePublicKey: processor.publicKey,
    processor: processor.kind,
    card,
  };
};

export async function paymentMethodView(ctx: Ctx, scope: Scope): Promise<CardPaymentMethod> {
  const client = clientScope(scope);
  const processor = paymentProcessor(ctx);
  return viewOf(await customerOf(ctx, client, processor), processor);
}

export async function setupPaymentMethod(ctx: Ctx, scope: Scope): Promise<CardSetupStart> {
  const client = clientScope(scope);
  const processor = paymentProcessor(ctx);
  let row = await customerOf(ctx, client, processor);
  if (!row) {
    const [account] = await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, client.accountId));
    const customer = await processorCall(() => processor.createCustomer({ description: account?.name ?? `Account ${client.accountId}`, metadata: { accountId: String(client.accountId) } }));
    [row] = await ctx.db
      .insert(paymentCustomers)
      .values({ accountId: client.accountId, processor: processor.kind, customerId: customer.id })
      .onConflictDoNothing()
      .returning();
    row ??= await customerOf(ctx, client, processor);
  }
  const setup = await processorCall(() => processor.createSetupIntent({ customerId: row!.customerId, metadata: { accountId: String(client.accountId) } }));
  await ctx.db.update(paymentCustomers).set({ pendingSetupIntentId: setup.id, updatedAt: sql`now()` }).where(eq(paymentCustomers.id, row!.id));
  return { setupIntentId: setup.id, clientSecret: setup.clientSecret, publicKey: processor.publicKey, processor: processor.kind };
}

/**
 * Keeps a succeeded SetupIntent's card as its account's card on file (once: the intent must still
 * be the pending one), and detaches the card it replaces. The webhook and the complete route both call it.
 */
export async function syncSetupIntent(ctx: Ctx, setupIntentId: string, scope?: Scope): Promise<void> {
  const processor = paymentProcessor(ctx);
  const [row] = await ctx.db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.pendingSetupIntentId, setupIntentId), eq(paymentCustomers.processor, processor.kind)));
  if (!row) return;
  const setup = await processorCall(() => processor.retrieveSetupIntent(setupIntentId));
  if (setup.status !== "succeeded" || !setup.paymentMethodId || setup.customerId !== row.customerId) return;
  const pm = await processorCall(() => processor.retrievePaymentMethod(setup.paymentMethodId!));
  if (!pm.card) return;
  const replaced = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(paymentCustomers).where(eq(paymentCustomers.id, row.id)).for("update");
    if (!locked || locked.pendingSetupIntentId !== setupIntentId) return null;
    await tx
      .update(paymentCustomers)
      .set({ paymentMethodId: pm.id, brand: pm.card!.brand, last4: pm.card!.last4, pendingSetupIntentId: null, updatedByUserId: scope?.userId ?? locked.updatedByUserId, updatedAt: sql`now()` })
      .where(eq(paymentCustomers.id, row.id));
    await audit({ db: tx }, {
      actor: scope ?? null,
      accountId: row.accountId,
      action: locked.paymentMethodId ? "payments.card_on_file.replace" : "payments.card_on_file.add",
      targetType: "account",
      targetId: row.accountId,
      details: { brand: pm.card!.brand, last4: pm.card!.last4, processor: processor.kind },
    });
    return { old: locked.paymentMethodId };
  });
  if (replaced?.old && replaced.old !== pm.id) {
    await processor.detachPaymentMethod(replaced.old).catch(() => undefined);
  }
}

export async function completePaymentMethod(ctx: Ctx, scope: Scope, input: { setupIntentId: string }): Promise<CardPaymentMethod> {
  const client = clientScope(scope);
  const processor = paymentProcessor(ctx);
  const row = await customerOf(ctx, client, processor);
  // The webhook may have kept it already: then the card on file is this intent's.
  if (!row || (row.pendingSetupIntentId !== input.setupIntentId && !(await keptAlready(processor, row, input.setupIntentId)))) {
    throw new HttpError(404, paymentMessages.setupNotFound, "payments.errors.setupNotFound");
  }
  if (row.pendingSetupIntentId === input.setupIntentId) {
    await syncSetupIntent(ctx, input.setupIntentId, scope);
    const setup = await processorCall(() => processor.retrieveSetupIntent(input.setupIntentId));
    if (setup.status !== "succeeded") throw new HttpError(402, setup.lastErrorMessage ?? paymentMessages.notPaid, setup.lastErrorMessage ? undefined : "payments.errors.notPaid");
  }
  return viewOf(await customerOf(ctx, client, processor), processor);
}

async function keptAlready(processor: PaymentProcessor, row: CustomerRow, setupIntentId: string): Promise<boolean> {
  if (!row.paymentMethodId) return false;
  try {
    const setup = await processor.retrieveSetupIntent(setupIntentId);
    return setup.customerId === row.customerId && setup.paymentMethodId === row.paymentMethodId;
  } catch {
    return false;
  }
}

export async function deletePaymentMethod(ctx: Ctx, scope: Scope): Promise<CardPaymentMethod> {
  const client = clientScope(scope);
  const processor = paymentProcessor(ctx);
  const row = await customerOf(ctx, client, processor);
  if (!row?.paymentMethodId) throw new HttpError(404, paymentMessages.noCardOnFile, "payments.errors.noCardOnFile");
  await processorCall(() => processor.detachPaymentMethod(row.paymentMethodId!));
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(paymentCustomers)
      .set({ paymentMethodId: null, brand: null, last4: null, pendingSetupIntentId: null, updatedByUserId: client.userId, updatedAt: sql`now()` })
      .where(eq(paymentCustomers.id, row.id));
    await audit({ db: tx }, { actor: client, action: "payments.card_on_file.delete", targetType: "account", targetId: client.accountId, details: { brand: row.brand, last4: row.last4 } });
  });
  return viewOf(await customerOf(ctx, client, processor), processor);
}
