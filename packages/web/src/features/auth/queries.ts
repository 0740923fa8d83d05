import { useQuery } from "@tanstack/react-query";
import { authRoutes, type RouteInput } from "@parlance/contract";
import { call } from "../../api/client";

/** Whether an e-mailed link's key still works; asked once (a key does not come back to life). */
export function useLinkKeyCheck(kind: RouteInput<typeof authRoutes.checkKey>["kind"], linkKey: string, wellFormed: boolean) {
  return useQuery({
    queryKey: ["auth-key", kind, linkKey],
    queryFn: () => call(authRoutes.checkKey, { kind }, { key: linkKey }),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
}
