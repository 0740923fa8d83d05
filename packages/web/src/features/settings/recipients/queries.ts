import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { recipientMessages, recipientRoutes, type RecipientEditInput } from "@parlance/contract";
import { call } from "../../../api/client";
import { retryServerErrors } from "../lists";

/** Query keys: everything under ["settingsLists", "recipients"] is refreshed after a change. */
export const recipientKeys = {
  all: ["settingsLists", "recipients"] as const,
  list: (officeId: number | null, page: number) => ["settingsLists", "recipients", "list", officeId, page] as const,
  detail: (id: number) => ["settingsLists", "recipients", "detail", id] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const recipientCatalogs = { "settingsLists.recipients.messages": recipientMessages };

export function useRecipientList(officeId: number | null, page: number) {
  return useQuery({
    queryKey: recipientKeys.list(officeId, page),
    queryFn: ({ signal }) => call(recipientRoutes.list, { officeId, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useRecipient(id: number) {
  return useQuery({
    queryKey: recipientKeys.detail(id),
    queryFn: ({ signal }) => call(recipientRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useSaveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipientEditInput) => call(recipientRoutes.edit, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recipientKeys.all }),
  });
}

export function useDeleteRecipientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(recipientRoutes.delete, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: recipientKeys.all }),
  });
}
