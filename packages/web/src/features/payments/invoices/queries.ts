import { useQuery } from "@tanstack/react-query";
import { invoiceRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

/** The anonymous invoice's data by its key (also read by the confirmation page). */
export const anonymousInvoiceKey = (key: string) => ["invoice-by-key", key] as const;

export function useAnonymousInvoice(key: string) {
  return useQuery({ queryKey: anonymousInvoiceKey(key), queryFn: ({ signal }) => call(invoiceRoutes.byKey, {}, { key }, { signal }), retry: false });
}
