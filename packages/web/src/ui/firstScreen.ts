/**
 * What no screen needs to be shown (the notifications' and dialogs' hosts, the header's menus)
 * waits for the first screen: started alongside it, their ~150 kB shared the phone's bandwidth with
 * the screen's own code (bench/waterfall.ts, issue 26 §3). The router's screens call
 * firstScreenShown once drawn; a path that draws none (a redirect) lets them go after a few seconds.
 */
let shown: () => void = () => undefined;
const first = new Promise<void>((resolve) => (shown = resolve));

/** The first screen has been drawn (app/router.tsx). */
export function firstScreenShown(): void {
  shown();
}

const FALLBACK_MS = 4000;
setTimeout(firstScreenShown, FALLBACK_MS);

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
