import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { assignmentMessages, assignmentRoutes, historyMessages, historyRoutes, type DownloadFormat } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** Query keys of the history area. The candidate's tests key is shared with the assignment form. */
export const historyKeys = {
  candidateTests: (candidateId: number) => ["candidate-tests", candidateId] as const,
  search: (query: string, page: number) => ["test-history", query, page] as const,
};

/** Server messages this area shows, so input errors without a key are translated too. */
export const historyCatalogs = { "history.messages": historyMessages, "assignment.messages": assignmentMessages };

/** A 4xx will not get better by asking again. */
export const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useCandidateTests(candidateId: number) {
  return useQuery({
    queryKey: historyKeys.candidateTests(candidateId),
    queryFn: ({ signal }) => call(historyRoutes.getHistory, { candidate_profile_id: candidateId }, undefined, { signal }),
    retry: retryServerErrors,
  });
}

export function useTestHistory(query: string, page: number) {
  return useQuery({
    queryKey: historyKeys.search(query, page),
    queryFn: ({ signal }) => call(historyRoutes.search, { query, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

/** delete_test or delete_live_test, then the candidate's tests and the history reload. */
export function useRemoveTest(candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, live }: { id: number; live: boolean }) => call(live ? assignmentRoutes.deleteLiveTest : assignmentRoutes.deleteTest, { id }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: historyKeys.candidateTests(candidateId) });
      await queryClient.invalidateQueries({ queryKey: ["test-history"] });
      // The open-tests count of the candidate's page (["candidates", …]) changed too.
      await queryClient.invalidateQueries({ queryKey: ["candidates"] });
    },
  });
}

export function useEmailSummary() {
  return useMutation({
    mutationFn: ({ email, ids }: { email: string; ids: number[] }) =>
      call(historyRoutes.emailSummary, { email_address: email, candidate_test_ids: ids.join(",") }),
  });
}

/** Asks for the download link of a query, then lets the browser fetch the file. */
export async function downloadHistory(query: string, format: DownloadFormat): Promise<void> {
  const { link } = await call(historyRoutes.download, { query, format });
  const a = document.createElement("a");
  a.href = link;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}
