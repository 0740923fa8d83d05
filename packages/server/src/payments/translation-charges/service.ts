import { and, eq } from "drizzle-orm";
import { translationChargeMessages, translationChargePath, type CardCharge, type CardPaymentStart, type translationChargeRoutes } from "@parlance/contract";
import type { AppContext, DbContext } from "../../context.js";
import { accounts, translationCharges } from "../../db/schema.js";
import { clientScope, inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { HttpError, notFound, unprocessable } from "../../http/errors.js";
import type { InputOf } from "../../http/implement-area.js";
import type { Tx } from "../../db/tx.js";
import { audit } from "../../audit/audit.js";
import { paymentProcessor } from "../processor/index.js";
import { startCardPayment } from "../start.js";

/**
 * Translation project charges: the provider's staff charge a project to an account; the account's
 * users pay it by card on the charge page (fee source "translation", fees.ts).
 */

export const chargeNotFound = () => new HttpError(404, "That charge was not found.", "billing.translation.notFound");
export const chargeItemId = (id: number) => `translation:${id}`;

/** Charges a client reaches: its account's (translation is bought by the account, not an office). */
export const chargesInScope = (scope: ClientScope) => inAccount(scope, translationCharges);

export async function createTranslationCharge({ db }: DbContext, scope: Scope, input: InputOf<typeof translationChargeRoutes.create>) {
  return db.transaction(async (tx) => {
    const [account] = await tx.select({ services: accounts.services }).from(accounts).where(eq(accounts.id, input.accountId));
    if (!account) throw notFound("That account");
    if (!account.services.includes("translation")) throw unprocessable(translationChargeMessages.noTranslation, "billing.translation.messages.noTranslation");
    const [row] = await tx
      .insert(translationCharges)
      .values({ accountId: input.accountId, saleNumber: input.saleNumber, description: input.description, amountCents: input.amountCents, createdByUserId: scope.userId })
      .returning({ id: translationCharges.id });
    await audit({ db: tx }, { actor: scope, accountId: input.accountId, action: "translation.charge_created", targetType: "translation_charge", targetId: row.id, details: { saleNumber: input.saleNumber, amountCents: input.amountCents } });
    return { success: true, id: row.id, link: translationChargePath(row.id) };
  });
}

export async function chargeInScope(tx: Tx, scope: Scope, id: number) {
  const client = clientScope(scope);
  const [row] = await tx
    .select({ id: translationCharges.id, accountId: translationCharges.accountId, accountName: accounts.name, saleNumber: translationCharges.saleNumber, description: translationCharges.description, amountCents: translationCharges.amountCents, paidAt: translationCharges.paidAt })
    .from(translationCharges)
    .innerJoin(accounts, eq(accounts.id, translationCharges.accountId))
    .where(and(eq(translationCharges.id, id), chargesInScope(client)));
  if (!row) throw chargeNotFound();
  return row;
}

export async function getTranslationCharge(ctx: AppContext, scope: Scope, { id }: { id: number }): Promise<CardCharge> {
  const row = await chargeInScope(ctx.db, scope, id);
  return {
    id: row.id,
    amount: row.amountCents,
    charge_identifier: chargeItemId(row.id),
    description: row.description,
    saleNumber: row.saleNumber,
    stripePublicKey: paymentProcessor(ctx).publicKey,
    accountName: row.accountName,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

/** Starts a card payment of the whole charge; a paid charge answers 422. */
export async function payTranslationCharge(ctx: AppContext, scope: Scope, { id }: { id: number }): Promise<CardPaymentStart> {
  const row = await chargeInScope(ctx.db, scope, id);
  if (row.paidAt) throw unprocessable(translationChargeMessages.alreadyPaid, "billing.translation.messages.alreadyPaid");
  return startCardPayment(ctx, scope, {
    items: [{ id: chargeItemId(row.id), kind: "translation", description: `${row.saleNumber}: ${row.description}`, amountCents: row.amountCents, accountId: row.accountId }],
    description: `Translation project ${row.saleNumber} (${row.accountName})`,
    accountId: row.accountId,
    payerUserId: scope.userId,
  });
}
