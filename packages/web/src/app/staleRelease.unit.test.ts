import { describe, expect, it, vi } from "vitest";
import { reloadOnStaleChunks } from "./staleRelease";

/** A window with what the handler uses: events, session storage and location.reload. */
function fakeWindow(onLine = true) {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  const win = Object.assign(target, {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    location: { reload },
    navigator: { onLine },
  });
  return { win: win as unknown as Window, reload };
}

const preloadError = () => new Event("vite:preloadError", { cancelable: true });

describe("reloadOnStaleChunks", () => {
  it("reloads once when a chunk of an older release is gone, and not again within a minute", () => {
    const { win, reload } = fakeWindow();
    reloadOnStaleChunks(win);
    const first = preloadError();
    win.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    const second = preloadError();
    win.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    // The second failure is left to the screen's error boundary.
    expect(second.defaultPrevented).toBe(false);
  });

  it("offline, leaves the failure to the screen: the chunk is not gone, the network is", () => {
    const { win, reload } = fakeWindow(false);
    reloadOnStaleChunks(win);
    const event = preloadError();
    win.dispatchEvent(event);
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
