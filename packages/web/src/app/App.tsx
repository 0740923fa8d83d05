import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { lazy, Suspense } from "react";
import { ModalsProvider } from "@mantine/modals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router";
import { cssVariablesResolver, theme } from "./theme";
import { router } from "./router";
import { screenExists } from "./screenExists";
import { ScreenExistsContext } from "../ui/screenExists";
import { StartupProvider } from "../ui/startup";

// Not needed to show a screen: loaded after it (notifications shown meanwhile wait in its store).
// ModalsProvider stays eager: a confirm dialog opened before it mounted would be lost.
const Notifications = lazy(() => import("@mantine/notifications").then((m) => ({ default: m.Notifications })));

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <StartupProvider>
          <ModalsProvider>
            <Suspense fallback={null}>
              <Notifications position="top-right" />
            </Suspense>
            <ScreenExistsContext.Provider value={screenExists}>
              <RouterProvider router={router} />
            </ScreenExistsContext.Provider>
          </ModalsProvider>
        </StartupProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
