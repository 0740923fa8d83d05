import { useCallback } from "react";
import { matchRoutes } from "react-router";
import { routes } from "../../../app/router";

/**
 * Whether the app has a screen at this address (a route other than the not-found catch-all).
 * Entries link to screens of later issues (payment) only once those screens exist.
 */
export function useScreenExists(): (href: string) => boolean {
  return useCallback((href: string) => {
    const matches = matchRoutes(routes, href);
    const deepest = matches?.[matches.length - 1]?.route as { path?: string } | undefined;
    return !!deepest && deepest.path !== "*";
  }, []);
}
