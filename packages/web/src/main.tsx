import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { reloadOnStaleChunks } from "./app/staleRelease";
import { preloadScreen } from "./app/router";
import { preloadStartup } from "./ui/startup";

/**
 * How long the first render waits for the startup data and the screen's code. They come with the
 * page (server startup/page.ts: the reads in it, the screen's files preloaded beside the shell), so
 * on a phone they are there as the shell has run; a screen drawn later gets the loader first,
 * which React keeps for 300 ms (Suspense's throttle) once the screen is there.
 */
const FIRST_RENDER_WAIT_MS = 500;

reloadOnStaleChunks();
// The screen's code downloads while the startup data is read (ui/startup.tsx), not after it.
const ready = Promise.all([preloadScreen(window.location.pathname), preloadStartup()]);

void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
