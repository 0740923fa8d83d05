import { useMutation, useQuery } from "@tanstack/react-query";
import { paymentMessages, paymentRoutes, type CardPaymentStart } from "@parlance/contract";
import { call } from "../../api/client";

/** Query keys and message catalogue of the payments screens. */
export const paymentKeys = {
  fees: (ref: string) => ["payments", "fees", ref] as const,
  paymentMethod: ["payments", "paymentMethod"] as const,
};

export const paymentCatalogs = { "payments.messages": paymentMessages };

export function useFees(ref: string) {
  return useQuery({ queryKey: paymentKeys.fees(ref), queryFn: ({ signal }) => call(paymentRoutes.fees, { ref }, undefined, { signal }), retry: false });
}

export function usePaymentMethod() {
  return useQuery({ queryKey: paymentKeys.paymentMethod, queryFn: ({ signal }) => call(paymentRoutes.paymentMethod, {}, undefined, { signal }) });
}

/** Starts a card payment the page's own way (start); onStarted gets what the card form needs. */
export function useStartCardPayment(start: () => Promise<CardPaymentStart>, onStarted: (payment: CardPaymentStart) => void) {
  return useMutation({ mutationFn: start, onSuccess: onStarted });
}
