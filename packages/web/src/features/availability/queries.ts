import { useCallback } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../../i18n";
import { availabilityMessages, availabilityRoutes, type AvailabilityMessage, type RouteInput, type RouteDef } from "@parlance/contract";
import { ApiCallError, call } from "../../api/client";
import { useApiErrorText } from "../../ui/useApiErrorText";
import { notifyResult } from "../../ui/form";

/** Query keys of the availability area. */
export const availabilityKeys = {
  page: ["availability", "page"] as const,
  weekly: ["availability", "weekly"] as const,
  individual: ["availability", "individual"] as const,
};

export function useAvailabilityPage() {
  return useQuery({ queryKey: availabilityKeys.page, queryFn: ({ signal }) => call(availabilityRoutes.page, {}, undefined, { signal }) });
}

export function useWeeklyConflicts() {
  return useQuery({ queryKey: availabilityKeys.weekly, queryFn: ({ signal }) => call(availabilityRoutes.recurringList, {}, undefined, { signal }) });
}

export function useIndividualConflicts() {
  return useQuery({ queryKey: availabilityKeys.individual, queryFn: ({ signal }) => call(availabilityRoutes.specificList, {}, undefined, { signal }) });
}

const catalogs = { "availability.messages": availabilityMessages };

/**
 * The text of a failed request (spec §8): the server's message on a bad-status answer, in place of
 * the screen's default (e.g. 'Weekly unavailability could not be created.'); the default when the
 * server could not be reached or said nothing readable.
 */
export function useFailureText(): (err: unknown, fallback: AvailabilityMessage) => string {
  const { t } = useTranslation();
  const errorText = useApiErrorText(catalogs);
  return useCallback(
    (err: unknown, fallback: AvailabilityMessage) =>
      err instanceof ApiCallError && err.ownMessage
        ? errorText(err)
        : t(`availability.messages.${fallback}`),
    [errorText, t],
  );
}

/**
 * A change of one list (create, update or delete): the list reloads afterwards, success says the
 * spec's message in a toast; a failure is left to the caller (a form shows it beside its fields).
 */
export function useConflictChange<R extends RouteDef>(route: R, listKey: readonly string[], success: AvailabilityMessage) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteInput<R>) => call(route, input),
    onSuccess: () => notifyResult(t(`availability.messages.${success}`), true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** The two kinds of conflict; each names its list key, messages, element ids and texts by this word. */
export type ConflictKind = "weekly" | "individual";

/** A kind's create, update and delete, each saying the spec's own success message (`<kind>Created`, …). */
export function useConflictChanges<C extends RouteDef, U extends RouteDef, D extends RouteDef>(kind: ConflictKind, routes: { create: C; update: U; remove: D }) {
  return {
    create: useConflictChange(routes.create, availabilityKeys[kind], `${kind}Created`),
    update: useConflictChange(routes.update, availabilityKeys[kind], `${kind}Updated`),
    remove: useConflictChange(routes.remove, availabilityKeys[kind], `${kind}Deleted`),
  };
}
