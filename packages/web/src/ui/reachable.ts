import { useContext } from "react";
import { mayOpen, ScreensContext, useCaller, type Caller, type Screen } from "./screens";

/**
 * Which screen an address is, and whether the caller may open it: for links inside screens and
 * the breadcrumbs (ui/screens.ts has the table's rows; a module of its own, so the first screen's
 * shell goes without it).
 */

const segments = (path: string) => path.split("/").filter(Boolean);

/** Whether a pattern's segments match an address's: a static segment itself, `:name` any, `:name?` any or none (last). */
function matches(pattern: string[], parts: string[]): boolean {
  if (parts.length > pattern.length || parts.length < pattern.filter((p) => !p.endsWith("?")).length) return false;
  return parts.every((part, i) => pattern[i]!.startsWith(":") || pattern[i] === part);
}

/** Static segments outrank parameters, as in React Router: /testing/candidates/new before /testing/candidates/:id. */
const rank = (pattern: string[]) => pattern.reduce((sum, p) => sum + (p.startsWith(":") ? 1 : 3), 0);

const found = new WeakMap<readonly Screen[], Map<string, Screen | undefined>>();

/** The screen at an address; remembered, as links ask on every render (React Router's matchRoutes ranks every route at each call). */
export function screenAt(screens: readonly Screen[], href: string): Screen | undefined {
  const path = href.split(/[?#]/)[0]!;
  const known = found.get(screens) ?? found.set(screens, new Map()).get(screens)!;
  if (!known.has(path)) {
    const parts = segments(path);
    const candidates = screens.filter((s) => matches(segments(s.path), parts));
    known.set(path, candidates.sort((x, y) => rank(segments(y.path)) - rank(segments(x.path)))[0]);
  }
  return known.get(path);
}

/** Whether the caller may open the screen at an address (false for an address no screen has). */
export function reachable(screens: readonly Screen[], href: string, caller: Caller): boolean {
  const screen = screenAt(screens, href);
  return !!screen && mayOpen(screens, screen, caller);
}

/** `(href) => boolean`: whether the caller may open the screen at an address, for a link inside a screen. */
export function useReachable(): (href: string) => boolean {
  const screens = useContext(ScreensContext);
  const caller = useCaller();
  return (href) => reachable(screens, href, caller);
}
