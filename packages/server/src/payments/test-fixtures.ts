import { eq, sql } from "drizzle-orm";
import { Role } from "@parlance/contract";
import { invoices, offices, users } from "../db/schema.js";
import { hashPassword } from "../auth/passwords.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import { rowsOf } from "../db/rows.js";
import type { TestApp } from "../test/harness.js";

/** Test helpers of the payments area: card payments, invoices, prepay, translation charges (used only by *.api.test.ts). */
const EXP = { exp_month: 9, exp_year: 2041 };

/** The browser's part, as the local card form does it: the card to the processor, then confirm. */
export async function payWithCard(app: TestApp, start: { chargeIdentifier: string; clientSecret: string; publicKey: string }, number: string) {
  const pm = await app.request({ method: "POST", url: "/test-processor/v1/payment_methods", body: { key: start.publicKey, type: "card", card: { number, ...EXP, cvc: "072" } } });
  if (pm.statusCode !== 200) return pm;
  return app.request({
    method: "POST",
    url: `/test-processor/v1/payment_intents/${start.chargeIdentifier}/confirm`,
    body: { key: start.publicKey, client_secret: start.clientSecret, payment_method: pm.json().id },
  });
}

/** A Testing Office User of Northwind's Seattle office (the office billed individually), signed in. */
export async function signInSeattleUser(t: TestApp): Promise<string> {
  const [seattle] = await t.ctx.db.select({ id: offices.id }).from(offices).where(eq(offices.name, "Seattle"));
  const email = `seattle.${Math.random().toString(36).slice(2, 8)}@northwind.example`;
  await t.ctx.db.insert(users).values({
    email,
    firstName: "Sam",
    lastName: "Yoon",
    roles: [Role.TestingOfficeUser, Role.User],
    accountId: t.ids.accounts.northwind,
    officeId: seattle!.id,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  return t.signIn(email);
}

/** Invoice ids by number prefix order: the demo world's invoices of an account. */
export async function invoicesOf(t: TestApp, accountId: number) {
  return t.ctx.db.select({ id: invoices.id, number: invoices.number, officeId: invoices.officeId, balanceCents: invoices.balanceCents, invoiceKey: invoices.invoiceKey }).from(invoices).where(eq(invoices.accountId, accountId)).orderBy(invoices.id);
}

/**
 * Every invoice whose stored balance is not its lines' total minus its settled payments, and every
 * settled payment whose amount is not what was applied to invoices (for payments of invoices).
 */
export async function balanceMismatches(t: TestApp) {
  const invoiceRows = await rowsOf<{ id: number }>(
    t.ctx.db,
    sql`select i.id from invoices i
        where i.balance_cents <> coalesce((select sum(amount_cents) from invoice_lines l where l.invoice_id = i.id), 0)
                                - coalesce((select sum(amount_cents) from invoice_payments p where p.invoice_id = i.id), 0)
           or (i.balance_cents <= 0) <> (i.paid_on is not null)`,
  );
  const paymentRows = await rowsOf<{ id: number }>(
    t.ctx.db,
    sql`select p.id from payments p
        where p.purpose = 'invoice' and p.settled_at is not null
          and p.amount_cents <> coalesce((select sum(amount_cents) from invoice_payments ip where ip.payment_id = p.id), 0)`,
  );
  return { invoices: invoiceRows.map((r) => r.id), payments: paymentRows.map((r) => r.id) };
}
