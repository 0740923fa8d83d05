/**
 * A page of an older release may ask for a lazy chunk that a newer release's server no longer has
 * (during a rolling upgrade, docs/upgrades.md). Vite reports that as `vite:preloadError`: the page
 * then reloads once to get the new release's index.html — answers of a test in progress are kept
 * in the browser's store and resume after the reload (DESIGN.md §6). Once per minute at most, so a
 * chunk that is really missing shows the screen's error instead of reloading for ever.
 *
 * A chunk also fails when the network is down, and then a reload would only replace the page (and a
 * test in progress with its offer of the answers file) by the browser's own offline page. The
 * browser does not always know: when a school's uplink fails the Wi-Fi stays up and
 * `navigator.onLine` stays true. So the failure is left to the screen, and the page reloads only
 * once the server has answered a request made for the purpose.
 */
const KEY = "parlance.staleReloadAt";

export function reloadOnStaleChunks(win: Window = window): void {
  win.addEventListener("vite:preloadError", () => {
    if (win.navigator?.onLine === false) return;
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(KEY) ?? 0);
    } catch {
      return; // no storage: leave the error to the screen
    }
    if (Date.now() - last < 60_000) return;
    void win
      .fetch("/", { method: "HEAD", cache: "no-store" })
      .then((answer) => {
        if (!answer.ok) return;
        win.sessionStorage.setItem(KEY, String(Date.now()));
        win.location.reload();
      })
      .catch(() => undefined); // the server cannot be reached: the network, not a release
  });
}
