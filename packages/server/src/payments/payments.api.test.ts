import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { testPriceCents } from "@parlance/contract";
import { assignedTests, auditLog, payments, tests } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { signWebhook } from "./processor/signature.js";
import { payWithCard } from "./test-fixtures.js";

/**
 * Paying for tests that need payment with the local test-mode processor: the fee list, a card that
 * succeeds, one that is declined, one that asks for authentication; settling once whatever calls
 * come (complete, the webhook, again); the webhook's signature; each role and another tenant.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof candidateWithLogin>>;
let other: Awaited<ReturnType<typeof candidateWithLogin>>;
let contoso: Awaited<ReturnType<typeof candidateWithLogin>>;
let admin: string;
let key: string;

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const EXP = { exp_month: 9, exp_year: 2041 };

const stateOf = async (id: number) => (await t.ctx.db.select({ state: assignedTests.state }).from(assignedTests).where(eq(assignedTests.id, id)))[0]!.state;
const paymentCount = async () => (await t.ctx.db.select({ n: count() }).from(payments))[0]!.n;
const paidAudits = async (paymentId: number) =>
  (await t.ctx.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "payments.paid"), eq(auditLog.targetId, String(paymentId)))))[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  owner = await candidateWithLogin(t);
  other = await candidateWithLogin(t);
  contoso = await candidateWithLogin(t, { account: "contoso" });
  admin = await t.signIn("admin@northwind.example");
  key = t.ctx.config.payments.publishableKey;
});
afterAll(() => t?.close());

describe("the fees a candidate may pay", () => {
  it("lists the candidate's tests needing payment, priced by duration with notice; the test of the reference is selected", async () => {
    const reading = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const listening = await assign(t, owner.candidateId, { test: "en-listening", state: "needs_payment" });
    await assign(t, owner.candidateId, { test: "en-writing" });
    const res = await get(`/api/payments/fees?ref=a${reading}`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.selected).toEqual([`test:${reading}`]);
    expect(body.accountName).toBe("Northwind Health");
    expect(body.items).toEqual([
      { id: `test:${reading}`, kind: "tests", description: "English Reading Proficiency", amountCents: 2300 },
      { id: `test:${listening}`, kind: "tests", description: "English Listening Comprehension", amountCents: 1500 },
    ]);
    const [row] = await t.ctx.db.select({ d: tests.durationMinutes }).from(tests).where(eq(tests.description, "English Reading Proficiency"));
    expect(testPriceCents(row!.d, true)).toBe(2300);
  });

  it("a scheduled test less than an hour away is charged the higher price", async () => {
    const soon = await assign(t, owner.candidateId, { test: "en-listening", state: "needs_payment", scheduledAt: new Date(Date.now() + 30 * 60_000) });
    const body = (await get(`/api/payments/fees?ref=s${soon}`, owner.cookie)).json();
    expect(body.items.find((i: { id: string }) => i.id === `test:${soon}`).amountCents).toBe(2000);
  });

  it("another candidate's test, a test not needing payment, another tenant's: 404; staff and clients list nothing; no session 401; a bad reference 400", async () => {
    const mine = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const takeable = await assign(t, owner.candidateId, { test: "en-reading" });
    expect((await get(`/api/payments/fees?ref=a${mine}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/payments/fees?ref=a${mine}`, contoso.cookie)).statusCode).toBe(404);
    const notNeeded = await get(`/api/payments/fees?ref=a${takeable}`, owner.cookie);
    expect(notNeeded.statusCode).toBe(404);
    expect(notNeeded.json().message).toBe("That test was not found.");
    expect((await get(`/api/payments/fees?ref=a${mine}`, admin)).statusCode).toBe(404);
    expect((await get("/api/payments/fees", admin)).json().items).toEqual([]);
    expect((await get("/api/payments/fees")).statusCode).toBe(401);
    for (const ref of ["x1", "a", "a0", "a-1", "a99999999999", "s1.5"]) {
      const bad = await get(`/api/payments/fees?ref=${ref}`, owner.cookie);
      expect(bad.statusCode, ref).toBe(400);
      expect(bad.json().message).toBe("The test reference must be a or s followed by the assigned test's id.");
    }
  });
});

describe("paying", () => {
  it("4242 4242 4242 4242: the test becomes takeable, settled once by the webhook and /complete, audited once", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const start = await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie);
    expect(start.statusCode, start.body).toBe(200);
    const s = start.json();
    expect(s).toMatchObject({ processor: "test", amountCents: 2300, publicKey: key, description: "English Reading Proficiency" });
    expect(s.chargeIdentifier).toMatch(/^pi_test_/);
    expect(await stateOf(id)).toBe("needs_payment");

    const confirmed = await payWithCard(t, s, "4242 4242 4242 4242");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: "succeeded", next_action: null });
    // The processor's signed event has been delivered and verified: settled already.
    expect(await stateOf(id)).toBe("takeable");
    const done = await post("/api/payments/complete", { paymentId: s.paymentId }, owner.cookie);
    expect(done.json()).toEqual({ paymentId: s.paymentId, state: "succeeded", settled: true, message: null, brand: "visa", last4: "4242" });
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, owner.cookie)).json().settled).toBe(true);
    expect(await paidAudits(s.paymentId)).toBe(1);
    // Take a Test now lists it among the assigned tests; the fee is gone.
    const list = (await get("/api/tests/list", owner.cookie)).json();
    expect(list.takableTests.some((e: { assignedTestIds: number[] }) => e.assignedTestIds.includes(id))).toBe(true);
    expect(list.purchasableTests.some((e: { assignedTestIds: number[] }) => e.assignedTestIds.includes(id))).toBe(false);
    expect((await get("/api/payments/fees", owner.cookie)).json().items.some((i: { id: string }) => i.id === `test:${id}`)).toBe(false);
  });

  it("4000 0000 0000 0002 is declined with Stripe's message and nothing changes; another card then pays", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-listening", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie)).json();
    const declined = await payWithCard(t, s, "4000000000000002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe("Your card was declined.");
    // The key of its translation goes with it (Stripe's words are the en-US text).
    expect(declined.json().messageKey).toBe("processorMessages.cardDeclined");
    const outcome = (await post("/api/payments/complete", { paymentId: s.paymentId }, owner.cookie)).json();
    expect(outcome).toMatchObject({ state: "failed", settled: false, message: "Your card was declined.", last4: "0002" });
    expect(await stateOf(id)).toBe("needs_payment");
    expect(await paidAudits(s.paymentId)).toBe(0);
    const again = await payWithCard(t, s, "5555555555554444");
    expect(again.json().status).toBe("succeeded");
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, owner.cookie)).json()).toMatchObject({ settled: true, brand: "mastercard", last4: "4444" });
    expect(await stateOf(id)).toBe("takeable");
  });

  it("4000 0027 6000 3184 asks for authentication: failed, nothing changes; completed, paid", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie)).json();
    const needs = await payWithCard(t, s, "4000002760003184");
    expect(needs.json()).toMatchObject({ status: "requires_action", next_action: { type: "local_authentication" } });
    const auth = (outcome: string) =>
      post(`/test-processor/v1/payment_intents/${s.chargeIdentifier}/authenticate`, { key, client_secret: s.clientSecret, outcome });
    const failed = await auth("fail");
    expect(failed.json()).toMatchObject({ status: "requires_payment_method", last_error_message: expect.stringContaining("unable to authenticate") });
    expect(await stateOf(id)).toBe("needs_payment");
    await payWithCard(t, s, "4000002760003184");
    expect((await auth("complete")).json().status).toBe("succeeded");
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, owner.cookie)).json().settled).toBe(true);
    expect(await stateOf(id)).toBe("takeable");
  });

  it("bad input answers 400 with its message and starts nothing; fees not listed for the caller are refused", async () => {
    const mine = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const theirs = await assign(t, other.candidateId, { test: "en-reading", state: "needs_payment" });
    const contosoTest = await assign(t, contoso.candidateId, { test: "en-writing", state: "needs_payment" });
    const before = await paymentCount();
    for (const [body, message] of [
      [{ itemIds: [] }, "Please choose at least one fee to pay."],
      [{}, "Please choose at least one fee to pay."],
      [{ itemIds: ["nonsense"] }, "Choose the fees from the list."],
      [{ itemIds: [`test:${theirs}`] }, "Choose the fees from the list."],
      [{ itemIds: [`test:${contosoTest}`] }, "Choose the fees from the list."],
      [{ itemIds: [`test:${mine}`, "test:2147483647"] }, "Choose the fees from the list."],
      [{ itemIds: Array.from({ length: 51 }, (_, i) => `test:${i + 1}`) }, "Choose at most 50 fees in one payment."],
    ] as const) {
      const res = await post("/api/payments/start", body, owner.cookie);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post("/api/payments/start", { itemIds: [`test:${mine}`] })).statusCode).toBe(401);
    expect((await post("/api/payments/start", { itemIds: [`test:${mine}`] }, admin)).statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
    expect(await stateOf(mine)).toBe("needs_payment");
  });

  it("/complete: someone else's payment answers 404 unless the client secret is given; bad ids 400", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie)).json();
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, other.cookie)).statusCode).toBe(404);
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, contoso.cookie)).statusCode).toBe(404);
    expect((await post("/api/payments/complete", { paymentId: s.paymentId })).statusCode).toBe(404);
    expect((await post("/api/payments/complete", { paymentId: s.paymentId, clientSecret: "pi_x_secret_y" })).statusCode).toBe(404);
    const anon = await post("/api/payments/complete", { paymentId: s.paymentId, clientSecret: s.clientSecret });
    expect(anon.json()).toMatchObject({ state: "pending", settled: false });
    for (const paymentId of ["x", 0, -1, 2 ** 31]) {
      const bad = await post("/api/payments/complete", { paymentId }, owner.cookie);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("The payment id must be a positive whole number.");
    }
  });

  it("the test-mode processor's endpoints refuse a wrong key, a wrong client secret and bad cards with Stripe's messages", async () => {
    const card = (number: string, extra: object = {}) => post("/test-processor/v1/payment_methods", { key, type: "card", card: { number, ...EXP, cvc: "072", ...extra } });
    expect((await post("/test-processor/v1/payment_methods", { key: "pk_wrong", type: "card", card: { number: "4242424242424242", ...EXP, cvc: "072" } })).statusCode).toBe(401);
    expect((await card("4242424242424241")).json().message).toBe("Your card number is incorrect.");
    expect((await card("4242424242424242", { exp_year: 2020 })).json()).toMatchObject({ message: "Your card has expired.", messageKey: "processorMessages.expiredCard" });
    expect((await card("4242424242424242", { cvc: "1" })).json()).toMatchObject({ message: "Your card's security code is invalid.", messageKey: "processorMessages.invalidCvc" });
    expect((await card("4111111111111111")).json()).toMatchObject({ message: expect.stringMatching(/non test card/), messageKey: "processorMessages.testModeLiveCard" });
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie)).json();
    const pm = (await card("4242424242424242")).json();
    const wrong = await post(`/test-processor/v1/payment_intents/${s.chargeIdentifier}/confirm`, { key, client_secret: "nope", payment_method: pm.id });
    expect(wrong.statusCode).toBe(404);
    expect(await stateOf(id)).toBe("needs_payment");
  });
});

describe("the webhook", () => {
  const eventFor = (intentId: string) =>
    JSON.stringify({ id: `evt_test_${Math.random().toString(36).slice(2)}`, object: "event", type: "payment_intent.succeeded", data: { object: { id: intentId, object: "payment_intent" } } });
  const send = (body: string, signature?: string) =>
    t.app.inject({ method: "POST", url: "/api/payments/webhook", headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) }, payload: body });

  it("a valid signature over the raw body is accepted; tampered, stale, missing or of another secret: 400 and nothing settles", async () => {
    const id = await assign(t, owner.candidateId, { test: "en-reading", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, owner.cookie)).json();
    const secret = t.ctx.config.payments.webhookSecret;
    const body = eventFor(s.chargeIdentifier);
    const tampered = await send(body.replace("payment_intent.succeeded", "payment_intent.canceled"), signWebhook(body, secret));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe("The webhook signature is not valid.");
    expect((await send(body, signWebhook(body, secret, Math.floor(Date.now() / 1000) - 600))).statusCode).toBe(400);
    expect((await send(body)).statusCode).toBe(400);
    expect((await send(body, signWebhook(body, "whsec_another"))).statusCode).toBe(400);
    // The same JSON re-serialised (spaces) is not the signed body.
    expect((await send(JSON.stringify(JSON.parse(body), null, 1), signWebhook(body, secret))).statusCode).toBe(400);
    const ok = await send(body, signWebhook(body, secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    // The event names the intent; what it says is read back from the processor: not paid yet.
    expect(await stateOf(id)).toBe("needs_payment");
    await payWithCard(t, s, "4242424242424242");
    expect(await stateOf(id)).toBe("takeable");
    // A repeated delivery changes nothing.
    expect((await send(body, signWebhook(body, secret))).statusCode).toBe(200);
    expect(await paidAudits(s.paymentId)).toBe(1);
  });
});
