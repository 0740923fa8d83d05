import type { Permission } from "@parlance/contract";

/** A navigation entry: where it goes, its i18n label key, and what the user needs to see it. */
export interface NavLinkDef {
  to: string;
  labelKey: string;
  /** Permission flag that must be held; omitted = anyone who sees the menu. */
  permission?: Permission;
  /** Only for a signed-in user (true), only signed out (false), or both (omitted). */
  signedIn?: boolean;
  /** Sign out: a button that posts the sign-out form (ui/signOut.ts), not a link. */
  signOut?: boolean;
}

/**
 * The entries a user may see now: permission held, sign-in state matching, AND the screen built
 * already (a link to a screen of a later issue would lead nowhere).
 */
export function visibleLinks<T extends NavLinkDef>(
  links: readonly T[],
  opts: { can: (p: Permission) => boolean; signedIn: boolean; available: ReadonlySet<string> },
): T[] {
  return links.filter(
    (l) =>
      (l.permission === undefined || opts.can(l.permission)) &&
      (l.signedIn === undefined || l.signedIn === opts.signedIn) &&
      opts.available.has(l.to),
  );
}
