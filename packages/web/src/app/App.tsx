// Mantine's styles of the components the app draws with (vite-plugins/mantine-used-styles.ts).
import "virtual:mantine-core-styles.css";
import "@mantine/notifications/styles.css";
// What MantineProvider would write into the page, written at build time (ui/ThemeProvider.tsx).
import "virtual:mantine-styles.css";
import { lazy, Suspense } from "react";
import { BrowserRouter } from "react-router";
import { AppRoutes, SCREENS } from "./router";
import { ScreenErrorBoundary } from "./ScreenErrorBoundary";
import { StartupProvider } from "../ui/startup";
import { ScreensContext } from "../ui/screens";
import { afterFirstScreen } from "../ui/firstScreen";

// Not needed to show a screen: loaded after it (notifications shown meanwhile wait in its store,
// dialogs asked for meanwhile wait for the host: ui/modals.ts).
// Each brings Mantine's theme with it (ui/ThemeProvider.tsx): the first screen is drawn without Mantine.
// They download once the first screen is drawn (ui/firstScreen.ts), not alongside its own code.
const Notifications = lazy(() =>
  afterFirstScreen()
    .then(() => Promise.all([import("@mantine/notifications"), import("../ui/ThemeProvider")]))
    .then(([m, theme]) => ({ default: theme.withTheme(m.Notifications) })),
);
const ModalsHost = lazy(() => afterFirstScreen().then(() => import("../ui/ModalsHost")));

export function App() {
  return (
    <StartupProvider>
        <Suspense fallback={null}>
          <Notifications position="top-right" />
          <ModalsHost />
        </Suspense>
        <ScreensContext.Provider value={SCREENS}>
          <BrowserRouter>
            <ScreenErrorBoundary>
              <AppRoutes />
            </ScreenErrorBoundary>
          </BrowserRouter>
        </ScreensContext.Provider>
    </StartupProvider>
  );
}
