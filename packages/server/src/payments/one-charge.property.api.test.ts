import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import type { CardPaymentStart } from "@parlance/contract";
import { invoices } from "../db/schema.js";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { signWebhook } from "./processor/signature.js";
import { payWithCard } from "./test-fixtures.js";
import { ledgerOf, newInvoice } from "./one-charge.fixtures.js";

/**
 * The rule of issue 24 as a property: whatever pays (signed in or by key), confirmations (a card
 * that pays, one that is declined), completions, webhook deliveries and refunds come, in rounds of
 * requests sent at once, an invoice is charged at most once, the processor and we agree, refunds
 * never pass what was paid (charges − refunds ≥ 0) and the balance is the total less what was paid.
 */
let t: TestApp;
let admin: string;
let staff: string;
const INVOICE_CENTS = 1700;

type Op =
  | { kind: "pay"; byKey: boolean }
  | { kind: "confirm"; which: number; declined: boolean }
  | { kind: "complete"; which: number }
  | { kind: "webhook"; which: number }
  | { kind: "refund"; cents: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), byKey: fc.boolean() }),
  fc.record({ kind: fc.constant("confirm" as const), which: fc.nat(5), declined: fc.boolean() }),
  fc.record({ kind: fc.constant("complete" as const), which: fc.nat(5) }),
  fc.record({ kind: fc.constant("webhook" as const), which: fc.nat(5) }),
  fc.record({ kind: fc.constant("refund" as const), cents: fc.integer({ min: 1, max: INVOICE_CENTS }) }),
);

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
  staff = await t.signIn("admin@parlance.example");
});
afterAll(() => t?.close());

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });

function webhook(intentId: string) {
  const body = JSON.stringify({ id: `evt_prop_${Math.random().toString(36).slice(2)}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent" } } });
  return t.app.inject({ method: "POST", url: "/api/payments/webhook", headers: { "content-type": "application/json", "stripe-signature": signWebhook(body, t.ctx.config.payments.webhookSecret) }, payload: body });
}

describe(`any interleaving of pays, confirms, webhooks and refunds (${testDatabaseKind})`, () => {
  it("leaves each invoice paid at most once and charges − refunds ≥ 0, the processor and us agreeing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), async (rounds) => {
        const inv = await newInvoice(t, INVOICE_CENTS);
        const item = `invoice:${inv.id}`;
        const known: CardPaymentStart[] = [];
        const settled = new Set<number>();
        const run = async (o: Op) => {
          const start = known.length > 0 && "which" in o ? known[o.which % known.length]! : null;
          if (o.kind === "pay") {
            const res = o.byKey ? await post(`/api/invoices/by_key/${inv.invoiceKey}/pay`, {}) : await post(`/api/invoices/${inv.id}/pay`, {}, admin);
            expect([200, 409, 422], res.body).toContain(res.statusCode);
            if (res.statusCode === 200) known.push(res.json());
          } else if (o.kind === "confirm" && start) {
            const res = await payWithCard(t, start, o.declined ? "4000000000000002" : "4242424242424242");
            expect([200, 400, 402], res.body).toContain(res.statusCode);
          } else if (o.kind === "complete" && start) {
            const res = await post("/api/payments/complete", { paymentId: start.paymentId, clientSecret: start.clientSecret });
            expect(res.statusCode, res.body).toBe(200);
            if (res.json().settled) settled.add(start.paymentId);
          } else if (o.kind === "webhook" && start) {
            expect((await webhook(start.chargeIdentifier)).statusCode).toBe(200);
          } else if (o.kind === "refund" && settled.size > 0) {
            const res = await post("/api/payments/refund", { paymentId: [...settled][0], amountCents: o.cents, reason: "Property" }, staff);
            expect([200, 400], res.body).toContain(res.statusCode);
          }
        };
        for (const round of rounds) await Promise.all(round.map(run));
        const { processor, ours } = await ledgerOf(t, item);
        expect(processor.charges).toBeLessThanOrEqual(1);
        expect(ours.settled).toBe(processor.charges);
        expect(ours.charged).toBe(processor.charged);
        expect(ours.refunded).toBe(processor.refunded);
        expect(ours.charged - ours.refunded).toBeGreaterThanOrEqual(0);
        const [row] = await t.ctx.db.select({ balance: invoices.balanceCents }).from(invoices).where(eq(invoices.id, inv.id));
        expect(row!.balance).toBe(INVOICE_CENTS - ours.charged);
        expect(row!.balance).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 12 },
    );
  });
});
