import type { Plugin } from "vite";

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const VIRTUAL = "\0parlance:scroll-area-merge-refs";

/**
 * Mantine's ScrollArea takes only `useMergeRefs` from @floating-ui/react, and with it the whole
 * floating-ui chunk (12.6 kB gzipped) that popovers and tooltips need: every screen with a scroll
 * area or a modal (the test flow's capability check and prelude) downloaded it. The same merge from
 * @mantine/hooks (already in those screens) stands in for it there; popovers keep floating-ui.
 */
export function scrollAreaMergeRefs(): Plugin {
  return {
    name: "parlance:scroll-area-merge-refs",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@floating-ui/react" && importer && SCROLL_AREA.test(importer)) return VIRTUAL;
      return null;
    },
    load(id) {
      if (id !== VIRTUAL) return null;
      // floating-ui's takes an array of refs, Mantine's takes them as arguments (both run a ref's cleanup).
      return `import { useMergedRef } from "@mantine/hooks";\nexport const useMergeRefs = (refs) => useMergedRef(...refs);\n`;
    },
  };
}
