import { randomBytes } from "node:crypto";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { InvoiceData, InvoiceDepartment, InvoiceView } from "@parlance/contract";
import { accounts, invoiceLines, invoicePayments, invoices, offices } from "../../db/schema.js";
import type { Tx } from "../../db/tx.js";
import { rowsInScope, type ClientScope } from "../../auth/scope.js";

/**
 * Invoice rows: who reaches them, how one is read with its lines and payments, and the balance
 * rule (balance = the lines' total − the settled payments applied to it), kept by one statement.
 */

/** The unguessable key of the anonymous payment link: 128 random bits, base64url (22 characters). */
export const newInvoiceKey = (): string => randomBytes(16).toString("base64url");

/** Invoices a client reaches: the account's; an office-bound caller only their office's. */
export function invoicesInScope(scope: ClientScope): SQL {
  return rowsInScope(scope, invoices);
}

/** A calendar day in Eastern Time (the provider's business zone). */
export function businessDay(at: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

export const invoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  accountId: invoices.accountId,
  accountName: accounts.name,
  officeName: offices.name,
  department: invoices.department,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  paymentTerms: invoices.paymentTerms,
  purchaseOrder: invoices.purchaseOrder,
  balanceCents: invoices.balanceCents,
  paidOn: invoices.paidOn,
  invoiceKey: invoices.invoiceKey,
  source: invoices.source,
};

export type InvoiceRow = Awaited<ReturnType<typeof selectInvoices>>[number];

/** Invoices with their account's and office's names, by a condition. */
export function selectInvoices(tx: Tx, where: SQL) {
  return tx
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(accounts, eq(accounts.id, invoices.accountId))
    .leftJoin(offices, eq(offices.id, invoices.officeId))
    .where(where);
}

/** The spec's Invoice of a row (optional fields left out when unknown). */
export function invoiceDataOf(row: InvoiceRow): InvoiceData {
  return {
    number: row.number,
    accountName: row.accountName,
    balanceCents: row.balanceCents,
    department: row.department as InvoiceDepartment,
    date: row.invoiceDate,
    ...(row.dueDate ? { dueDate: row.dueDate } : {}),
    ...(row.paymentTerms ? { paymentTerms: row.paymentTerms } : {}),
    ...(row.purchaseOrder ? { purchaseOrder: row.purchaseOrder } : {}),
    ...(row.paidOn ? { paidOn: row.paidOn } : {}),
  };
}

/** An invoice's lines and settled payments with their totals. */
export async function invoiceView(tx: Tx, row: InvoiceRow): Promise<InvoiceView> {
  const lines = await tx
    .select({ id: invoiceLines.id, description: invoiceLines.description, quantity: invoiceLines.quantity, unitCents: invoiceLines.unitCents, amountCents: invoiceLines.amountCents })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
  const paid = await tx
    .select({ amountCents: invoicePayments.amountCents, settledAt: invoicePayments.settledAt })
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, row.id))
    .orderBy(asc(invoicePayments.settledAt), asc(invoicePayments.paymentId));
  const totalCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const paidCents = paid.reduce((s, p) => s + p.amountCents, 0);
  return {
    invoiceData: invoiceDataOf(row),
    lines,
    payments: paid.map((p) => ({ amountCents: p.amountCents, settledAt: p.settledAt.toISOString() })),
    totalCents,
    paidCents,
  };
}

/**
 * Sets an invoice's balance to its lines' total minus its settled payments, and its paid-on day
 * when the balance reaches zero or less (cleared if it rises again). Returns the new balance.
 */
export async function recomputeBalance(tx: Tx, invoiceId: number, at = new Date()): Promise<number> {
  const [row] = await tx
    .update(invoices)
    .set({
      // Tables written out: inside a subquery drizzle names a column without its table.
      balanceCents: sql`(select coalesce(sum(l.amount_cents), 0) from invoice_lines l where l.invoice_id = "invoices"."id")
        - (select coalesce(sum(p.amount_cents), 0) from invoice_payments p where p.invoice_id = "invoices"."id")`,
    })
    .where(eq(invoices.id, invoiceId))
    .returning({ balanceCents: invoices.balanceCents, paidOn: invoices.paidOn });
  if (!row) return 0;
  const paidOn = row.balanceCents <= 0 ? (row.paidOn ?? businessDay(at)) : null;
  if (paidOn !== row.paidOn) await tx.update(invoices).set({ paidOn }).where(eq(invoices.id, invoiceId));
  return row.balanceCents;
}

export interface NewInvoice {
  number: string;
  accountId: number;
  officeId: number | null;
  department: InvoiceDepartment;
  invoiceDate: string;
  dueDate: string | null;
  paymentTerms: string | null;
  purchaseOrder: string | null;
  source: "billing" | "prepay";
  createdByUserId: number | null;
  lines: { description: string; quantity: number; unitCents: number }[];
}

/** Writes an invoice with its lines; its balance is the lines' total. */
export async function insertInvoice(tx: Tx, inv: NewInvoice): Promise<{ id: number; invoiceKey: string }> {
  const { lines, ...fields } = inv;
  const invoiceKey = newInvoiceKey();
  const [row] = await tx
    .insert(invoices)
    .values({ ...fields, balanceCents: 0, invoiceKey })
    .returning({ id: invoices.id });
  if (lines.length > 0) {
    await tx.insert(invoiceLines).values(lines.map((l, i) => ({ invoiceId: row.id, position: i + 1, description: l.description, quantity: l.quantity, unitCents: l.unitCents, amountCents: l.quantity * l.unitCents })));
  }
  await recomputeBalance(tx, row.id);
  return { id: row.id, invoiceKey };
}

/** The next invoice number of a year: INV-2026-0001, … (unique; taken under the caller's transaction). */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const prefix = `INV-${year}-`;
  // Serialise numbering: two orders at once must not take the same number.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-number'))`);
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(split_part(${invoices.number}, '-', 3)::int), 0)` })
    .from(invoices)
    .where(sql`${invoices.number} like ${prefix + "%"} and split_part(${invoices.number}, '-', 3) ~ '^[0-9]{1,9}$'`);
  return `${prefix}${String(Number(row?.n ?? 0) + 1).padStart(4, "0")}`;
}
