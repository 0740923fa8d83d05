import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../test/harness.js";
import { assign, candidateWithLogin } from "../taking/test-fixtures.js";
import { payWithCard } from "./test-fixtures.js";

/**
 * The card on file (each role, another tenant), refunds, money that adds up per account between our
 * ledger, the processor's and the audit log, and no card number, CVC or expiry in the database or
 * in the server's log (the app of this file logs as main.ts does, at debug level, into `log`).
 */
let t: TestApp;
let log = "";
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
let admin: string;

/** Every row of every table as JSON text. */
async function dumpDatabase(): Promise<string> {
  const tables = (await t.ctx.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)) as unknown as { rows: { table_name: string }[] };
  let dump = "";
  for (const { table_name } of tables.rows) {
    const rows = (await t.ctx.db.execute(sql.raw(`select row_to_json(x)::text as j from "${table_name}" x`))) as unknown as { rows: { j: string }[] };
    dump += rows.rows.map((r) => r.j).join("\n");
  }
  return dump;
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
  t = await createTestApp({ jobs: false, logger: { stream, level: "debug" } });
  admin = await t.signIn("admin@northwind.example");
});
afterAll(() => t?.close());

async function saveCard(cookie: string, number: string) {
  const setup = (await post("/api/payments/payment_method/setup", {}, cookie)).json();
  const key = setup.publicKey;
  const pm = (await post("/test-processor/v1/payment_methods", { key, type: "card", card: { number, exp_month: 9, exp_year: 2041, cvc: "072" } })).json();
  await post(`/test-processor/v1/setup_intents/${setup.setupIntentId}/confirm`, { key, client_secret: setup.clientSecret, payment_method: pm.id });
  return post("/api/payments/payment_method/complete", { setupIntentId: setup.setupIntentId }, cookie);
}

describe("card on file", () => {
  it("none, added, replaced, deleted; a second delete 404; other roles 403; another tenant sees its own (none)", async () => {
    expect((await get("/api/payments/payment_method", admin)).json()).toMatchObject({ action: "add", isComplete: false, allowDelete: false, card: null, processor: "test" });
    const added = await saveCard(admin, "4242424242424242");
    expect(added.json()).toMatchObject({ action: "replace", isComplete: true, allowDelete: true, card: { brand: "visa", last4: "4242" } });
    const user = await t.signIn("user@northwind.example");
    expect((await get("/api/payments/payment_method", user)).json().card).toEqual({ brand: "visa", last4: "4242" });
    expect((await saveCard(admin, "5555555555554444")).json().card).toEqual({ brand: "mastercard", last4: "4444" });
    expect((await get("/api/payments/payment_method", await t.signIn("admin@contoso.example"))).json().card).toBeNull();
    for (const email of ["office.user@northwind.example", "office.admin@northwind.example", "candidate@northwind.example"]) {
      const cookie = await t.signIn(email);
      expect((await get("/api/payments/payment_method", cookie)).statusCode, email).toBe(403);
      expect((await post("/account/delete_payment_method", {}, cookie)).statusCode, email).toBe(403);
    }
    expect((await post("/api/payments/payment_method/complete", { setupIntentId: "not-an-intent" }, admin)).statusCode).toBe(400);
    expect((await post("/api/payments/payment_method/complete", { setupIntentId: "seti_test_unknown" }, admin)).statusCode).toBe(404);
    const deleted = await post("/account/delete_payment_method", {}, admin);
    expect(deleted.json()).toMatchObject({ action: "add", card: null });
    const again = await post("/account/delete_payment_method", {}, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("There is no card on file.");
    const actions = await t.ctx.db.execute(sql`select action from audit_log where action like 'payments.card_on_file.%' order by id`);
    expect((actions as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      "payments.card_on_file.add",
      "payments.card_on_file.replace",
      "payments.card_on_file.delete",
    ]);
  });
});

describe("refunds and money that adds up", () => {
  it("refunds part of a payment (staff with the refunds permission only); charges − refunds agree with the processor and the audit log per account", async () => {
    const staff = await t.signIn("admin@parlance.example");
    const paid: number[] = [];
    for (const account of ["northwind", "contoso"] as const) {
      const c = await candidateWithLogin(t, { account });
      for (const [test, number] of [["en-reading", "4242424242424242"], ["en-writing", "4000000000000002"], ["en-writing", "5555555555554444"]] as const) {
        const id = await assign(t, c.candidateId, { test, state: "needs_payment" });
        const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, c.cookie)).json();
        await payWithCard(t, s, number);
        const o = (await post("/api/payments/complete", { paymentId: s.paymentId }, c.cookie)).json();
        if (o.settled) paid.push(s.paymentId);
      }
    }
    expect(paid).toHaveLength(4);
    expect((await post("/api/payments/refund", { paymentId: paid[0], amountCents: 500, reason: "Cancelled in time" }, admin)).statusCode).toBe(403);
    const r = await post("/api/payments/refund", { paymentId: paid[0], amountCents: 500, reason: "Cancelled in time" }, staff);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ amountCents: 500, refundedCents: 500 });
    const tooMuch = await post("/api/payments/refund", { paymentId: paid[0], amountCents: 2300, reason: "x" }, staff);
    expect(tooMuch.statusCode).toBe(400);
    expect((await post("/api/payments/refund", { paymentId: paid[2], amountCents: 2300, reason: "Full" }, staff)).statusCode).toBe(200);
    expect((await post("/api/payments/refund", { paymentId: paid[1], amountCents: 0, reason: "x" }, staff)).statusCode).toBe(400);
    expect((await post("/api/payments/refund", { paymentId: paid[1], amountCents: 100, reason: " " }, staff)).statusCode).toBe(400);

    const rows = async (q: ReturnType<typeof sql>) => (await t.ctx.db.execute(q)) as unknown as { rows: Record<string, number>[] };
    const ours = await rows(sql`
      select p.account_id as account, sum(p.amount_cents)::int as charged,
             coalesce((select sum(r.amount_cents) from refunds r where r.account_id = p.account_id), 0)::int as refunded
      from payments p where p.settled_at is not null group by p.account_id order by 1`);
    const processor = await rows(sql`
      with c as (select (metadata->>'accountId')::int as account, sum(amount_cents)::int as charged
                 from test_processor_intents where kind = 'payment' and status = 'succeeded' group by 1),
           r as (select (j.metadata->>'accountId')::int as account, sum(f.amount_cents)::int as refunded
                 from test_processor_refunds f join test_processor_intents j on j.id = f.payment_intent_id group by 1)
      select c.account, c.charged, coalesce(r.refunded, 0)::int as refunded from c left join r using (account) order by 1`);
    const audited = await rows(sql`
      select account_id as account,
             sum(case when action = 'payments.paid' then (details->>'amountCents')::int else 0 end)::int as charged,
             sum(case when action = 'payments.refund' then (details->>'amountCents')::int else 0 end)::int as refunded
      from audit_log where action in ('payments.paid', 'payments.refund') group by 1 order by 1`);
    expect(ours.rows).toEqual(processor.rows);
    expect(ours.rows).toEqual(audited.rows);
    const northwind = ours.rows.find((x) => x.account === t.ids.accounts.northwind)!;
    expect(northwind).toEqual({ account: t.ids.accounts.northwind, charged: 2300 + 2300, refunded: 500 });
  });

  it("no card number, CVC or full expiry anywhere in the database or the server's log after card payments", async () => {
    // Besides the payments above: a card that asks for authentication, and cards refused by the
    // processor's checks and by the contract's input check (the error paths log too).
    const c = await candidateWithLogin(t, { account: "northwind" });
    const id = await assign(t, c.candidateId, { test: "en-listening", state: "needs_payment" });
    const s = (await post("/api/payments/start", { itemIds: [`test:${id}`] }, c.cookie)).json();
    expect((await payWithCard(t, s, "4000 0027 6000 3184")).json().status).toBe("requires_action");
    const auth = await post(`/test-processor/v1/payment_intents/${s.chargeIdentifier}/authenticate`, { key: s.publicKey, client_secret: s.clientSecret, outcome: "complete" });
    expect(auth.json().status).toBe("succeeded");
    expect((await post("/api/payments/complete", { paymentId: s.paymentId }, c.cookie)).json().settled).toBe(true);
    const card = (extra: object) => post("/test-processor/v1/payment_methods", { key: s.publicKey, type: "card", card: { number: "4242424242424242", exp_month: 9, exp_year: 2041, cvc: "072", ...extra } });
    expect((await card({ exp_month: 13 })).statusCode).toBe(402);
    expect((await card({ cvc: "07" })).statusCode).toBe(402);
    expect((await card({ exp_month: "09/41" })).statusCode).toBe(400);
    expect((await card({ number: 4242424242424242 })).statusCode).toBe(400);

    const dump = await dumpDatabase();
    expect(dump).toContain("4242"); // the last four are kept
    // The log is real: it has the card requests and their answers.
    expect(log).toContain("/test-processor/v1/payment_methods");
    expect(log).toContain("/test-processor/v1/payment_intents/");
    expect(log).toContain('"statusCode":402');
    expect(log).toContain('"statusCode":400');
    for (const [where, text] of [["database", dump], ["log", log]] as const) {
      for (const secret of ["4242424242424242", "4242 4242 4242 4242", "4000000000000002", "5555555555554444", "4000002760003184", "4000 0027 6000 3184", "09/41", "09/2041", "2041-09", "exp_month", "exp_year", '"cvc"']) {
        expect(text.includes(secret), `${secret} in the ${where}`).toBe(false);
      }
      // The CVC (072) as a value of its own (a JSON string: it has a leading zero), or beside a card word.
      expect(text.includes('"072"'), where).toBe(false);
      expect(/(cvc|cvv|security|card)[^,]{0,20}072/i.test(text), where).toBe(false);
    }
  });
});
