import { and, asc, gt, inArray } from "drizzle-orm";
import { invoicePayments, invoices } from "../../db/schema.js";
import type { Tx } from "../../db/tx.js";
import { audit } from "../../audit/audit.js";
import { registerFeeSource, type FeeLineItem } from "../fees.js";
import { recomputeBalance, type InvoiceRow } from "./records.js";

/**
 * Fee source "invoice": an invoice's balance, paid by card from the invoice page or the anonymous
 * payment page. Those pages start their payments themselves (the invoice checked by id in scope,
 * or by key), so the generic fee list (the tests' payment page) lists no invoices.
 */

export const invoiceItemId = (id: number) => `invoice:${id}`;
const idOf = (itemId: string) => (/^invoice:(\d{1,10})$/.exec(itemId) ? Number(itemId.slice(8)) : null);

/** The fee line item of an invoice's balance. */
export const invoiceItem = (row: Pick<InvoiceRow, "id" | "number" | "balanceCents" | "accountId">): FeeLineItem => ({
  id: invoiceItemId(row.id),
  kind: "invoice",
  description: `Invoice ${row.number}`,
  amountCents: row.balanceCents,
  accountId: row.accountId,
});

/**
 * Applies a settled payment to its invoices, once (invoice_payments' key is invoice and payment):
 * each invoice gets at most its balance, in order, and the last what is left, so the amounts
 * applied always add up to the payment. The balance is then recomputed from lines and payments.
 */
export async function settleInvoices(tx: Tx, itemIds: string[], payment: { id: number; amountCents: number }): Promise<void> {
  const ids = itemIds.map(idOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: invoices.id, accountId: invoices.accountId, number: invoices.number, balanceCents: invoices.balanceCents })
    .from(invoices)
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for("update");
  let left = payment.amountCents;
  for (const [i, row] of rows.entries()) {
    const amount = i === rows.length - 1 ? left : Math.min(Math.max(row.balanceCents, 0), left);
    if (amount <= 0) continue;
    const inserted = await tx
      .insert(invoicePayments)
      .values({ invoiceId: row.id, paymentId: payment.id, amountCents: amount })
      .onConflictDoNothing()
      .returning({ invoiceId: invoicePayments.invoiceId });
    left -= amount;
    if (inserted.length === 0) continue;
    const balanceCents = await recomputeBalance(tx, row.id);
    await audit({ db: tx }, { actor: null, accountId: row.accountId, action: "invoices.payment_applied", targetType: "invoice", targetId: row.id, details: { number: row.number, paymentId: payment.id, amountCents: amount, balanceCents } });
  }
}

/** The invoices of these items that still have a balance to pay. */
export async function outstandingInvoices(tx: Tx, itemIds: string[]): Promise<string[]> {
  const ids = itemIds.map(idOf).filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await tx.select({ id: invoices.id }).from(invoices).where(and(inArray(invoices.id, ids), gt(invoices.balanceCents, 0)));
  return rows.map((r) => invoiceItemId(r.id));
}

registerFeeSource({
  kind: "invoice",
  list: async () => [],
  outstanding: outstandingInvoices,
  settle: settleInvoices,
});
