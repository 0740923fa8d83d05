import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { invoiceRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

/** The anonymous invoice's data by its key (also read by the confirmation page). */
export const anonymousInvoiceKey = (key: string) => ["invoice-by-key", key] as const;

export function useAnonymousInvoice(key: string) {
  return useQuery({ queryKey: anonymousInvoiceKey(key), queryFn: ({ signal }) => call(invoiceRoutes.byKey, {}, { key }, { signal }), retry: false });
}

/** The account's invoices, a page at a time. */
export function useInvoices(page: number) {
  return useQuery({
    queryKey: ["invoices", page],
    queryFn: ({ signal }) => call(invoiceRoutes.list, { page }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One invoice; refreshed (["invoice", id]) once it is paid. */
export function useInvoice(id: string) {
  return useQuery({ queryKey: ["invoice", id], queryFn: ({ signal }) => call(invoiceRoutes.get, {}, { id }, { signal }), retry: false });
}
