import { useQuery } from "@tanstack/react-query";
import { prepayRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

export const prepayKey = ["prepay", "terms"] as const;

/** The account's prepay state: whether it is prepay, the terms' acceptance and the tests it may order. */
export function usePrepay() {
  return useQuery({ queryKey: prepayKey, queryFn: ({ signal }) => call(prepayRoutes.page, {}, undefined, { signal }) });
}
