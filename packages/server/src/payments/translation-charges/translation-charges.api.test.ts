import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { auditLog, payments, translationCharges, users } from "../../db/schema.js";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { payWithCard } from "../test-fixtures.js";

/**
 * Translation project charges: the provider's staff create them (bad input 400, nothing written),
 * the account's users see and pay them by card (the spec's Card charge fields), another tenant 404,
 * a declined card changes nothing, a paid charge cannot be paid twice; all audited.
 */
let t: TestApp;
const cookies: Record<string, string> = {};
let northwindCharge: number;
let contosoCharge: number;

const get = (url: string, cookie?: string) => t.request({ method: "GET", url, cookie });
const post = (url: string, body: unknown, cookie?: string) => t.request({ method: "POST", url, cookie, body });
const chargeCount = async () => (await t.ctx.db.select({ n: count() }).from(translationCharges))[0]!.n;
const paymentCount = async () => (await t.ctx.db.select({ n: count() }).from(payments))[0]!.n;
const charge = async (id: number) => (await t.ctx.db.select().from(translationCharges).where(eq(translationCharges.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  for (const email of ["admin@parlance.example", "executive@parlance.example", "admin@northwind.example", "user@northwind.example", "office.user@northwind.example", "candidate@northwind.example", "admin@contoso.example", "admin@fabrikam.example"]) {
    cookies[email] = await t.signIn(email);
  }
  const byAccount = async (accountId: number) => (await t.ctx.db.select({ id: translationCharges.id }).from(translationCharges).where(eq(translationCharges.accountId, accountId)))[0]!.id;
  northwindCharge = await byAccount(t.ids.accounts.northwind);
  contosoCharge = await byAccount(t.ids.accounts.contoso);
});
afterAll(() => t?.close());

describe("POST /api/translation_charges/create", () => {
  const valid = () => ({ accountId: t.ids.accounts.northwind, saleNumber: "TR-30001", description: "Translation of a clinic brochure (4 pages)", amountCents: 36000 });

  it("the provider's Administrator creates a charge for an account: its link, audited", async () => {
    const res = await post("/api/translation_charges/create", valid(), cookies["admin@parlance.example"]);
    expect(res.statusCode, res.body).toBe(200);
    const { id, link } = res.json();
    expect(link).toBe(`/translation/projects/charge/${id}`);
    expect(await charge(id)).toMatchObject({ accountId: t.ids.accounts.northwind, amountCents: 36000, paidAt: null });
    const audits = await t.ctx.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "translation.charge_created"), eq(auditLog.targetId, String(id))));
    expect(audits[0]!.n).toBe(1);
  });

  it("client users and other staff 403, signed out 401", async () => {
    const before = await chargeCount();
    for (const who of ["admin@northwind.example", "admin@contoso.example", "candidate@northwind.example", "executive@parlance.example"]) {
      expect((await post("/api/translation_charges/create", valid(), cookies[who])).statusCode, who).toBe(403);
    }
    expect((await post("/api/translation_charges/create", valid())).statusCode).toBe(401);
    expect(await chargeCount()).toBe(before);
  });

  it("bad input 400 with its message; an unknown account 404; an account without translation 422; nothing written", async () => {
    const before = await chargeCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ amountCents: 0 }, "The amount must be a whole number of cents from 1 to 10000000."],
      [{ amountCents: 12.5 }, "The amount must be a whole number of cents from 1 to 10000000."],
      [{ amountCents: "100" }, "The amount must be a whole number of cents from 1 to 10000000."],
      [{ amountCents: 10_000_001 }, "The amount must be a whole number of cents from 1 to 10000000."],
      [{ saleNumber: "  " }, "Please provide the project's sale number."],
      [{ description: undefined }, "Please provide a description."],
      [{ accountId: -1 }, "The account id must be a positive whole number."],
    ];
    for (const [change, message] of cases) {
      const res = await post("/api/translation_charges/create", { ...valid(), ...change }, cookies["admin@parlance.example"]);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await post("/api/translation_charges/create", { ...valid(), accountId: 99999 }, cookies["admin@parlance.example"])).statusCode).toBe(404);
    const fabrikam = (await t.ctx.db.select({ a: users.accountId }).from(users).where(eq(users.email, "admin@fabrikam.example")))[0]!.a!;
    const noTranslation = await post("/api/translation_charges/create", { ...valid(), accountId: fabrikam }, cookies["admin@parlance.example"]);
    expect(noTranslation.statusCode).toBe(422);
    expect(noTranslation.json().message).toBe("That account does not buy translation.");
    expect(await chargeCount()).toBe(before);
  });
});

describe("GET /api/translation_charges/:id", () => {
  it("answers the spec's Card charge to the account's users", async () => {
    for (const who of ["admin@northwind.example", "user@northwind.example", "office.user@northwind.example"]) {
      const res = await get(`/api/translation_charges/${northwindCharge}`, cookies[who]);
      expect(res.statusCode, who).toBe(200);
      expect(res.json()).toEqual({
        id: northwindCharge,
        amount: 126000,
        charge_identifier: `translation:${northwindCharge}`,
        description: "Translation of patient discharge instructions into Spanish and Vietnamese (14 pages)",
        saleNumber: "TR-20417",
        stripePublicKey: t.ctx.config.payments.publishableKey,
        accountName: "Northwind Health",
        paidAt: null,
      });
    }
  });

  it("another tenant's charge 404; a candidate, staff and an account without translation 403; a bad id 400", async () => {
    expect((await get(`/api/translation_charges/${northwindCharge}`, cookies["admin@contoso.example"])).statusCode).toBe(404);
    expect((await get(`/api/translation_charges/${contosoCharge}`, cookies["admin@northwind.example"])).statusCode).toBe(404);
    expect((await get(`/api/translation_charges/${northwindCharge}`, cookies["candidate@northwind.example"])).statusCode).toBe(403);
    expect((await get(`/api/translation_charges/${northwindCharge}`, cookies["admin@parlance.example"])).statusCode).toBe(403);
    expect((await get(`/api/translation_charges/${northwindCharge}`, cookies["admin@fabrikam.example"])).statusCode).toBe(403);
    const bad = await get("/api/translation_charges/x", cookies["admin@northwind.example"]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("The charge id must be a positive whole number.");
  });
});

describe("paying a translation charge by card", () => {
  it("another tenant cannot start a payment of it", async () => {
    const before = await paymentCount();
    expect((await post(`/api/translation_charges/${northwindCharge}/pay`, {}, cookies["admin@contoso.example"])).statusCode).toBe(404);
    expect((await post(`/api/translation_charges/${northwindCharge}/pay`, {})).statusCode).toBe(401);
    expect(await paymentCount()).toBe(before);
  });

  it("a declined card leaves it unpaid; 4242… pays it once, audited; then it cannot be paid again", async () => {
    const declined = (await post(`/api/translation_charges/${northwindCharge}/pay`, {}, cookies["user@northwind.example"])).json();
    expect(declined.amountCents).toBe(126000);
    const refusal = await payWithCard(t, declined, "4000000000000002");
    expect(refusal.json().message).toBe("Your card was declined.");
    expect((await post("/api/payments/complete", { paymentId: declined.paymentId }, cookies["user@northwind.example"])).json().settled).toBe(false);
    expect((await charge(northwindCharge)).paidAt).toBeNull();

    const start = (await post(`/api/translation_charges/${northwindCharge}/pay`, {}, cookies["user@northwind.example"])).json();
    expect((await payWithCard(t, start, "4242424242424242")).statusCode).toBe(200);
    expect((await post("/api/payments/complete", { paymentId: start.paymentId }, cookies["user@northwind.example"])).json().settled).toBe(true);
    const row = await charge(northwindCharge);
    expect(row.paidAt).not.toBeNull();
    expect(row.paymentId).toBe(start.paymentId);
    expect((await get(`/api/translation_charges/${northwindCharge}`, cookies["admin@northwind.example"])).json().paidAt).toBe(row.paidAt!.toISOString());
    const audits = await t.ctx.db.select({ n: count() }).from(auditLog).where(and(eq(auditLog.action, "translation.charge_paid"), eq(auditLog.targetId, String(northwindCharge))));
    expect(audits[0]!.n).toBe(1);
    const before = await paymentCount();
    const again = await post(`/api/translation_charges/${northwindCharge}/pay`, {}, cookies["admin@northwind.example"]);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe("This charge has already been paid.");
    expect(await paymentCount()).toBe(before);
  });
});
