import { describe, expect, it, vi } from "vitest";
import { reloadOnStaleChunks } from "./staleRelease";

/** A window with what the handler uses: events, session storage, fetch and location.reload. */
function fakeWindow(onLine = true, server: "answers" | "unreachable" = "answers") {
  const target = new EventTarget();
  const store = new Map<string, string>();
  const reload = vi.fn();
  const fetch = vi.fn(() => (server === "answers" ? Promise.resolve({ ok: true } as Response) : Promise.reject(new TypeError("Failed to fetch"))));
  const win = Object.assign(target, {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    location: { reload },
    navigator: { onLine },
    fetch,
  });
  return { win: win as unknown as Window, reload, fetch };
}

const preloadError = () => new Event("vite:preloadError", { cancelable: true });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("reloadOnStaleChunks", () => {
  it("reloads once when a chunk of an older release is gone and the server answers, and not again within a minute", async () => {
    const { win, reload, fetch } = fakeWindow();
    reloadOnStaleChunks(win);
    const first = preloadError();
    win.dispatchEvent(first);
    // The failure itself goes to the screen; the reload follows the server's answer.
    expect(first.defaultPrevented).toBe(false);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    win.dispatchEvent(preloadError());
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("with the uplink down while the browser says online, does not reload: the server does not answer", async () => {
    const { win, reload, fetch } = fakeWindow(true, "unreachable");
    reloadOnStaleChunks(win);
    win.dispatchEvent(preloadError());
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    // Once the server answers again, a later failure may reload.
  });

  it("offline, leaves the failure to the screen without asking: the chunk is not gone, the network is", async () => {
    const { win, reload, fetch } = fakeWindow(false);
    reloadOnStaleChunks(win);
    const event = preloadError();
    win.dispatchEvent(event);
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(false);
  });
});
