import { createContext, useContext } from "react";
import type { Permission } from "@parlance/contract";
import { useStartup } from "./startup";

/**
 * The rows of the one table of the web app's screens (issue 23 §1; the table is app/router.tsx
 * SCREENS): who may open each one and where it is offered, and what reads them: the router's
 * guards, the header, the account menu and the phone drawer (app/layout), the Language Testing
 * home's cards, the overview's quick links, the administration and settings homes' cards and the
 * breadcrumbs, so that a screen is offered exactly to those who may open it. A screen's `access`
 * is the permission flag of its API routes (contract `access`; app/screens.unit.test.ts compares
 * each screen with its main API route).
 */

/** Who may open a screen: anyone, any session, a visitor only (the sign-in page), or a session holding a permission flag. */
export type ScreenAccess = "public" | "signedIn" | "signedOut" | Permission;

/**
 * Where a screen is offered, each with the label's name in that place's strings: the header and
 * the account menu (both also in the phone drawer) `nav.<name>`, the Language Testing home's cards
 * `testingHome.cards.<name>`, the overview's quick links `overview.links.<name>`, the settings
 * home's cards `settings.cards.<name>`, the administration home's cards (features/news/admin).
 */
export type Place = "header" | "account" | "testing" | "overview" | "settings" | "admin";

export interface Screen {
  /** React Router's path pattern. */
  path: string;
  access: ScreenAccess;
  /** Its entries, by place (their order in a place is the table's order); a screen without is linked from another (app/screens.unit.test.ts WAYS_IN). */
  at?: Partial<Record<Place, string>>;
  /** The address its entries link to, when not the path itself. */
  to?: string;
  /** A home of cards: offered and opened only while one of that place's entries is. */
  hub?: Place;
}

/** The table (app/router.tsx SCREENS), provided by App: ui/ and features/ read it here without importing the router. */
export const ScreensContext = createContext<readonly Screen[]>([]);

/** What the caller holds: ui/startup.tsx `can` and whether a session is signed in. */
export interface Caller {
  can: (p: Permission) => boolean;
  signedIn: boolean;
}

/** Whether the caller may open the screen (its access, and for a home of cards one of its cards). */
export function mayOpen(screens: readonly Screen[], screen: Screen, caller: Caller): boolean {
  const { access } = screen;
  const allowed =
    access === "public" || (access === "signedOut" ? !caller.signedIn : caller.signedIn && (access === "signedIn" || caller.can(access)));
  return allowed && (!screen.hub || offered(screens, screen.hub, caller).length > 0);
}

/** An entry of a place: the screen's address and its label's name there. */
export interface Offer {
  to: string;
  name: string;
}

/** The entries of a place the caller may open, in the table's order. */
export function offered(screens: readonly Screen[], place: Place, caller: Caller): Offer[] {
  // Every Language Testing card is also a quick link of the overview.
  const nameAt = (s: Screen) => s.at?.[place] ?? (place === "overview" ? s.at?.testing : undefined);
  return screens.filter((s) => nameAt(s) !== undefined && mayOpen(screens, s, caller)).map((s) => ({ to: s.to ?? s.path, name: nameAt(s)! }));
}

/** The signed-in (or not) caller; the developer mailbox and phone only where the server has them (outside production). */
export function useCaller(): Caller {
  const { can, signedIn, startup } = useStartup();
  return { can: (p) => (p === "devMailbox" ? startup.devMailbox === true : can(p)), signedIn };
}

/** The entries of a place the caller may open. */
export function useOffered(place: Place): Offer[] {
  return offered(useContext(ScreensContext), place, useCaller());
}

/** Whether the caller may open a screen (the router's guard). */
export function useMayOpen(screen: Screen): boolean {
  return mayOpen(useContext(ScreensContext), screen, useCaller());
}
