import { useMutation } from "@tanstack/react-query";
import { proctoringRoutes, type TestShowView } from "@parlance/contract";
import { call } from "../../api/client";
import type { MutationHandlers } from "../../api/mutationHandlers";

/** The proctor signs the group's agreement; the screen says how it went (handlers). */
export function useSignAgreement(show: TestShowView, name: string, handlers: MutationHandlers<unknown>) {
  return useMutation({
    mutationFn: () => call(proctoringRoutes.agreement, { group_key: show.groupKey ?? "", assigned_test_id: show.assignedTestId, proctor_name: name, agree: true }),
    ...handlers,
  });
}

/** The proctor's password for the test; the screen says how it went (handlers). */
export function useAuthorizeProctor(show: TestShowView, handlers: MutationHandlers<unknown, string>) {
  return useMutation({
    mutationFn: (value: string) => call(proctoringRoutes.authorize, { id: show.assignedTestId, password: value }),
    ...handlers,
  });
}
