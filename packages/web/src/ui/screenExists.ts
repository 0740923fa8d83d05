import { createContext, useContext } from "react";

/**
 * Whether the app has a screen at an address (a route other than the not-found catch-all). The
 * app provides it from its routes, so pages can ask without importing the router.
 */
export const ScreenExistsContext = createContext<(href: string) => boolean>(() => false);

export function useScreenExists(): (href: string) => boolean {
  return useContext(ScreenExistsContext);
}
