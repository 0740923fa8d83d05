import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { testGroupMessages, testGroupRoutes, type TestGroupEditInput } from "@parlance/contract";
import { call } from "../../../api/client";
import { retryServerErrors } from "../lists";

/** Query keys: everything under ["settingsLists", "packages"] is refreshed after a change. */
export const testGroupKeys = {
  all: ["settingsLists", "packages"] as const,
  list: (officeId: number | null, page: number) => ["settingsLists", "packages", "list", officeId, page] as const,
  detail: (id: number) => ["settingsLists", "packages", "detail", id] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const testGroupCatalogs = { "settingsLists.packages.messages": testGroupMessages };

export function useTestGroupList(officeId: number | null, page: number) {
  return useQuery({
    queryKey: testGroupKeys.list(officeId, page),
    queryFn: ({ signal }) => call(testGroupRoutes.list, { officeId, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useTestGroup(id: number) {
  return useQuery({
    queryKey: testGroupKeys.detail(id),
    queryFn: ({ signal }) => call(testGroupRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useSaveTestGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestGroupEditInput) => call(testGroupRoutes.edit, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testGroupKeys.all }),
  });
}

export function useDeleteTestGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(testGroupRoutes.delete, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testGroupKeys.all }),
  });
}
