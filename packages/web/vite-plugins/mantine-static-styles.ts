import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import type { Plugin } from "vite";
import { cssVariablesResolver, theme } from "../src/ui/theme.ts";

const ID = "virtual:mantine-styles.css";
const RESOLVED = `\0${ID}`;

/**
 * What MantineProvider writes into the page as it renders (its `<style data-mantine-styles>` tags:
 * the CSS variables of our theme and cssVariablesResolver, and the hiddenFrom/visibleFrom classes),
 * written by MantineProvider itself, here at build time.
 */
export function mantineProviderStyles(): string {
  const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
  return [...html.matchAll(/<style data-mantine-styles="[^"]*">([^<]*)<\/style>/g)].map((m) => m[1]!).join("\n");
}

/**
 * `import "virtual:mantine-styles.css"` (app/mantineFrame.tsx): MantineProvider's styles as a static
 * stylesheet, so that the browser goes without the code that computes them (issue 12).
 */
export function mantineStaticStyles(): Plugin {
  return {
    name: "parlance:mantine-static-styles",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? mantineProviderStyles() : undefined),
  };
}
