import { sql } from "drizzle-orm";
import type { CardPaymentStart } from "@parlance/contract";
import { rowsOf } from "../db/rows.js";
import type { TestApp } from "../test/harness.js";
import { insertInvoice } from "./invoices/records.js";
import { payWithCard } from "./test-fixtures.js";

/** Helpers of the "one charge per debt" tests (used only by *.api.test.ts). */

let n = 0;
/** A fresh account-wide invoice of Northwind with one line of `cents`. */
export async function newInvoice(t: TestApp, cents: number) {
  const number = `TEST-ONCE-${Date.now()}-${++n}`;
  const created = await insertInvoice(t.ctx.db, {
    number,
    accountId: t.ids.accounts.northwind,
    officeId: null,
    department: "testing",
    invoiceDate: "2026-11-02",
    dueDate: null,
    paymentTerms: null,
    purchaseOrder: null,
    source: "billing",
    createdByUserId: null,
    lines: [{ description: "Proficiency tests", quantity: 1, unitCents: cents }],
  });
  return { ...created, number };
}

/**
 * The processor's view of a debt: the test-mode intents of this item that succeeded (real charges)
 * and what was refunded of them; and ours: the settled payments of the item and their refunds.
 */
export async function ledgerOf(t: TestApp, itemId: string) {
  const [processor] = await rowsOf<{ charges: number; charged: number; refunded: number }>(
    t.ctx.db,
    sql`select count(*)::int as charges, coalesce(sum(i.amount_cents), 0)::int as charged,
               coalesce(sum((select sum(r.amount_cents) from test_processor_refunds r where r.payment_intent_id = i.id)), 0)::int as refunded
        from test_processor_intents i
        where i.kind = 'payment' and i.status = 'succeeded' and ${itemId} = any(string_to_array(i.metadata->>'items', ','))`,
  );
  const [ours] = await rowsOf<{ settled: number; charged: number; refunded: number }>(
    t.ctx.db,
    sql`select count(*)::int as settled, coalesce(sum(p.amount_cents), 0)::int as charged,
               coalesce(sum((select sum(r.amount_cents) from refunds r where r.payment_id = p.id)), 0)::int as refunded
        from payments p where p.settled_at is not null and p.items @> ${JSON.stringify([{ id: itemId }])}::jsonb`,
  );
  return { processor: processor!, ours: ours! };
}

/** The browser's whole payment: the card to the processor, confirm, then /complete (with the client secret). */
export async function confirmAndComplete(t: TestApp, start: CardPaymentStart, card = "4242424242424242") {
  const confirmed = await payWithCard(t, start, card);
  const completed = await t.request({ method: "POST", url: "/api/payments/complete", body: { paymentId: start.paymentId, clientSecret: start.clientSecret } });
  return { confirmed, completed };
}

/** Runs `count` copies of `run` at once (each request on its own pool connection on PostgreSQL). */
export const atOnce = <T>(count: number, run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => run(i)));
