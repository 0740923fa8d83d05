import { useQuery } from "@tanstack/react-query";
import { webIvrRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

/** The voice provider's access token for this test's browser call: fetched once, never kept. */
export function useWebIvrToken(id: number, valid: boolean) {
  return useQuery({
    queryKey: ["webivr-token", id],
    queryFn: ({ signal }) => call(webIvrRoutes.candidateAccessToken, {}, { id }, { signal }),
    enabled: valid,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
