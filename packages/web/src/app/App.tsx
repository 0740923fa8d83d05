import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// What MantineProvider would write into the page, written at build time (ThemeProvider.tsx).
import "virtual:mantine-styles.css";
import { lazy, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { ThemeProvider } from "./ThemeProvider";
import { AppRoutes } from "./router";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary";
import { screenExists } from "./screenExists";
import { ScreenExistsContext } from "../ui/screenExists";
import { StartupProvider } from "../ui/startup";

// Not needed to show a screen: loaded after it (notifications shown meanwhile wait in its store,
// dialogs asked for meanwhile wait for the host: ui/modals.ts).
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));
const ModalsHost = lazy(() => import("../ui/ModalsHost"));

export function App() {
  return (
    <ThemeProvider>
      <StartupProvider>
        <Suspense fallback={null}>
          <Notifications position="top-right" />
          <ModalsHost />
        </Suspense>
        <ScreenExistsContext.Provider value={screenExists}>
          <BrowserRouter>
            <ScreenErrorBoundary>
              <AppRoutes />
            </ScreenErrorBoundary>
          </BrowserRouter>
        </ScreenExistsContext.Provider>
      </StartupProvider>
    </ThemeProvider>
  );
}
