import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminRoutes, type RouteInput } from "@parlance/contract";
import { call } from "../../api/client";
import type { MutationHandlers } from "../../api/mutationHandlers";

/** The flags with their rules; refreshed after a rule is added or deleted. */
export const flagRulesKey = ["feature-flags"];

export function useSessionDump() {
  return useQuery({ queryKey: ["session-dump"], queryFn: () => call(adminRoutes.session, {}) });
}

export function useFlagRules() {
  return useQuery({ queryKey: flagRulesKey, queryFn: () => call(adminRoutes.getRules, {}) });
}

/** The screen says how it went (handlers); the list is refreshed either way. */
export function useDeleteFlagRule(handlers: Omit<MutationHandlers<unknown, number>, "onSettled">) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(adminRoutes.deleteRule, { feature_flag_rule_id: id }),
    ...handlers,
    onSettled: () => client.invalidateQueries({ queryKey: flagRulesKey }),
  });
}

/** The tests a rule may name: loaded only while the dialog asks for one. */
export function useFlagRuleOptions(enabled: boolean) {
  return useQuery({ queryKey: ["feature-flags", "options"], queryFn: () => call(adminRoutes.ruleOptions, {}), enabled });
}

export function useAddFlagRule() {
  return useMutation({ mutationFn: (input: RouteInput<typeof adminRoutes.addRule>) => call(adminRoutes.addRule, input) });
}
