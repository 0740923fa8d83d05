import type { ContextType, ReactNode } from "react";
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
