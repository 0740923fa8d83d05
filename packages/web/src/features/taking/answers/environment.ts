/** What the answer store needs of the browser, passed in so the sending rules can be unit-tested with fakes. */
export interface Environment {
  now(): number;
  isOnline(): boolean;
  /** Calls back when the browser goes online or offline, or the page is hidden; answers an unsubscribe. */
  listen(handlers: { online(): void; offline(): void; hidden(): void }): () => void;
}

/** The browser's clock, online state and page visibility. */
export const browserEnvironment: Environment = {
  now: () => Date.now(),
  isOnline: () => navigator.onLine,
  listen({ online, offline, hidden }) {
    const onVisibility = () => document.visibilityState === "hidden" && hidden();
    window.addEventListener("online", online);
    window.addEventListener("offline", offline);
    window.addEventListener("pagehide", hidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      window.removeEventListener("pagehide", hidden);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  },
};
