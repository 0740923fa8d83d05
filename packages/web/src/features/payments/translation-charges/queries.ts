import { useQuery } from "@tanstack/react-query";
import { translationChargeRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

export const chargeKey = (id: string) => ["translation-charge", id] as const;

/** A translation project charge of the caller's account (ChargeProject's data). */
export function useCharge(id: string) {
  return useQuery({ queryKey: chargeKey(id), queryFn: ({ signal }) => call(translationChargeRoutes.get, {}, { id }, { signal }), retry: false });
}
