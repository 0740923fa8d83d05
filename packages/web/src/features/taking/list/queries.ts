import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { takingListRoutes, takingLiveRoutes, takingRoutes, type TestContentView, type TestLiveView } from "@parlance/contract";
import { ApiCallError, call } from "../../../api/client";

/** Query keys of the Take a Test screens. */
export const testListKey = ["take-a-test", "list"] as const;
export const chooseAccountKey = (ids: string) => ["take-a-test", "choose-account", ids] as const;
export const liveKey = (aid: string) => ["take-a-test", "live", aid] as const;

/** A 4xx is an answer, not a hiccup: retry only network and server failures, once. */
export const retryOnce = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

/** Not found, or an address the server cannot read: both mean "no such test" to the candidate. */
export const isNotFound = (err: unknown) => err instanceof ApiCallError && (err.status === 404 || err.status === 400);

export function useTestList() {
  return useQuery({
    queryKey: testListKey,
    queryFn: ({ signal }) => call(takingListRoutes.list, {}, undefined, { signal }),
    retry: retryOnce,
    // Appointments open and lists change with the clock: keep it fresh while the page is open.
    refetchInterval: 60_000,
  });
}

export function useChooseAccount(ids: string, valid: boolean) {
  return useQuery({
    queryKey: chooseAccountKey(ids),
    queryFn: ({ signal }) => call(takingListRoutes.chooseAccount, {}, { ids }, { signal }),
    retry: retryOnce,
    enabled: valid,
  });
}

export function useLiveTest(aid: string, valid: boolean) {
  return useQuery({
    queryKey: liveKey(aid),
    queryFn: ({ signal }) => call(takingLiveRoutes.show, {}, { aid }, { signal }),
    retry: retryOnce,
    enabled: valid,
    // The start window opens with the clock: look again while the page is open.
    refetchInterval: 30_000,
  });
}

/** Starts the live session (its method, or sight translation); the lists are refreshed either way. */
export function useStartLiveTest(view: TestLiveView, onStarted: (content: TestContentView) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: "method" | "sight") =>
      call(kind === "sight" ? takingLiveRoutes.startSightTranslation : view.video ? takingLiveRoutes.startVideo : takingLiveRoutes.startLive, {}, { id: view.assignedTestId }),
    onSuccess: (c) => onStarted(c),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["take-a-test"] }),
  });
}

/** The started session's sections, each read once. */
export function useSessionSections(content: TestContentView) {
  return useQueries({
    queries: content.candidate_test_sections.map((s) => ({
      queryKey: ["take-a-test", "session", content.id, s.id],
      queryFn: ({ signal }: { signal: AbortSignal }) => call(takingRoutes.section, { section: s.id }, { id: content.id }, { signal }),
      retry: retryOnce,
      staleTime: Infinity,
    })),
  });
}
