import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  backofficeEvaluatorRoutes,
  backofficeStaffRoutes,
  evaluatorProfileMessages,
  staffMessages,
  userMessages,
  type EvaluatorProfileInput,
  type StaffEditInput,
} from "@parlance/contract";
import { call } from "../../../api/client";
import { retryServerErrors } from "../retry";

/** Query keys of staff users and evaluator profiles: a change refreshes both (roles decide who has a profile). */
export const staffKeys = {
  all: ["backofficeStaff"] as const,
  list: (filters: object) => ["backofficeStaff", "list", filters] as const,
  roles: ["backofficeStaff", "roles"] as const,
  detail: (id: number) => ["backofficeStaff", "detail", id] as const,
  evaluators: (filters: object) => ["backofficeStaff", "evaluators", filters] as const,
  evaluatorOptions: ["backofficeStaff", "evaluatorOptions"] as const,
  evaluator: (id: number) => ["backofficeStaff", "evaluator", id] as const,
};

export const staffCatalogs = {
  "backofficeStaff.messages": staffMessages,
  "backofficeStaff.evaluatorMessages": evaluatorProfileMessages,
  "settingsLists.users.messages": userMessages,
};

export function useStaffList(filters: { q: string; page: number; role: number | null; includeInactive: boolean }) {
  return useQuery({
    queryKey: staffKeys.list(filters),
    queryFn: ({ signal }) => call(backofficeStaffRoutes.list, filters, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useStaffRoles() {
  return useQuery({
    queryKey: staffKeys.roles,
    queryFn: ({ signal }) => call(backofficeStaffRoutes.roles, {}, undefined, { signal }),
    retry: retryServerErrors,
    staleTime: 60_000,
  });
}

export function useStaffUser(id: number) {
  return useQuery({ queryKey: staffKeys.detail(id), queryFn: ({ signal }) => call(backofficeStaffRoutes.get, {}, { id }, { signal }), retry: retryServerErrors });
}

export function useEvaluatorList(filters: { q: string; page: number; languageId: number | null }) {
  return useQuery({
    queryKey: staffKeys.evaluators(filters),
    queryFn: ({ signal }) => call(backofficeEvaluatorRoutes.list, filters, undefined, { signal }),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useEvaluatorOptions() {
  return useQuery({ queryKey: staffKeys.evaluatorOptions, queryFn: ({ signal }) => call(backofficeEvaluatorRoutes.options, {}, undefined, { signal }), retry: retryServerErrors });
}

export function useEvaluatorProfile(id: number) {
  return useQuery({ queryKey: staffKeys.evaluator(id), queryFn: ({ signal }) => call(backofficeEvaluatorRoutes.get, {}, { id }, { signal }), retry: retryServerErrors });
}

function useStaffMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}

export const useSaveStaff = () => useStaffMutation((input: StaffEditInput) => call(backofficeStaffRoutes.edit, input));
export const useSetStaffActive = () => useStaffMutation((input: { id: number; active: boolean }) => call(backofficeStaffRoutes.setActive, input));
export const useResendStaffActivation = () => useStaffMutation((input: { id: number }) => call(backofficeStaffRoutes.resendActivation, input));
export const useSaveEvaluator = () => useStaffMutation((input: EvaluatorProfileInput) => call(backofficeEvaluatorRoutes.save, input));
