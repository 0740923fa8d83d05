import { useQuery } from "@tanstack/react-query";
import { verifyRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

/** The result a verification key stands for; a wrong key is an answer, so it is not asked again. */
export function useVerifiedResult(key: string) {
  return useQuery({
    queryKey: ["verified", key],
    queryFn: ({ signal }) => call(verifyRoutes.verified, {}, { key }, { signal }),
    retry: false,
  });
}
