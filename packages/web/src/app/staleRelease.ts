/**
 * A page of an older release may ask for a lazy chunk that a newer release's server no longer has
 * (during a rolling upgrade, docs/upgrades.md). Vite reports that as `vite:preloadError`: the page
 * then reloads once to get the new release's index.html — answers of a test in progress are kept
 * in the browser's store and resume after the reload (DESIGN.md §6). Once per minute at most, so a
 * chunk that is really missing shows the screen's error instead of reloading for ever. Offline, a
 * chunk fails because the network is down, not because a release replaced it: a reload would only
 * show the browser's own offline page, so the screen's error says it instead.
 */
const KEY = "parlance.staleReloadAt";

export function reloadOnStaleChunks(win: Window = window): void {
  win.addEventListener("vite:preloadError", (event) => {
    if (win.navigator?.onLine === false) return;
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(KEY) ?? 0);
    } catch {
      return; // no storage: leave the error to the screen
    }
    if (Date.now() - last < 60_000) return;
    win.sessionStorage.setItem(KEY, String(Date.now()));
    event.preventDefault();
    win.location.reload();
  });
}
