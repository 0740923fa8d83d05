import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { candidateMessages, candidateRoutes, searchMessages, type CandidateEditInput } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** Query keys of the candidates area: everything under ["candidates"] is refreshed after a change. */
export const candidateKeys = {
  all: ["candidates"] as const,
  search: (query: string, page: number) => ["candidates", "search", query, page] as const,
  detail: (id: number) => ["candidates", "detail", id] as const,
  form: (id: number | undefined) => ["candidates", "form", id ?? "new"] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const candidateCatalogs = { "candidates.messages": candidateMessages };
export { searchMessages };

/** A 4xx will not get better by asking again. */
const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useCandidateSearch(query: string, page: number) {
  return useQuery({
    queryKey: candidateKeys.search(query, page),
    queryFn: ({ signal }) => call(candidateRoutes.search, { query, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useCandidate(id: number) {
  return useQuery({
    queryKey: candidateKeys.detail(id),
    queryFn: ({ signal }) => call(candidateRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useCandidateForm(id: number | undefined) {
  return useQuery({
    queryKey: candidateKeys.form(id),
    queryFn: ({ signal }) => call(candidateRoutes.form, id === undefined ? {} : { id }, undefined, { signal }),
    retry: retryServerErrors,
    // A form shows what was saved when it opened; do not refetch it under the user's typing.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSaveCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CandidateEditInput) => call(candidateRoutes.edit, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
  });
}

export function useDeleteCandidateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(candidateRoutes.delete, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
  });
}

export function useNotifyCandidate() {
  return useMutation({ mutationFn: (id: number) => call(candidateRoutes.notify, { id }) });
}

export function useActivateCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(candidateRoutes.activate, { id }),
    onSuccess: (_res, id) => queryClient.invalidateQueries({ queryKey: candidateKeys.detail(id) }),
  });
}
