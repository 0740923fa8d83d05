import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { prepayRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

export const prepayKey = ["prepay", "terms"] as const;

/** The account's prepay state: whether it is prepay, the terms' acceptance and the tests it may order. */
export function usePrepay() {
  return useQuery({ queryKey: prepayKey, queryFn: ({ signal }) => call(prepayRoutes.page, {}, undefined, { signal }) });
}

/** Accepts the prepay terms; the prepay state is read again before the screen goes on (onAccepted). */
export function useAcceptPrepayTerms(onAccepted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(prepayRoutes.acceptTerms, { accept: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: prepayKey });
      onAccepted();
    },
  });
}

export interface PrepayOrderLine {
  accountTestId: number;
  quantity: number;
}

/** Orders the chosen tests (as they stand when it runs); onOrdered gets the new invoice's id. */
export function useOrderPrepaidTests(lines: PrepayOrderLine[], purchaseOrder: string, onOrdered: (invoiceId: number) => void) {
  return useMutation({
    mutationFn: () => call(prepayRoutes.order, { tests: lines, purchaseOrder: purchaseOrder.trim() || undefined }),
    onSuccess: (res) => onOrdered(res.invoiceId),
  });
}

/** The invoice of a prepay order (the thank-you page). */
export function usePrepayOrder(id: string) {
  return useQuery({ queryKey: ["prepay", "order", id], queryFn: ({ signal }) => call(prepayRoutes.invoiceOf, {}, { id }, { signal }), retry: false });
}
