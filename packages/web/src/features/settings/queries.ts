import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { officeMessages, officeRoutes, type OfficeEditInput } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";

/** Query keys of the offices area: everything under ["offices"] is refreshed after a change. */
export const officeKeys = {
  all: ["offices"] as const,
  list: (page: number) => ["offices", "list", page] as const,
  detail: (id: number) => ["offices", "detail", id] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const officeCatalogs = { "offices.messages": officeMessages };

/** A 4xx will not get better by asking again. */
const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export function useOfficeList(page: number) {
  return useQuery({
    queryKey: officeKeys.list(page),
    queryFn: ({ signal }) => call(officeRoutes.list, { page }, undefined, { signal }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useOffice(id: number) {
  return useQuery({
    queryKey: officeKeys.detail(id),
    queryFn: ({ signal }) => call(officeRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useSaveOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OfficeEditInput) => call(officeRoutes.edit, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}

export function useDeleteOfficeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(officeRoutes.delete, { id }),
    // A refusal (history) changes nothing, but the list may be stale either way: reload it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: officeKeys.all }),
  });
}
