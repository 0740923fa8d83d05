import { matchRoutes } from "react-router";
import { routes } from "./router";

/** Entries link to screens of later issues (payment) only once those screens exist. */
export function screenExists(href: string): boolean {
  const matches = matchRoutes(routes, href);
  const deepest = matches?.[matches.length - 1]?.route as { path?: string } | undefined;
  return !!deepest && deepest.path !== "*";
}
