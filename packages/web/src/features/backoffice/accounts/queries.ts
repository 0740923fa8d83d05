import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  accountMessages,
  backofficeAccountRoutes,
  officeMessages,
  userMessages,
  type AccountEditInput,
  type AccountOfficeEditInput,
  type AdministratorCreateInput,
} from "@parlance/contract";
import { call } from "../../../api/client";
import { retryServerErrors } from "../retry";

/** Query keys of the back office's accounts: everything under ["backofficeAccounts"] is refreshed after a change. */
export const accountKeys = {
  all: ["backofficeAccounts"] as const,
  list: (q: string, page: number) => ["backofficeAccounts", "list", q, page] as const,
  detail: (id: number) => ["backofficeAccounts", "detail", id] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const accountCatalogs = {
  "backofficeAccounts.messages": accountMessages,
  "offices.messages": officeMessages,
  "settingsLists.users.messages": userMessages,
};


export function useAccountList(q: string, page: number) {
  return useQuery({
    queryKey: accountKeys.list(q, page),
    queryFn: ({ signal }) => call(backofficeAccountRoutes.list, { q, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useAccount(id: number) {
  return useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => call(backofficeAccountRoutes.get, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

function useAccountMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }) });
}

export const useSaveAccount = () => useAccountMutation((input: AccountEditInput) => call(backofficeAccountRoutes.edit, input));
export const useSaveOffice = () => useAccountMutation((input: AccountOfficeEditInput) => call(backofficeAccountRoutes.editOffice, input));
export const useCloseOffice = () =>
  useAccountMutation((input: { accountId: number; id: number; closed: boolean }) => call(backofficeAccountRoutes.closeOffice, input));
export const useCreateAdministrator = () => useAccountMutation((input: AdministratorCreateInput) => call(backofficeAccountRoutes.createAdministrator, input));
export const useResendActivation = () =>
  useAccountMutation((input: { accountId: number; id: number }) => call(backofficeAccountRoutes.resendActivation, input));
