import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

/**
 * The one react-query cache of the app. Its own chunk: the screens that read through react-query
 * load it with their code (app/router.tsx), and the sign-in page, which does not, goes without it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // A read or an action taken offline fails with its screen's spec message (the API client's
    // network failure; a list: 'Some kind of error occurred' with Try again) instead of waiting,
    // paused, with a spinner and no word until the network returns.
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000, networkMode: "always" },
    mutations: { networkMode: "always" },
  },
});

export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
