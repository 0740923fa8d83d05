import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { accountTests, auditLog, invoices, prepayTermsAcceptances, users } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { balanceMismatches, payWithCard } from "../test-fixtures.js";

/**
 * Prepay (Fabrikam Tutoring, the demo's prepay account): the terms are accepted once per account
 * (audited) before any order; an order becomes an invoice priced with notice, shown by the thank-you
 * data and payable like any invoice; other accounts and roles cannot reach any of it.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
let fabrikamAccountId: number;

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const invoiceCount = async () => (await t.ctx.db.select({ n: count() }).from(invoices))[0]!.n;
const acceptances = async () => (await t.ctx.db.select({ n: count() }).from(prepayTermsAcceptances))[0]!.n;
const fab = () => cookies["admin@fabrikam.example"];

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@fabrikam.example", "admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "candidate@northwind.example", "admin@contoso.example", "admin@parlance.example"]) {
    cookies[email] = await t.signIn(email);
  }
  fabrikamAccountId = (await t.ctx.db.select({ a: users.accountId }).from(users).where(eq(users.email, "admin@fabrikam.example")))[0]!.a!;
});
afterAll(() => t?.close());

describe("who reaches the prepay routes", () => {
  it("only users of a prepay account: others 403, signed out 401", async () => {
    for (const who of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "candidate@northwind.example", "admin@contoso.example", "admin@parlance.example"]) {
      expect((await get("/api/prepay/terms", cookies[who])).statusCode, who).toBe(403);
      expect((await post("/api/prepay/accept_tos", { accept: true }, cookies[who])).statusCode, who).toBe(403);
      expect((await post("/api/prepay/order", { tests: [{ accountTestId: 1, quantity: 1 }] }, cookies[who])).statusCode, who).toBe(403);
    }
    expect((await get("/api/prepay/terms")).statusCode).toBe(401);
    expect(await acceptances()).toBe(0);
  });
});

describe("the prepay terms", () => {
  it("start unaccepted, with the account's tests at the price with notice", async () => {
    const res = await get("/api/prepay/terms", fab());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ prepay: true, accepted: false, acceptedAt: null, acceptedBy: null });
    expect(body.tests.map((x: { description: string; feeCents: number }) => [x.description, x.feeCents])).toEqual([
      ["English Listening Comprehension", 1500],
      ["English Reading Proficiency", 2300],
      ["Spanish to English Translation", 2900],
    ]);
  });

  it("an order before acceptance is refused with the spec's words, nothing written", async () => {
    const tests = (await get("/api/prepay/terms", fab())).json().tests;
    const before = await invoiceCount();
    const res = await post("/api/prepay/order", { tests: [{ accountTestId: tests[0].accountTestId, quantity: 1 }] }, fab());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("The prepay terms must be accepted before continuing.");
    expect(await invoiceCount()).toBe(before);
  });

  it("Accept must say true (400, nothing changed); then it is remembered for the account, once, and audited", async () => {
    for (const body of [{}, { accept: false }, { accept: "yes" }]) {
      const res = await post("/api/prepay/accept_tos", body, fab());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Please accept the prepay terms to continue.");
    }
    expect(await acceptances()).toBe(0);
    const first = await post("/api/prepay/accept_tos", { accept: true }, fab());
    expect(first.statusCode, first.body).toBe(200);
    const again = await post("/api/prepay/accept_tos", { accept: true }, fab());
    expect(again.json().acceptedAt).toBe(first.json().acceptedAt);
    const page = (await get("/api/prepay/terms", fab())).json();
    expect(page).toMatchObject({ accepted: true, acceptedAt: first.json().acceptedAt, acceptedBy: "Mira Castillo" });
    const audits = await t.ctx.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "prepay.accept_terms"), eq(auditLog.accountId, fabrikamAccountId)));
    expect(audits[0]!.n).toBe(1);
  });
});

describe("POST /api/prepay/order", () => {
  it("bad input answers 400 with a message and writes nothing", async () => {
    const [northwindTest] = await t.ctx.db.select({ id: accountTests.id }).from(accountTests).where(eq(accountTests.accountId, t.ids.accounts.northwind)).limit(1);
    const mine = (await get("/api/prepay/terms", fab())).json().tests[0].accountTestId;
    const before = await invoiceCount();
    const cases: [unknown, string][] = [
      [{ tests: [] }, "Please choose at least one test."],
      [{}, "Please choose at least one test."],
      [{ tests: [{ accountTestId: mine, quantity: 0 }] }, "Each quantity must be a whole number from 1 to 500."],
      [{ tests: [{ accountTestId: mine, quantity: 1.5 }] }, "Each quantity must be a whole number from 1 to 500."],
      [{ tests: [{ accountTestId: mine, quantity: 501 }] }, "Each quantity must be a whole number from 1 to 500."],
      [{ tests: [{ accountTestId: northwindTest!.id, quantity: 1 }] }, "Choose the tests from the account's tests."],
      [{ tests: [{ accountTestId: "x", quantity: 1 }] }, "Choose the tests from the account's tests."],
      [{ tests: [{ accountTestId: mine, quantity: 1 }], purchaseOrder: "P".repeat(51) }, "The purchase order is at most 50 characters."],
    ];
    for (const [body, message] of cases) {
      const res = await post("/api/prepay/order", body, fab());
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it("an order becomes a prepay invoice of the account (due on receipt), audited; it is paid like any invoice", async () => {
    const [listening, , translation] = (await get("/api/prepay/terms", fab())).json().tests;
    const res = await post(
      "/api/prepay/order",
      { tests: [{ accountTestId: listening.accountTestId, quantity: 2 }, { accountTestId: translation.accountTestId, quantity: 1 }, { accountTestId: listening.accountTestId, quantity: 1 }], purchaseOrder: "FT-77" },
      fab(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { invoiceId, number } = res.json();
    expect(number).toMatch(/^INV-\d{4}-\d{4}$/);
    const thanks = (await get(`/api/prepay/orders/${invoiceId}`, fab())).json();
    expect(thanks).toEqual({ invoiceId, number, totalCents: 3 * 1500 + 2900, balanceCents: 3 * 1500 + 2900 });
    const invoice = (await get(`/api/invoices/${invoiceId}`, fab())).json();
    expect(invoice.source).toBe("prepay");
    expect(invoice.invoiceData).toMatchObject({ accountName: "Fabrikam Tutoring", paymentTerms: "Due on receipt", purchaseOrder: "FT-77", department: "testing" });
    expect(invoice.invoiceData.dueDate).toBe(invoice.invoiceData.date);
    expect(invoice.lines.map((l: { quantity: number; amountCents: number }) => [l.quantity, l.amountCents])).toEqual([[3, 4500], [1, 2900]]);
    const audit = await t.ctx.db.select({ details: auditLog.details }).from(auditLog).where(and(eq(auditLog.action, "prepay.order"), eq(auditLog.targetId, String(invoiceId))));
    expect(audit[0]!.details).toMatchObject({ number, totalCents: 7400 });

    // Another account's users never see it.
    expect((await get(`/api/invoices/${invoiceId}`, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await get(`/api/prepay/orders/${invoiceId}`, cookies["admin@northwind.example"])).statusCode).toBe(403);

    const start = (await post(`/api/invoices/${invoiceId}/pay`, {}, fab())).json();
    expect(start.amountCents).toBe(7400);
    expect((await payWithCard(t, start, "4242424242424242")).statusCode).toBe(200);
    expect((await post("/api/payments/complete", { paymentId: start.paymentId }, fab())).json().settled).toBe(true);
    expect((await get(`/api/prepay/orders/${invoiceId}`, fab())).json().balanceCents).toBe(0);
    expect(await balanceMismatches(t)).toEqual({ invoices: [], payments: [] });
  });

  it("the thank-you data of a non-prepay or unknown invoice 404, a bad id 400", async () => {
    const [northwindInvoice] = await t.ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.accountId, t.ids.accounts.northwind)).limit(1);
    expect((await get(`/api/prepay/orders/${northwindInvoice!.id}`, fab())).statusCode).toBe(404);
    expect((await get("/api/prepay/orders/99999", fab())).statusCode).toBe(404);
    const bad = await get("/api/prepay/orders/abc", fab());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The invoice id must be a positive whole number.");
  });
});
