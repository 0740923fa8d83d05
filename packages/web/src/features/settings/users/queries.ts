import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userRoutes, userMessages, type TestingUserEditInput } from "@parlance/contract";
import { call } from "../../../api/client";
import { retryServerErrors } from "../lists";

/** Query keys: everything under ["settingsLists", "users"] is refreshed after a change. */
export const userKeys = {
  all: ["settingsLists", "users"] as const,
  list: (officeId: number | null, page: number) => ["settingsLists", "users", "list", officeId, page] as const,
  detail: (id: number) => ["settingsLists", "users", "detail", id] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const userCatalogs = { "settingsLists.users.messages": userMessages };

export function useUserList(officeId: number | null, page: number) {
  return useQuery({
    queryKey: userKeys.list(officeId, page),
    queryFn: ({ signal }) => call(userRoutes.list, { officeId, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => call(userRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

/** Users count towards the offices' Users column: refresh those too. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: ["offices"] })]);
}

export function useSaveUser() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: TestingUserEditInput) => call(userRoutes.edit, input), onSuccess: invalidate });
}

export function useDeleteUserMutation() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => call(userRoutes.delete, { id }), onSettled: invalidate });
}
