import { useQuery } from "@tanstack/react-query";
import { newsRoutes, overviewRoutes, OVERVIEW_NEWS_COUNT } from "@parlance/contract";
import { call } from "../../api/client";

export function useOverviewStartup() {
  return useQuery({
    queryKey: ["overview", "startup"],
    queryFn: ({ signal }) => call(overviewRoutes.startup, {}, undefined, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useOverviewStats() {
  return useQuery({
    queryKey: ["overview", "stats"],
    queryFn: ({ signal }) => call(overviewRoutes.testStats, {}, undefined, { signal }),
  });
}

/** The newest few articles; under the news feature's ["news"] key, so a change there refreshes it. */
export function useOverviewNews() {
  return useQuery({
    queryKey: ["news", "overview"],
    queryFn: ({ signal }) => call(newsRoutes.list, { page: 1, limit: OVERVIEW_NEWS_COUNT }, undefined, { signal }),
  });
}

export function useOverviewEvents() {
  return useQuery({
    queryKey: ["overview", "events"],
    queryFn: ({ signal }) => call(overviewRoutes.events, {}, undefined, { signal }),
  });
}
