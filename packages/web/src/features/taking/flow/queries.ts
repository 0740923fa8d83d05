import { useQuery } from "@tanstack/react-query";
import { takingRoutes, takingShowRoutes } from "@parlance/contract";
import { call } from "../../../api/client";

/** React-query keys of the flow, under one root so a finished test can drop them all. */
export const flowKeys = {
  all: (id: number) => ["taking", id] as const,
  show: (id: number) => ["taking", id, "show"] as const,
  content: (id: number) => ["taking", id, "content"] as const,
  section: (id: number, section: number) => ["taking", id, "section", section] as const,
  media: (id: number, item: string) => ["taking", id, "media", item] as const,
};

/** The test page's startup data (Tests Show): method, access code, proctor steps, attempt state. */
export function useTestShow(id: number) {
  return useQuery({
    queryKey: flowKeys.show(id),
    queryFn: () => call(takingShowRoutes.show, {}, { id }),
    // The page decides its stage from this once; a refetch on focus would not change the stage.
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * The started attempt's content. start_test is idempotent on the server (a started attempt is
 * resumed), so it is safe as the query of a resumed page as well as after the start dialog.
 */
export function useTestContent(id: number, enabled: boolean) {
  return useQuery({
    queryKey: flowKeys.content(id),
    queryFn: () => call(takingRoutes.start, {}, { id }),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
