import { and, inArray, isNull, sql } from "drizzle-orm";
import { translationCharges } from "../../db/schema.js";
import type { Tx } from "../../db/tx.js";
import { audit } from "../../audit/audit.js";
import { registerFeeSource } from "../fees.js";

/**
 * Fee source "translation": a translation project's charge, paid whole by card on its charge page
 * (which starts the payment itself, so the generic fee list lists none). Settling marks the
 * charge paid by that payment, once.
 */
const idOf = (itemId: string) => (/^translation:(\d{1,10})$/.exec(itemId) ? Number(itemId.slice(12)) : null);

export async function settleTranslationCharges(tx: Tx, itemIds: string[], payment: { id: number; amountCents: number }): Promise<void> {
  const ids = itemIds.map(idOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  const paid = await tx
    .update(translationCharges)
    .set({ paidAt: sql`now()`, paymentId: payment.id })
    .where(and(inArray(translationCharges.id, ids), isNull(translationCharges.paidAt)))
    .returning({ id: translationCharges.id, accountId: translationCharges.accountId, saleNumber: translationCharges.saleNumber, amountCents: translationCharges.amountCents });
  // A charge paid twice at once: the second payment is recorded for a refund, never lost.
  for (const id of ids.filter((id) => !paid.some((c) => c.id === id))) {
    await audit({ db: tx }, { actor: null, action: "translation.payment_unapplied", targetType: "translation_charge", targetId: id, details: { paymentId: payment.id, amountCents: payment.amountCents } });
  }
  for (const c of paid) {
    await audit({ db: tx }, { actor: null, accountId: c.accountId, action: "translation.charge_paid", targetType: "translation_charge", targetId: c.id, details: { saleNumber: c.saleNumber, amountCents: c.amountCents, paymentId: payment.id } });
  }
}

/** The charges of these items not paid yet. */
async function outstandingCharges(tx: Tx, itemIds: string[]): Promise<string[]> {
  const ids = itemIds.map(idOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: translationCharges.id }).from(translationCharges).where(and(inArray(translationCharges.id, ids), isNull(translationCharges.paidAt)));
  return rows.map((r) => `translation:${r.id}`);
}

registerFeeSource({ kind: "translation", list: async () => [], outstanding: outstandingCharges, settle: settleTranslationCharges });
