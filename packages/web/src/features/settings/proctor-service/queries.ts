import { useMutation, useQuery } from "@tanstack/react-query";
import { proctorServiceRoutes, type ProctorSettings, type RouteOutput } from "@parlance/contract";
import { call } from "../../../api/client";
import type { MutationHandlers } from "../../../api/mutationHandlers";

/** The account's proctor service settings; the screen writes the saved values back under this key. */
export const proctorSettingsKey = ["proctorservice", "settings"] as const;

export function useProctorSettings() {
  return useQuery({ queryKey: proctorSettingsKey, queryFn: ({ signal }) => call(proctorServiceRoutes.get, {}, undefined, { signal }) });
}

export function useSaveProctorSettings(handlers: MutationHandlers<RouteOutput<typeof proctorServiceRoutes.edit>, ProctorSettings>) {
  return useMutation({
    mutationFn: (v: ProctorSettings) => call(proctorServiceRoutes.edit, v),
    ...handlers,
  });
}
