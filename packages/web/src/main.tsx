import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { reloadOnStaleChunks } from "./app/staleRelease";
import { preloadScreen } from "./app/router";

reloadOnStaleChunks();
// The screen's code downloads while the startup data is read (ui/startup.tsx), not after it.
preloadScreen(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
