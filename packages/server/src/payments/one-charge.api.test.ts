import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { CardPaymentStart } from "@parlance/contract";
import { Role } from "@parlance/contract";
import { assignedTests, invoices, payments, users } from "../db/schema.js";
import { testProcessorIntents } from "../db/schema/payments.js";
import { proctoringReservations } from "../db/schema/proctoring.js";
import { createTestApp, testDatabaseKind, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin, PASSWORD } from "../taking/test-fixtures.js";
import { TestModeProcessor } from "./processor/test-mode.js";
import { paymentProcessor } from "./processor/index.js";
import { payWithCard } from "./test-fixtures.js";
import { ACCEPT, CONFIRM, firstTime, proctoredCandidate } from "../proctoring/reservations/test-support.js";
import { atOnce, confirmAndComplete, ledgerOf, newInvoice } from "./one-charge.fixtures.js";

/**
 * Issue 24, points 1–3: money is charged once. Every debt (an invoice, a test fee, a proctoring
 * fee) has one payment intent at a time, so payers at once (signed in and by the invoice's key) get
 * the same intent or "already paid", and the card is charged once; refunds at once never pass the
 * payment. On PostgreSQL (TEST_DB=postgres) the requests run truly side by side, each on its own
 * pool connection; on PGlite (one connection) they interleave at every await.
 */
let t: TestApp;
let admin: string;
let staff: string;

const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  admin = await t.signIn("admin@northwind.example");
  staff = await t.signIn("admin@parlance.example");
});
afterAll(() => t?.close());

describe(`an invoice paid at once by many (${testDatabaseKind})`, () => {
  it("ten signed-in and ten anonymous payers get one intent; twenty confirmations with 4242… charge it once; the balance is 0, never below", async () => {
    const inv = await newInvoice(t, 1500);
    const item = `invoice:${inv.id}`;
    const starts = await atOnce(20, (i) => (i % 2 === 0 ? post(`/api/invoices/${inv.id}/pay`, {}, admin) : post(`/api/invoices/by_key/${inv.invoiceKey}/pay`, {})));
    for (const s of starts) expect(s.statusCode, s.body).toBe(200);
    const started = starts.map((s) => s.json() as CardPaymentStart);
    expect(new Set(started.map((s) => s.paymentId)).size).toBe(1);
    expect(new Set(started.map((s) => s.chargeIdentifier)).size).toBe(1);
    const confirms = await atOnce(20, (i) => payWithCard(t, started[i]!, "4242424242424242"));
    const ok = confirms.filter((c) => c.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const c of confirms.filter((c) => c.statusCode !== 200)) {
      expect(c.statusCode).toBe(400);
      expect(c.json().message).toBe("You cannot confirm this PaymentIntent because it has a status of succeeded.");
      expect(c.json().messageKey).toBe("payments.errors.alreadyPaid");
    }
    expect(await ledgerOf(t, item)).toEqual({ processor: { charges: 1, charged: 1500, refunded: 0 }, ours: { settled: 1, charged: 1500, refunded: 0 } });
    const [row] = await t.ctx.db.select({ balance: invoices.balanceCents, paidOn: invoices.paidOn }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row!.balance).toBe(0);
    expect(row!.paidOn).not.toBeNull();
    // Paid: nothing more to start, by either way in.
    expect((await post(`/api/invoices/${inv.id}/pay`, {}, admin)).json().message).toBe("This invoice has nothing left to pay.");
    expect((await post(`/api/invoices/by_key/${inv.invoiceKey}/pay`, {})).statusCode).toBe(422);
  });

  it("ten payers each paying through at once (pay → confirm → complete): one charge, the others 'already paid' or refused", async () => {
    const inv = await newInvoice(t, 2300);
    const item = `invoice:${inv.id}`;
    const outcomes = await atOnce(10, async (i) => {
      const start = i % 2 === 0 ? await post(`/api/invoices/${inv.id}/pay`, {}, admin) : await post(`/api/invoices/by_key/${inv.invoiceKey}/pay`, {});
      if (start.statusCode !== 200) return { start: start.statusCode, message: start.json().message as string };
      const { confirmed, completed } = await confirmAndComplete(t, start.json());
      return { start: 200, confirm: confirmed.statusCode, settled: completed.json().settled as boolean };
    });
    expect(outcomes.filter((o) => o.confirm === 200)).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.start !== 200)) {
      expect([409, 422]).toContain(o.start);
      expect(["This has already been paid.", "This invoice has nothing left to pay."]).toContain(o.message);
    }
    expect(await ledgerOf(t, item)).toEqual({ processor: { charges: 1, charged: 2300, refunded: 0 }, ours: { settled: 1, charged: 2300, refunded: 0 } });
    const [row] = await t.ctx.db.select({ balance: invoices.balanceCents }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row!.balance).toBe(0);
  });

  it("a payment of the debt that the processor took but we did not settle yet: the next start settles it and answers 'already paid'", async () => {
    const inv = await newInvoice(t, 1800);
    const start = (await post(`/api/invoices/${inv.id}/pay`, {}, admin)).json() as CardPaymentStart;
    // The card went through at the processor; neither the webhook nor /complete reached us.
    await t.ctx.db.update(testProcessorIntents).set({ status: "succeeded" }).where(eq(testProcessorIntents.id, start.chargeIdentifier));
    const again = await post(`/api/invoices/${inv.id}/pay`, {}, admin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "This has already been paid.", messageKey: "payments.errors.alreadyPaid" });
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.id, start.paymentId));
    expect(p!.settledAt).not.toBeNull();
    expect((await ledgerOf(t, `invoice:${inv.id}`)).ours.settled).toBe(1);
  });
});

describe(`a test fee bought in parallel (${testDatabaseKind})`, () => {
  it("twenty parallel start → confirm → complete for one test: one settled charge, the test takeable", async () => {
    const owner = await candidateWithLogin(t);
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const item = `test:${id}`;
    const outcomes = await atOnce(20, async () => {
      const start = await post("/api/payments/start", { itemIds: [item] }, owner.cookie);
      if (start.statusCode !== 200) return { start: start.statusCode, message: start.json().message as string };
      const { confirmed } = await confirmAndComplete(t, start.json());
      return { start: 200, confirm: confirmed.statusCode };
    });
    expect(outcomes.filter((o) => o.confirm === 200)).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.start !== 200)) expect(o).toEqual({ start: 409, message: "This has already been paid." });
    expect(await ledgerOf(t, item)).toEqual({ processor: { charges: 1, charged: 2300, refunded: 0 }, ours: { settled: 1, charged: 2300, refunded: 0 } });
    const [row] = await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id));
    expect(row!.state).toBe("takeable");
  });

  it("a second start of the same fee answers the open intent; a start of more fees cancels it and makes one for them all", async () => {
    const owner = await candidateWithLogin(t);
    const a = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const b = await assign(t, owner.candidateId, { test: "en-listening", state: "needs_payment" });
    const first = (await post("/api/payments/start", { itemIds: [`test:${a}`] }, owner.cookie)).json() as CardPaymentStart;
    const second = (await post("/api/payments/start", { itemIds: [`test:${a}`] }, owner.cookie)).json() as CardPaymentStart;
    expect(second).toEqual(first);
    const both = (await post("/api/payments/start", { itemIds: [`test:${b}`, `test:${a}`] }, owner.cookie)).json() as CardPaymentStart;
    expect(both.paymentId).not.toBe(first.paymentId);
    expect(both.amountCents).toBe(2300 + 1500);
    // The first intent can no longer take money.
    const late = await payWithCard(t, first, "4242424242424242");
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe("You cannot confirm this PaymentIntent because it has a status of canceled.");
    expect((await confirmAndComplete(t, both)).completed.json().settled).toBe(true);
    expect((await ledgerOf(t, `test:${a}`)).processor.charges).toBe(1);
    expect((await post("/api/payments/start", { itemIds: [`test:${a}`] }, owner.cookie)).statusCode).toBe(400);
  });
});

describe(`a proctoring fee paid at once (${testDatabaseKind})`, () => {
  it("ten parallel payments of one reservation's fee by the candidate who booked it: one charge, the fee paid once", async () => {
    const made = await proctoredCandidate(t);
    // A candidate as the demo world has them (Candidate only: the fixture's extra User role reads as staff).
    const [u] = await t.ctx.db.update(users).set({ roles: [Role.Candidate] }).where(eq(users.id, made.userId)).returning({ email: users.email });
    const c = { ...made, cookie: await t.signIn(u!.email, PASSWORD) };
    const a = await assign(t, c.candidateId, { test: "en-reading-proctored", useProctorService: true });
    await post(ACCEPT, { accept: true }, c.cookie);
    const { date, slot } = await firstTime(t, c.cookie, c.candidateId, [a]);
    const booked = await post(CONFIRM, { date, time: slot.time, cost: slot.cost, candidateProfileId: c.candidateId, assignedTestIds: [a] }, c.cookie);
    expect(booked.statusCode, booked.body).toBe(200);
    const fees = (await t.request({ method: "GET", url: "/api/payments/fees", cookie: c.cookie })).json().items as { id: string; amountCents: number }[];
    const fee = fees.find((f) => f.id === `proctoring:${booked.json().reservation.id}`)!;
    expect(fee).toBeDefined();
    const outcomes = await atOnce(10, async () => {
      const start = await post("/api/payments/start", { itemIds: [fee.id] }, c.cookie);
      if (start.statusCode !== 200) return { start: start.statusCode };
      return { start: 200, confirm: (await confirmAndComplete(t, start.json())).confirmed.statusCode };
    });
    expect(outcomes.filter((o) => o.confirm === 200)).toHaveLength(1);
    expect(outcomes.every((o) => o.start === 200 || o.start === 409)).toBe(true);
    expect(await ledgerOf(t, fee.id)).toEqual({ processor: { charges: 1, charged: fee.amountCents, refunded: 0 }, ours: { settled: 1, charged: fee.amountCents, refunded: 0 } });
    const [r] = await t.ctx.db.select({ feeStatus: proctoringReservations.feeStatus }).from(proctoringReservations).where(eq(proctoringReservations.id, Number(fee.id.split(":")[1])));
    expect(r!.feeStatus).toBe("paid");
  });
});

describe(`refunds at once (${testDatabaseKind})`, () => {
  it("ten parallel refunds of $10.00 on a $23.00 payment: two go through, the rest 400; refunded ≤ paid, ours = the processor's", async () => {
    const inv = await newInvoice(t, 2300);
    const start = (await post(`/api/invoices/${inv.id}/pay`, {}, admin)).json() as CardPaymentStart;
    expect((await confirmAndComplete(t, start)).completed.json().settled).toBe(true);
    const answers = await atOnce(10, () => post("/api/payments/refund", { paymentId: start.paymentId, amountCents: 1000, reason: "Overpaid" }, staff));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
    for (const a of answers.filter((a) => a.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe("The refund amount must be a whole number of cents, at most what is left of the payment.");
    }
    expect(await ledgerOf(t, `invoice:${inv.id}`)).toEqual({ processor: { charges: 1, charged: 2300, refunded: 2000 }, ours: { settled: 1, charged: 2300, refunded: 2000 } });
  });

  it("the test-mode processor itself refuses refunds above the charge, even asked at once on separate connections, and answers a repeated Idempotency-Key with the first refund", async () => {
    const inv = await newInvoice(t, 2300);
    const start = (await post(`/api/invoices/${inv.id}/pay`, {}, admin)).json() as CardPaymentStart;
    await confirmAndComplete(t, start);
    const processor = paymentProcessor(t.ctx);
    expect(processor).toBeInstanceOf(TestModeProcessor);
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => processor.refund({ paymentIntentId: start.chargeIdentifier, amountCents: 1000, metadata: {} })));
    expect(tries.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    for (const r of tries.filter((r) => r.status === "rejected")) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: "amount_too_large", statusCode: 400 });
    const inv2 = await newInvoice(t, 2300);
    const s2 = (await post(`/api/invoices/${inv2.id}/pay`, {}, admin)).json() as CardPaymentStart;
    await confirmAndComplete(t, s2);
    const once = await Promise.all(Array.from({ length: 5 }, () => processor.refund({ paymentIntentId: s2.chargeIdentifier, amountCents: 700, metadata: {}, idempotencyKey: `k-${s2.paymentId}` }).catch((e: unknown) => e)));
    const ids = new Set(once.map((r) => (r as { id?: string }).id));
    expect(ids.size).toBe(1);
    expect((await ledgerOf(t, `invoice:${inv2.id}`)).processor.refunded).toBe(700);
    await expect(processor.refund({ paymentIntentId: s2.chargeIdentifier, amountCents: 800, metadata: {}, idempotencyKey: `k-${s2.paymentId}` })).rejects.toMatchObject({ code: "idempotency_error" });
  });

  it("the test-mode processor answers a repeated create Idempotency-Key with the first intent, and refuses it with another amount", async () => {
    const processor = paymentProcessor(t.ctx);
    const key = `create-${Date.now()}`;
    const made = await Promise.all(Array.from({ length: 5 }, () => processor.createPaymentIntent({ amountCents: 900, currency: "usd", description: "x", metadata: {}, idempotencyKey: key })));
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    await expect(processor.createPaymentIntent({ amountCents: 901, currency: "usd", description: "x", metadata: {}, idempotencyKey: key })).rejects.toMatchObject({ code: "idempotency_error" });
  });
});
