import type { ComponentType, ContextType, ReactNode } from "react";
import { MantineContext, MantineThemeProvider } from "@mantine/core";
import { theme } from "./theme";

const noop = () => undefined;

/**
 * What MantineProvider gives the components (its context, as `<MantineProvider theme={theme}
 * forceColorScheme="light">` would: the app has one colour scheme), without what it computes as the
 * page loads: its stylesheet (the theme's CSS variables and the hiddenFrom/visibleFrom classes) is
 * written by MantineProvider itself at build time (vite-plugins/mantine-static-styles.ts, imported
 * by App.tsx), and the attributes it would set on <html> are in index.html. Some 2.5 kB gzipped less before the first
 * screen (issue 12); ThemeProvider.unit.test.tsx renders components under both and compares.
 *
 * Not in the shell: the first screen (the frame and the sign-in page) is drawn without Mantine's
 * code (ui/plain.tsx), so each part that uses Mantine brings this with it: a screen's route
 * (app/router.tsx `page`), and the header's menus, the phone drawer, the banners, the dialogs'
 * and notifications' hosts, the not-found page, the error alert and the password field, each
 * wrapped by `withTheme`.
 */
const context: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: "light",
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesSelector: ":root",
  withStaticClasses: true,
};

export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineContext value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}

/** The component under ThemeProvider: for a chunk that uses Mantine and is loaded by the shell. */
export function withTheme<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Themed(props: P) {
    return (
      <ThemeProvider>
        <Component {...props} />
      </ThemeProvider>
    );
  };
}
