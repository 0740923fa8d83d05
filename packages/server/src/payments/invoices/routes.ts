import type { invoiceRoutes } from "@parlance/contract";
import type { AppContext } from "../../context.js";
import type { AreaHandlers } from "../../http/implement-area.js";
import { sendPdf } from "../../http/pdf.js";
import { anonymousInvoice, getInvoice, invoiceDownload, listInvoices, payInvoice, payInvoiceByKey } from "./service.js";

/** Invoices: the account's users by id (scoped), anyone by the invoice's key. */
export const invoiceHandlers = (ctx: AppContext): AreaHandlers<typeof invoiceRoutes> => ({
  list: ({ input, scope }) => listInvoices(ctx, scope, input),
  get: ({ params, scope }) => getInvoice(ctx, scope, params),
  // The PDF is the reader's document: in the language of this request.
  download: async ({ params, scope, req, reply }) => sendPdf(reply, await invoiceDownload(ctx, scope, { ...params, language: req.language })),
  pay: ({ params, scope }) => payInvoice(ctx, scope, params),
  byKey: ({ params }) => anonymousInvoice(ctx, params),
  payByKey: ({ params }) => payInvoiceByKey(ctx, params),
});
