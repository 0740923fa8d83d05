import { useMutation, useQuery } from "@tanstack/react-query";
import { accountRoutes, type RouteOutput } from "@parlance/contract";
import { call } from "../../api/client";
import type { MutationHandlers } from "../../api/mutationHandlers";

/** The signed-in user's profile; the screen writes the saved address back under this key. */
export const profileKey = ["account", "profile"] as const;

export function useProfile() {
  return useQuery({ queryKey: profileKey, queryFn: ({ signal }) => call(accountRoutes.profile, {}, undefined, { signal }) });
}

export interface ProfileChange {
  email: string;
  password1: string;
  password2: string;
  current: string;
}

/** Saves the form as it stands (its fields read when the save runs); the screen reacts (handlers). */
export function useSaveProfile(form: ProfileChange, handlers: MutationHandlers<RouteOutput<typeof accountRoutes.saveProfile>>) {
  return useMutation({
    mutationFn: () => call(accountRoutes.saveProfile, { email_address: form.email.trim(), new_password1: form.password1, new_password2: form.password2, password: form.current }),
    ...handlers,
  });
}
