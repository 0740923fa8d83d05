import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { appSources } from "./app-sources.ts";

const ID = "virtual:mantine-core-styles.css";
const RESOLVED = `\0${ID}`;
/** Mantine's own order starts with these: the reset, the CSS variables' defaults and its global classes. */
const BASE = ["baseline", "default-css-variables", "global"];

const require = createRequire(import.meta.url);
/** A Mantine package's folder (their exports do not list package.json): found from its main file. */
function mantineDir(name: string): string {
  const main = require.resolve(`@mantine/${name}`);
  const at = main.lastIndexOf(`${path.sep}@mantine${path.sep}${name}${path.sep}`);
  return main.slice(0, at + `${path.sep}@mantine${path.sep}${name}`.length);
}
const coreDir = () => mantineDir("core");

/** The names a file imports from `@mantine/core` (`import { A, type B, C as D } from "@mantine/core"`). */
export function namesImportedFromCore(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g))
    for (const part of m[1]!.split(",")) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!.trim();
      if (name) names.push(name);
    }
  return names;
}

/** The components whose class names a file writes out (`mantine-Burger-root`: ui/plain.tsx draws some without Mantine's code). */
export function componentsWrittenOut(source: string): string[] {
  return [...source.matchAll(/\bmantine-([A-Z][A-Za-z]+)-/g)].map((m) => m[1]!);
}

/**
 * The Mantine components the app draws with: every name imported from `@mantine/core` by the app's
 * sources and by the Mantine packages it uses (notifications, modals), and every component whose
 * class names a source writes out, followed through Mantine's
 * own imports to each component whose styles it takes (`<Name>.module.mjs`: a Button brings the
 * UnstyledButton and the Loader).
 */
export function usedComponents(sourceDirs: string[]): Set<string> {
  const core = coreDir();
  const index = fs.readFileSync(path.join(core, "esm/index.mjs"), "utf8");
  const modules = new Map<string, string>();
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g))
    for (const part of m[1]!.split(",")) modules.set(part.trim().split(/\s+as\s+/)[0]!, path.join(core, "esm", m[2]!));

  const sources = [
    ...sourceDirs.flatMap(appSources),
    ...["notifications", "modals"].flatMap((name) =>
      fs
        .readdirSync(path.join(mantineDir(name), "esm"), { withFileTypes: true, recursive: true })
        .flatMap((e) => (e.isFile() && e.name.endsWith(".mjs") ? [path.join(e.parentPath, e.name)] : [])),
    ),
  ];
  const seen = new Set<string>();
  const components = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const styled = file.match(/[\\/]([^\\/]+)\.module\.mjs$/);
    if (styled) components.add(styled[1]!);
    for (const m of fs.readFileSync(file, "utf8").matchAll(/from\s*"(\.[^"]+)"/g)) walk(path.resolve(path.dirname(file), m[1]!));
  };
  for (const file of sources) {
    const source = fs.readFileSync(file, "utf8");
    for (const name of [...namesImportedFromCore(source), ...componentsWrittenOut(source)]) {
      const module = modules.get(name);
      if (module) walk(module);
    }
  }
  return components;
}

/**
 * Mantine's stylesheet with only the components the app draws with (issue 26 §3): all of
 * `@mantine/core/styles.css` is 295 kB (30 kB compressed) that every first screen downloads and the
 * browser parses before it paints. Its per-component files, in the order they take in styles.css
 * (a component's styles after those it builds on), so that rules override each other as in the whole.
 */
export function mantineUsedStyles(sourceDirs: string[]): string {
  const stylesDir = path.join(coreDir(), "styles");
  const whole = fs.readFileSync(path.join(coreDir(), "styles.css"), "utf8");
  const used = usedComponents(sourceDirs);
  const parts = [...BASE, ...used].flatMap((name) => {
    const file = path.join(stylesDir, `${name}.css`);
    if (!fs.existsSync(file)) return [];
    const css = fs.readFileSync(file, "utf8").trim();
    const at = whole.indexOf(css);
    if (at < 0) throw new Error(`@mantine/core/styles/${name}.css is not part of styles.css: its order is unknown`);
    return [{ at, css }];
  });
  return parts
    .sort((a, b) => a.at - b.at)
    .map((p) => p.css)
    .join("\n");
}

/** `import "virtual:mantine-core-styles.css"` (app/App.tsx): Mantine's styles of the components used. */
export function mantineUsedStylesPlugin(sourceDir: string): Plugin {
  return {
    name: "parlance:mantine-used-styles",
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? mantineUsedStyles([sourceDir]) : undefined),
    // `npm run dev`: a source that starts drawing a new component gets its styles.
    configureServer(server) {
      server.watcher.on("change", (file) => {
        const styles = /\.tsx?$/.test(file) ? server.moduleGraph.getModuleById(RESOLVED) : undefined;
        if (styles) server.moduleGraph.invalidateModule(styles);
      });
    },
  };
}
