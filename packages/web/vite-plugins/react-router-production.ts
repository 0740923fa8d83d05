import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);
const PACKAGE_DIR = path.dirname(require.resolve("react-router/package.json"));
const PRODUCTION_ENTRY = path.join(PACKAGE_DIR, "dist/production/index.mjs");
const DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^?]*\.mjs$/;
/** `Name.displayName = "…";` alone on its line: a name for React DevTools. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
/** A top-level `var X = React.forwardRef(` (or createContext, memo) not marked pure. */
const UNMARKED_COMPONENT = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/**
 * React Router in the production build, without what only its development build and DevTools use.
 *
 * - Its package exports only `dist/development` (ENABLE_DEV_WARNINGS on) to every bundler, though it
 *   ships `dist/production` beside it, the same code with the warnings off (remix-run/react-router
 *   issue 14102, open): the build takes the production one.
 * - `Form.displayName = "Form"` and the like are writes to a component's property, which the bundler
 *   keeps as side effects: they kept `Form` (with useSubmit and the form-data encoding) and other
 *   unused components in the shell chunk. Names for DevTools mean nothing in a minified build.
 * - `var Form = React.forwardRef(…)` is a call the bundler cannot know is pure: marked, so that an
 *   unused component (Form) drops out as the rest of the unused library does.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: "parlance:react-router-production",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      return source === "react-router" ? PRODUCTION_ENTRY : undefined;
    },
    transform(code, id) {
      if (!DIST.test(id)) return undefined;
      return { code: code.replace(DISPLAY_NAME, "").replace(UNMARKED_COMPONENT, "$1/* @__PURE__ */ $2"), map: null };
    },
  };
}
