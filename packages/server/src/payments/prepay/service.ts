import { and, asc, eq } from "drizzle-orm";
import { PREPAY_TERMS_VERSION, prepayMessages, type PrepayPage, type prepayRoutes } from "@parlance/contract";
import type { DbContext } from "../../context.js";
import { accounts, accountTests, invoiceLines, invoices, prepayTermsAcceptances, tests, users } from "../../db/schema.js";
import { clientScope, inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { badRequest, unprocessable } from "../../http/errors.js";
import type { InputOf } from "../../http/implement-area.js";
import type { Tx } from "../../db/tx.js";
import { audit } from "../../audit/audit.js";
import { businessDay, insertInvoice, invoicesInScope, nextInvoiceNumber } from "../invoices/records.js";
import { invoiceNotFound } from "../invoices/service.js";

/**
 * Prepay accounts pay for tests ahead and do not assign them: the prepay terms are accepted once
 * per account (the current PREPAY_TERMS_VERSION), then an order of tests becomes an invoice
 * (source "prepay", due on receipt) that the thank-you page links to; the provider schedules the
 * tests when the client contacts it.
 */

export const PREPAY_PAYMENT_TERMS = "Due on receipt";

async function prepayAccount(tx: Tx, scope: ClientScope): Promise<boolean> {
  const [row] = await tx.select({ prepay: accounts.prepay }).from(accounts).where(eq(accounts.id, scope.accountId));
  return row?.prepay ?? false;
}

async function acceptance(tx: Tx, scope: Pick<ClientScope, "accountId">) {
  const [row] = await tx
    .select({ acceptedAt: prepayTermsAcceptances.acceptedAt, version: prepayTermsAcceptances.termsVersion, first: users.firstName, last: users.lastName })
    .from(prepayTermsAcceptances)
    .innerJoin(users, eq(users.id, prepayTermsAcceptances.userId))
    .where(inAccount(scope, prepayTermsAcceptances));
  return row && row.version === PREPAY_TERMS_VERSION ? row : null;
}

/** The account's active tests with the price a prepaid test costs (the price with notice). */
function orderableTests(tx: Tx, scope: Pick<ClientScope, "accountId">) {
  return tx
    .select({ accountTestId: accountTests.id, description: tests.description, durationMinutes: tests.durationMinutes, feeCents: accountTests.feeCents })
    .from(accountTests)
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .where(and(inAccount(scope, accountTests), eq(accountTests.isActive, true), eq(tests.isActive, true)))
    .orderBy(asc(tests.description), asc(accountTests.id));
}

export async function prepayPage({ db }: DbContext, scope: Scope): Promise<PrepayPage> {
  const client = clientScope(scope);
  const accepted = await acceptance(db, client);
  return {
    prepay: await prepayAccount(db, client),
    accepted: accepted !== null,
    acceptedAt: accepted?.acceptedAt.toISOString() ?? null,
    acceptedBy: accepted ? `${accepted.first} ${accepted.last}` : null,
    termsVersion: PREPAY_TERMS_VERSION,
    tests: await orderableTests(db, client),
  };
}

/** Accept posts an acceptance: remembered per account (a repeat keeps the first), audited. */
export async function acceptPrepayTerms({ db }: DbContext, scope: Scope): Promise<{ success: boolean; acceptedAt: string }> {
  const client = clientScope(scope);
  return db.transaction(async (tx) => {
    if (!(await prepayAccount(tx, client))) throw unprocessable(prepayMessages.notPrepay, "billing.prepay.messages.notPrepay");
    const existing = await acceptance(tx, client);
    if (existing) return { success: true, acceptedAt: existing.acceptedAt.toISOString() };
    const [row] = await tx
      .insert(prepayTermsAcceptances)
      .values({ accountId: client.accountId, userId: client.userId, termsVersion: PREPAY_TERMS_VERSION })
      .onConflictDoUpdate({ target: prepayTermsAcceptances.accountId, set: { userId: client.userId, termsVersion: PREPAY_TERMS_VERSION, acceptedAt: new Date() } })
      .returning({ acceptedAt: prepayTermsAcceptances.acceptedAt });
    await audit({ db: tx }, { actor: scope, action: "prepay.accept_terms", targetType: "account", targetId: client.accountId, details: { termsVersion: PREPAY_TERMS_VERSION } });
    return { success: true, acceptedAt: row.acceptedAt.toISOString() };
  });
}

/** An order of tests in advance: one invoice of the account with a line per test. */
export async function orderPrepay({ db }: DbContext, scope: Scope, input: InputOf<typeof prepayRoutes.order>) {
  const client = clientScope(scope);
  return db.transaction(async (tx) => {
    if (!(await prepayAccount(tx, client))) throw unprocessable(prepayMessages.notPrepay, "billing.prepay.messages.notPrepay");
    if (!(await acceptance(tx, client))) throw unprocessable(prepayMessages.termsNotAccepted, "billing.prepay.messages.termsNotAccepted");
    // Repeats of one test add up.
    const wanted = new Map<number, number>();
    for (const t of input.tests) wanted.set(t.accountTestId, (wanted.get(t.accountTestId) ?? 0) + t.quantity);
    const available = (await orderableTests(tx, client)).filter((t) => wanted.has(t.accountTestId));
    if (available.length !== wanted.size) throw badRequest(prepayMessages.badTest, "billing.prepay.messages.badTest");
    if ([...wanted.values()].some((q) => q > 500)) throw badRequest(prepayMessages.badQuantity, "billing.prepay.messages.badQuantity");
    const now = new Date();
    const today = businessDay(now);
    const number = await nextInvoiceNumber(tx, Number(today.slice(0, 4)));
    const { id } = await insertInvoice(tx, {
      number,
      accountId: client.accountId,
      officeId: client.officeId,
      department: "testing",
      invoiceDate: today,
      dueDate: today,
      paymentTerms: PREPAY_PAYMENT_TERMS,
      purchaseOrder: input.purchaseOrder || null,
      source: "prepay",
      createdByUserId: client.userId,
      lines: available.map((t) => ({ description: t.description, quantity: wanted.get(t.accountTestId)!, unitCents: t.feeCents })),
    });
    const totalCents = available.reduce((s, t) => s + t.feeCents * wanted.get(t.accountTestId)!, 0);
    await audit({ db: tx }, { actor: scope, action: "prepay.order", targetType: "invoice", targetId: id, details: { number, totalCents, tests: [...wanted].map(([accountTestId, quantity]) => ({ accountTestId, quantity })) } });
    return { success: true, invoiceId: id, number };
  });
}

/** The thank-you page's invoice: a prepay order of the caller's account. */
export async function prepayOrder({ db }: DbContext, scope: Scope, { id }: { id: number }) {
  const client = clientScope(scope);
  const [row] = await db
    .select({ invoiceId: invoices.id, number: invoices.number, balanceCents: invoices.balanceCents })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.source, "prepay"), invoicesInScope(client)));
  if (!row) throw invoiceNotFound();
  const { totalCents } = await lineTotal(db, id);
  return { ...row, totalCents };
}

async function lineTotal(tx: Tx, invoiceId: number): Promise<{ totalCents: number }> {
  const rows = await tx.select({ amountCents: invoiceLines.amountCents }).from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  return { totalCents: rows.reduce((s, r) => s + r.amountCents, 0) };
}
