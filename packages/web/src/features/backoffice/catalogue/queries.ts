import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { backofficeQtiRoutes, catalogueMessages, catalogueRoutes, qtiMessages, type CatalogueStatus, type CatalogueTestInput, type CutScore } from "@parlance/contract";
import { ApiCallError, call } from "../../../api/client";

/** Query keys of the catalogue: everything under ["backofficeCatalogue"] is refreshed after a change. */
export const catalogueKeys = {
  all: ["backofficeCatalogue"] as const,
  list: (query: string, status: CatalogueStatus, page: number) => ["backofficeCatalogue", "list", query, status, page] as const,
  detail: (id: number) => ["backofficeCatalogue", "detail", id] as const,
  accounts: (id: number) => ["backofficeCatalogue", "accounts", id] as const,
  languages: ["backofficeCatalogue", "languages"] as const,
};

/** Server messages of this area, so input errors without a key are translated too. */
export const catalogueCatalogs = { "boCatalogue.messages": catalogueMessages, "boQti.messages": qtiMessages };

/** A 4xx will not get better by asking again. */
export const retryServerErrors = (failures: number, err: Error) => !(err instanceof ApiCallError && err.status >= 400 && err.status < 500) && failures < 1;

export const isNotFound = (err: unknown) => err instanceof ApiCallError && (err.status === 404 || err.status === 400);

export function useCatalogueList(query: string, status: CatalogueStatus, page: number) {
  return useQuery({
    queryKey: catalogueKeys.list(query, status, page),
    queryFn: ({ signal }) => call(catalogueRoutes.list, { query, status, page }, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useCatalogueTest(id: number | null) {
  return useQuery({
    queryKey: catalogueKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(catalogueRoutes.get, {}, { id: id! }, { signal }),
    enabled: id !== null,
    retry: retryServerErrors,
  });
}

export function useLanguages() {
  return useQuery({
    queryKey: catalogueKeys.languages,
    queryFn: ({ signal }) => call(catalogueRoutes.languages, {}, undefined, { signal }),
    staleTime: 5 * 60_000,
    retry: retryServerErrors,
  });
}

export function useAccountTests(id: number) {
  return useQuery({
    queryKey: catalogueKeys.accounts(id),
    queryFn: ({ signal }) => call(catalogueRoutes.accounts, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

function useCatalogueMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }) });
}

export const useSaveTest = () => useCatalogueMutation((input: CatalogueTestInput) => call(catalogueRoutes.edit, input));
export const useAllowAccount = (testId: number) =>
  useCatalogueMutation((input: { account_id: number; fee_cents: number; short_notice_fee_cents: number }) => call(catalogueRoutes.allowAccount, input, { id: testId }));
export const useChangePrice = () =>
  useCatalogueMutation(({ id, ...prices }: { id: number; fee_cents: number; short_notice_fee_cents: number }) => call(catalogueRoutes.changePrice, prices, { id }));
export const useRemoveAccount = () => useCatalogueMutation((id: number) => call(catalogueRoutes.removeAccount, {}, { id }));

/** The accounts that may not assign the test yet, by name (what was typed), 20 at most. */
export function useAccountChoices(testId: number, term: string, enabled: boolean) {
  const [debounced] = useDebouncedValue(term, 250);
  const query = useQuery({
    queryKey: ["backofficeCatalogue", "choices", testId, debounced],
    queryFn: ({ signal }) => call(catalogueRoutes.accountChoices, { term: debounced }, { id: testId }, { signal }),
    enabled,
    retry: retryServerErrors,
  });
  // The term the answer is for: a cleared field reads "every account is allowed" only from the answer to "".
  return { ...query, term: debounced };
}

/** A test's cut scores (raw score → level) with the current content's maximum score. */
export function useCutScores(id: number) {
  return useQuery({
    queryKey: [...catalogueKeys.detail(id), "cutScores"],
    queryFn: ({ signal }) => call(backofficeQtiRoutes.cutScores, {}, { id }, { signal }),
    retry: retryServerErrors,
  });
}

export function useSaveCutScores(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cut_scores: CutScore[]) => call(backofficeQtiRoutes.saveCutScores, { cut_scores }, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...catalogueKeys.detail(id), "cutScores"] }),
  });
}
