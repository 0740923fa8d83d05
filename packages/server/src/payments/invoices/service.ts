import { and, desc, eq, sql } from "drizzle-orm";
import { PAGE_SIZE, anonymousInvoicePath, pageCountOf, invoiceMessages, type CardPaymentStart, type AnonymousInvoicePage, type InvoiceListItem, type InvoicePage, type InvoiceDepartment, type Language } from "@parlance/contract";
import type { AppContext, DbContext } from "../../context.js";
import { invoices } from "../../db/schema.js";
import { clientScope, type Scope } from "../../auth/scope.js";
import { HttpError, unprocessable } from "../../http/errors.js";
import type { InputOf } from "../../http/implement-area.js";
import type { invoiceRoutes } from "@parlance/contract";
import type { PdfFile } from "../../http/pdf.js";
import { paymentProcessor } from "../processor/index.js";
import { invoiceView, invoicesInScope, selectInvoices, type InvoiceRow } from "./records.js";
import { invoicePdf } from "./document.js";
import { invoiceItem } from "./fee-source.js";
import { startCardPayment } from "../start.js";

/** Invoices of the account's users (office users: their office's) and of the anonymous key. */

export const invoiceNotFound = () => new HttpError(404, invoiceMessages.notFound, "billing.messages.notFound");

export async function listInvoices({ db }: DbContext, scope: Scope, { page }: InputOf<typeof invoiceRoutes.list>) {
  const reach = invoicesInScope(clientScope(scope));
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(reach);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      date: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      department: invoices.department,
      balanceCents: invoices.balanceCents,
      paidOn: invoices.paidOn,
      // Written out with their tables: inside a subquery drizzle names a column without its table.
      officeName: sql<string | null>`(select o.name from offices o where o.id = "invoices"."office_id")`,
      totalCents: sql<number>`(select coalesce(sum(l.amount_cents), 0)::int from invoice_lines l where l.invoice_id = "invoices"."id")`,
    })
    .from(invoices)
    .where(reach)
    .orderBy(desc(invoices.invoiceDate), desc(invoices.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const list: InvoiceListItem[] = rows.map((r) => ({ ...r, department: r.department as InvoiceDepartment, totalCents: Number(r.totalCents) }));
  return { invoices: list, itemCount: n, pageCount: pageCountOf(n) };
}

/** One invoice in the caller's reach, or 404 (another account's or office's answers exactly like a missing one). */
export async function invoiceInScope(db: DbContext["db"], scope: Scope, id: number): Promise<InvoiceRow> {
  const [row] = await selectInvoices(db, and(eq(invoices.id, id), invoicesInScope(clientScope(scope)))!);
  if (!row) throw invoiceNotFound();
  return row;
}

export async function getInvoice({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<InvoicePage> {
  const row = await invoiceInScope(db, scope, id);
  return { id: row.id, invoiceKey: row.invoiceKey, officeName: row.officeName, source: row.source, ...(await invoiceView(db, row)) };
}

/** The invoice of an anonymous key; any other text answers 404 and says nothing more. */
export async function invoiceOfKey(db: DbContext["db"], key: string): Promise<InvoiceRow> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) throw invoiceNotFound();
  const [row] = await selectInvoices(db, eq(invoices.invoiceKey, key));
  if (!row) throw invoiceNotFound();
  return row;
}

export async function anonymousInvoice(ctx: AppContext, { key }: { key: string }): Promise<AnonymousInvoicePage> {
  const row = await invoiceOfKey(ctx.db, key);
  return { invoiceKey: row.invoiceKey, stripePublicKey: paymentProcessor(ctx).publicKey, ...(await invoiceView(ctx.db, row)) };
}

export async function invoiceDownload(ctx: AppContext, scope: Scope, { id, language }: { id: number; language: Language }): Promise<PdfFile> {
  const row = await invoiceInScope(ctx.db, scope, id);
  const view = await invoiceView(ctx.db, row);
  return invoicePdf({ ...view, officeName: row.officeName, payUrl: `${ctx.config.publicUrl}${anonymousInvoicePath(row.invoiceKey)}` }, language);
}

/** Starts a card payment of the whole balance (the caller's account's invoice, or the key's). */
async function payBalance(ctx: AppContext, scope: Scope | null, row: InvoiceRow, payerUserId: number | null): Promise<CardPaymentStart> {
  if (row.balanceCents <= 0) throw unprocessable(invoiceMessages.nothingDue, "billing.messages.nothingDue");
  return startCardPayment(ctx, scope, { items: [invoiceItem(row)], description: `Invoice ${row.number} (${row.accountName})`, accountId: row.accountId, payerUserId });
}

export async function payInvoice(ctx: AppContext, scope: Scope, { id }: { id: number }): Promise<CardPaymentStart> {
  return payBalance(ctx, scope, await invoiceInScope(ctx.db, scope, id), scope.userId);
}

/** The anonymous payer: the key is the only credential; the payment has no payer user. */
export async function payInvoiceByKey(ctx: AppContext, { key }: { key: string }): Promise<CardPaymentStart> {
  return payBalance(ctx, null, await invoiceOfKey(ctx.db, key), null);
}
