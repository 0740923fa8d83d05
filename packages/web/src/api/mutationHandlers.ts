import type { UseMutationOptions } from "@tanstack/react-query";

/**
 * What a screen hands a feature's mutation hook (queries.ts): its own reactions to the outcome
 * (state, navigation, messages), while the call, keys and invalidations stay in the hook.
 */
export type MutationHandlers<TData, TVariables = void> = Pick<UseMutationOptions<TData, Error, TVariables>, "onSuccess" | "onError" | "onSettled">;
