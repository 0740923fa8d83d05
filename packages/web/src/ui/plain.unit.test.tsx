import { describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as M from "@mantine/core";
import * as P from "./plain";
import { ThemeProvider } from "./ThemeProvider";

/**
 * ui/plain writes the markup of Mantine's components by hand (the first screen without Mantine's
 * code, issue 12). Mantine's stylesheet styles it by class name, so the class names must be the ones
 * the installed Mantine renders: an upgrade that renames them fails here, not silently in the look.
 */
const classesOf = (node: ReactElement) => {
  const html = renderToStaticMarkup(<ThemeProvider>{node}</ThemeProvider>).replace(/<style[^>]*>[^<]*<\/style>/g, "");
  return new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)).filter((c) => /^m_[0-9a-f]+$/.test(c) || c.startsWith("mantine-")));
};

const pairs: [string, ReactElement, ReactElement][] = [
  ["Group", <M.Group gap="sm">x</M.Group>, <P.Group gap="sm">x</P.Group>],
  ["Stack", <M.Stack>x</M.Stack>, <P.Stack>x</P.Stack>],
  ["Text", <M.Text size="sm">x</M.Text>, <P.Text size="sm">x</P.Text>],
  ["Loader", <M.Loader size="sm" />, <P.Loader size="sm" label="Loading" />],
  ["Button", <M.Button>Continue</M.Button>, <P.Button>Continue</P.Button>],
  ["Button default", <M.Button variant="default" size="xs">Language</M.Button>, <P.Button variant="default" size="xs">Language</P.Button>],
  ["TextInput", <M.TextInput label="Email" error="Provide an email" />, <P.TextInput label="Email" error="Provide an email" />],
];

describe("ui/plain writes Mantine's classes", () => {
  for (const [name, mantine, plain] of pairs) {
    it(name, () => {
      const theirs = classesOf(mantine);
      const ours = classesOf(plain);
      expect(ours.size, name).toBeGreaterThan(0);
      // Every class ours writes is one Mantine writes for the same component.
      expect([...ours].filter((c) => !theirs.has(c)), name).toEqual([]);
      // And Mantine's structural classes (m_…) are all there.
      expect([...theirs].filter((c) => c.startsWith("m_") && !ours.has(c)), name).toEqual([]);
    });
  }
});
