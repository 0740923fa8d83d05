import { DATE_STYLE, INTL_LOCALE, type InvoiceView, type Language } from "@parlance/contract";
import { PdfWriter } from "../../pdf/writer.js";
import { facts, finishWithPages, table, urlLine } from "../../pdf/layout.js";
import { translate } from "../../i18n/catalog.js";
import type { PdfFile } from "../../http/pdf.js";
import { businessDay } from "./records.js";

/**
 * The invoice as a PDF in the reader's language: the spec's Invoice fields, the lines, the payments
 * applied and the balance, and the anonymous payment address. Money in dollars with two decimals
 * (a negative amount with a leading minus), as the screens show it.
 */

export function moneyText(cents: number, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** A calendar day (YYYY-MM-DD), at noon UTC so that no zone moves it. */
function dayText(day: string, language: Language): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { ...DATE_STYLE, timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
}

export interface InvoiceDocumentInput extends InvoiceView {
  officeName: string | null;
  /** The anonymous payment page's full address. */
  payUrl: string;
}

export async function invoicePdf(inv: InvoiceDocumentInput, language: Language): Promise<PdfFile> {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(language, `billing.${key}`, vars);
  const money = (cents: number) => moneyText(cents, language);
  const d = inv.invoiceData;
  const w = new PdfWriter({ title: t("pdf.title", { number: d.number }), subject: d.accountName });
  w.text("Parlance", { size: 10, color: "#555555", after: 2 });
  w.text(t("pdf.title", { number: d.number }), { bold: true, size: 18, after: 10 });
  facts(w, [
    [t("fields.number"), d.number],
    [t("fields.accountName"), d.accountName],
    ...(inv.officeName ? [[t("fields.office"), inv.officeName] as const] : []),
    [t("fields.department"), t(`departments.${d.department}`)],
    [t("fields.date"), d.date ? dayText(d.date, language) : ""],
    [t("fields.dueDate"), d.dueDate ? dayText(d.dueDate, language) : ""],
    [t("fields.paymentTerms"), d.paymentTerms ?? ""],
    [t("fields.purchaseOrder"), d.purchaseOrder ?? ""],
    [t("fields.paidOn"), d.paidOn ? dayText(d.paidOn, language) : ""],
  ]);
  w.rule();
  table(
    w,
    [
      { header: t("lines.description"), share: 5 },
      { header: t("lines.quantity"), share: 1, align: "right" },
      { header: t("lines.unit"), share: 1.6, align: "right" },
      { header: t("lines.amount"), share: 1.6, align: "right" },
    ],
    inv.lines.map((l) => [l.description, String(l.quantity), money(l.unitCents), money(l.amountCents)]),
  );
  facts(
    w,
    [
      [t("totals.total"), money(inv.totalCents)],
      ...inv.payments.map((p) => [t("totals.paymentOn", { date: dayText(businessDay(new Date(p.settledAt)), language) }), money(-p.amountCents)] as const),
      [t("fields.balance"), money(d.balanceCents)],
    ],
    { labelShare: 0.6 },
  );
  if (d.balanceCents > 0) {
    w.text(t("pdf.payOnline"), { size: 10, after: 2 });
    urlLine(w, inv.payUrl, { size: 9 });
  }
  const pdf = await finishWithPages(w, `${d.accountName} · ${d.number}`, (page, pages) => translate(language, "resultReport.page", { page, pages }));
  return { pdf, filename: `invoice-${d.number.replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
}
