import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { auditLog, invoicePayments, invoices, payments } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { pdfText } from "../../results/reports/test-fixtures.js";
import { balanceMismatches, payWithCard, invoicesOf, signInSeattleUser } from "../test-fixtures.js";

/**
 * Invoices: who reaches which (account, office billed individually, another tenant), the PDF,
 * the anonymous key (a wrong key 404 and nothing more), paying the balance by card with the local
 * processor (a declined card changes nothing), and balances that add up.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
let northwind: Awaited<ReturnType<typeof invoicesOf>>;
let contoso: Awaited<ReturnType<typeof invoicesOf>>;
let seattleOpen: { id: number; invoiceKey: string; balanceCents: number };

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const paymentCount = async () => (await t.ctx.db.select({ n: count() }).from(payments))[0]!.n;
const invoiceRow = async (id: number) => (await t.ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@northwind.example", "user@northwind.example", "office.admin@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example", "admin@parlance.example", "admin@fabrikam.example"]) {
    cookies[email] = await t.signIn(email);
  }
  cookies.seattle = await signInSeattleUser(t);
  northwind = await invoicesOf(t, t.ids.accounts.northwind);
  contoso = await invoicesOf(t, t.ids.accounts.contoso);
  const open = northwind.filter((i) => i.officeId !== null);
  seattleOpen = open[open.length - 1]!;
});
afterAll(() => t?.close());

describe("the demo world's invoices", () => {
  it("Northwind has two Seattle invoices (billed individually) and an account-level one; Contoso one; balances add up", async () => {
    expect(northwind).toHaveLength(3);
    expect(northwind.filter((i) => i.officeId !== null)).toHaveLength(2);
    expect(contoso).toHaveLength(1);
    expect(new Set([...northwind, ...contoso].map((i) => i.invoiceKey)).size).toBe(4);
    for (const i of [...northwind, ...contoso]) expect(i.invoiceKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await balanceMismatches(t)).toEqual({ invoices: [], payments: [] });
  });
});

describe("GET /api/invoices/list", () => {
  it("each role sees its account's or office's invoices only", async () => {
    const numbers = async (who: string) => {
      const res = await get("/api/invoices/list", cookies[who]);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
      return (res.json().invoices as { number: string }[]).map((i) => i.number).sort();
    };
    expect(await numbers("admin@northwind.example")).toEqual(northwind.map((i) => i.number).sort());
    expect(await numbers("user@northwind.example")).toEqual(northwind.map((i) => i.number).sort());
    expect(await numbers("seattle")).toEqual(northwind.filter((i) => i.officeId !== null).map((i) => i.number).sort());
    expect(await numbers("office.admin@northwind.example")).toEqual([]); // Boston is not billed
    expect(await numbers("office.user@northwind.example")).toEqual([]);
    expect(await numbers("admin@contoso.example")).toEqual(contoso.map((i) => i.number));
    expect(await numbers("admin@fabrikam.example")).toEqual([]);
  });

  it("each row's total is its lines' sum and its balance the invoice's", async () => {
    const list = (await get("/api/invoices/list", cookies["admin@northwind.example"])).json().invoices as { id: number; totalCents: number; balanceCents: number; officeName: string | null }[];
    for (const row of list) {
      const detail = (await get(`/api/invoices/${row.id}`, cookies["admin@northwind.example"])).json();
      expect(row.totalCents).toBe(detail.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0));
      expect(row.balanceCents).toBe(detail.invoiceData.balanceCents);
      expect(row.officeName).toBe(detail.officeName);
    }
    expect(list.map((r) => r.officeName)).toEqual(["Seattle", null, "Seattle"]);
  });

  it("a candidate and provider staff 403, signed out 401, a bad page 400", async () => {
    expect((await get("/api/invoices/list", cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await get("/api/invoices/list", cookies["admin@parlance.example"])).statusCode).toBe(403);
    expect((await get("/api/invoices/list")).statusCode).toBe(401);
    const bad = await get("/api/invoices/list?page=abc", cookies["admin@northwind.example"]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The page must be a whole number of at least 1.");
  });
});

describe("GET /api/invoices/:id", () => {
  it("answers the spec's Invoice fields and invoiceKey; balance = lines − payments", async () => {
    const res = await get(`/api/invoices/${seattleOpen.id}`, cookies["admin@northwind.example"]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body.invoiceData).sort()).toEqual(["accountName", "balanceCents", "date", "department", "dueDate", "number", "paymentTerms", "purchaseOrder"]);
    expect(body.invoiceData).toMatchObject({ accountName: "Northwind Health", department: "testing", paymentTerms: "Net 30", purchaseOrder: "PO-SEA-4502" });
    expect(body.invoiceKey).toBe(seattleOpen.invoiceKey);
    expect(body.officeName).toBe("Seattle");
    // 12 × $15 + 4 × $23 + 2 × $29
    expect(body.totalCents).toBe(12 * 1500 + 4 * 2300 + 2 * 2900);
    expect(body.invoiceData.balanceCents).toBe(body.totalCents - body.paidCents);
    expect(body.lines.map((l: { quantity: number }) => l.quantity)).toEqual([12, 4, 2]);
  });

  it("the Seattle user reaches it; Boston's office users, Contoso and Fabrikam get 404; a candidate 403; a bad id 400", async () => {
    expect((await get(`/api/invoices/${seattleOpen.id}`, cookies.seattle)).statusCode).toBe(200);
    for (const who of ["office.admin@northwind.example", "office.user@northwind.example", "admin@contoso.example", "admin@fabrikam.example"]) {
      const res = await get(`/api/invoices/${seattleOpen.id}`, cookies[who]);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ message: "That invoice was not found.", messageKey: "billing.messages.notFound" });
    }
    expect((await get(`/api/invoices/${contoso[0]!.id}`, cookies["admin@northwind.example"])).statusCode).toBe(404);
    const accountLevel = northwind.find((i) => i.officeId === null)!;
    expect((await get(`/api/invoices/${accountLevel.id}`, cookies.seattle)).statusCode).toBe(404);
    expect((await get(`/api/invoices/${seattleOpen.id}`, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await get(`/api/invoices/${seattleOpen.id}`)).statusCode).toBe(401);
    const bad = await get("/api/invoices/0", cookies["admin@northwind.example"]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The invoice id must be a positive whole number.");
  });
});

describe("GET /account/invoices/:id/download", () => {
  it("is a real PDF of the invoice in the reader's language", async () => {
    const res = await get(`/account/invoices/${seattleOpen.id}/download`, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="invoice-INV-\d{4}-\d{4}\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(res.rawPayload);
    const number = northwind.find((i) => i.id === seattleOpen.id)!.number;
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain("Northwind Health");
    expect(text).toContain("Seattle");
    expect(text).toContain("PO-SEA-4502");
    expect(text).toContain("English Listening Comprehension");
    expect(text).toContain("$180.00"); // 12 × $15.00
    expect(text).toContain(`/invoices/pay/${seattleOpen.invoiceKey}`);
    const zh = await get(`/account/invoices/${seattleOpen.id}/download?lang=zh-HANS`, cookies["admin@northwind.example"]);
    expect(zh.statusCode).toBe(200);
    expect(pdfText(zh.rawPayload)).toContain(`发票 ${number}`);
  });

  it("another tenant's or office's invoice 404, signed out 401", async () => {
    expect((await get(`/account/invoices/${seattleOpen.id}/download`, cookies["admin@contoso.example"])).statusCode).toBe(404);
    expect((await get(`/account/invoices/${seattleOpen.id}/download`, cookies["office.user@northwind.example"])).statusCode).toBe(404);
    expect((await get(`/account/invoices/${seattleOpen.id}/download`)).statusCode).toBe(401);
  });
});

describe("the anonymous invoice key", () => {
  it("GET /api/invoices/by_key/:key answers the invoice to anyone holding the key, with the processor's public key", async () => {
    const res = await get(`/api/invoices/by_key/${seattleOpen.invoiceKey}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invoiceKey).toBe(seattleOpen.invoiceKey);
    expect(body.stripePublicKey).toBe(t.ctx.config.payments.publishableKey);
    expect(body.invoiceData.accountName).toBe("Northwind Health");
    expect(Object.keys(body).sort()).toEqual(["invoiceData", "invoiceKey", "lines", "paidCents", "payments", "stripePublicKey", "totalCents"]);
  });

  it("a wrong, altered or malformed key answers 404 with nothing else, and paying with it creates nothing", async () => {
    const before = await paymentCount();
    const altered = (seattleOpen.invoiceKey[0] === "A" ? "B" : "A") + seattleOpen.invoiceKey.slice(1);
    for (const key of [altered, "AAAAAAAAAAAAAAAAAAAAAA", "short", "x".repeat(100), "%27%20or%201%3D1"]) {
      const res = await get(`/api/invoices/by_key/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ message: "That invoice was not found.", messageKey: "billing.messages.notFound" });
      expect((await post(`/api/invoices/by_key/${key}/pay`, {})).statusCode).toBe(404);
    }
    // Past 100 characters the router refuses the path parameter itself (Fastify's maxParamLength).
    expect((await get(`/api/invoices/by_key/${"x".repeat(101)}`)).statusCode).toBe(414);
    expect(await paymentCount()).toBe(before);
  });
});

describe("paying an invoice by card", () => {
  it("a declined card shows the processor's message and changes nothing", async () => {
    const before = await invoiceRow(seattleOpen.id);
    const start = await post(`/api/invoices/by_key/${seattleOpen.invoiceKey}/pay`, {});
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().amountCents).toBe(before.balanceCents);
    const declined = await payWithCard(t, start.json(), "4000000000000002");
    expect(declined.statusCode).toBe(402);
    expect(declined.json().message).toBe("Your card was declined.");
    const outcome = await post("/api/payments/complete", { paymentId: start.json().paymentId, clientSecret: start.json().clientSecret });
    expect(outcome.json()).toMatchObject({ settled: false, state: "failed" });
    expect(await invoiceRow(seattleOpen.id)).toEqual(before);
  });

  it("the anonymous payer pays the balance with 4242…: the invoice is paid once, audited, and the balances add up", async () => {
    const start = (await post(`/api/invoices/by_key/${seattleOpen.invoiceKey}/pay`, {})).json();
    const confirmed = await payWithCard(t, start, "4242424242424242");
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // Without the client secret an anonymous caller cannot see or settle the payment.
    expect((await post("/api/payments/complete", { paymentId: start.paymentId })).statusCode).toBe(404);
    const done = await post("/api/payments/complete", { paymentId: start.paymentId, clientSecret: start.clientSecret });
    expect(done.json()).toMatchObject({ settled: true, state: "succeeded", brand: "visa", last4: "4242" });
    await post("/api/payments/complete", { paymentId: start.paymentId, clientSecret: start.clientSecret });
    const page = (await get(`/api/invoices/by_key/${seattleOpen.invoiceKey}`)).json();
    expect(page.invoiceData.balanceCents).toBe(0);
    expect(page.invoiceData.paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.payments).toHaveLength(1);
    expect(page.paidCents).toBe(page.totalCents);
    const applied = await t.ctx.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, seattleOpen.id));
    expect(applied).toHaveLength(1);
    expect(applied[0]!.amountCents).toBe(start.amountCents);
    const audits = await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.targetType, "invoice"), eq(auditLog.targetId, String(seattleOpen.id))));
    expect(audits.map((a) => a.action)).toEqual(["invoices.payment_applied"]);
    const paid = await t.ctx.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "payments.paid"), eq(auditLog.targetId, String(start.paymentId))));
    expect(paid[0]!.n).toBe(1);
    expect(await balanceMismatches(t)).toEqual({ invoices: [], payments: [] });
  });

  it("nothing left to pay: 422 and no payment started", async () => {
    const before = await paymentCount();
    const res = await post(`/api/invoices/${seattleOpen.id}/pay`, {}, cookies["admin@northwind.example"]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe("This invoice has nothing left to pay.");
    expect((await post(`/api/invoices/by_key/${seattleOpen.invoiceKey}/pay`, {})).statusCode).toBe(422);
    expect(await paymentCount()).toBe(before);
  });

  it("the account's user pays from the invoice page; another tenant, office or role cannot start one", async () => {
    const target = northwind.find((i) => i.officeId === null)!;
    const before = await paymentCount();
    for (const [who, status] of [["admin@contoso.example", 404], ["seattle", 404], ["office.user@northwind.example", 404], ["candidate@northwind.example", 403], ["admin@parlance.example", 403]] as const) {
      expect((await post(`/api/invoices/${target.id}/pay`, {}, cookies[who])).statusCode, who).toBe(status);
    }
    expect((await post(`/api/invoices/${target.id}/pay`, {})).statusCode).toBe(401);
    expect(await paymentCount()).toBe(before);
    const start = await post(`/api/invoices/${target.id}/pay`, {}, cookies["user@northwind.example"]);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().amountCents).toBe(22 * 4500);
    expect((await payWithCard(t, start.json(), "4242424242424242")).statusCode).toBe(200);
    expect((await post("/api/payments/complete", { paymentId: start.json().paymentId }, cookies["user@northwind.example"])).json().settled).toBe(true);
    const row = await invoiceRow(target.id);
    expect(row.balanceCents).toBe(0);
    expect(row.paidOn).not.toBeNull();
    expect(await balanceMismatches(t)).toEqual({ invoices: [], payments: [] });
  });
});
