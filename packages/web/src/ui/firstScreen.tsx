import { useEffect } from "react";

/**
 * What no screen needs to be shown (the notifications' and dialogs' hosts, the header's menus)
 * waits for the first screen: started alongside it, their ~150 kB shared the phone's bandwidth with
 * the screen's own code and data (bench/waterfall.ts, issue 26 §3). The first screen is drawn once
 * the router's screen is (FirstScreenDrawn) and no loading state shows in it (FirstScreenHold in
 * the loaders).
 */
let resolveFirst: () => void = () => undefined;
const first = new Promise<void>((resolve) => (resolveFirst = resolve));
let drawn = false;
let holds = 0;

const settle = () => {
  if (drawn && holds === 0) resolveFirst();
};

/** The router's screen has been drawn (app/router.tsx). */
export function firstScreenDrawn(): void {
  drawn = true;
  settle();
}

/** In a loading state: the first screen is not drawn while one shows. */
export function FirstScreenHold() {
  useEffect(() => {
    holds += 1;
    return () => {
      holds -= 1;
      // After the commit's other effects: a loader that replaces another (a stage's Suspense) holds on.
      setTimeout(settle, 0);
    };
  }, []);
  return null;
}

/** Only a safety net: every path draws a screen of the router or the not-found page. */
const FALLBACK_MS = 60_000;
setTimeout(resolveFirst, FALLBACK_MS);

/** Marks the first screen drawn once this is (a screen of the router, the not-found page). */
export function FirstScreenDrawn() {
  useEffect(firstScreenDrawn, []);
  return null;
}

/** Resolves once the first screen is drawn and the browser has a moment. */
export function afterFirstScreen(): Promise<void> {
  return first.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
        else setTimeout(resolve, 50);
      }),
  );
}
