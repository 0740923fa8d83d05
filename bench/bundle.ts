/**
 * What each entry route downloads before it is interactive: gzipped JavaScript (level 9) of the
 * entry script of index.html, its modulepreloads (the entry's static imports), the route's own page
 * chunk with its static imports, and the active language's strings of the tiers the route asks for
 * (i18n/tiers.ts, read from app/router.tsx) and Mantine's theme when the screen uses Mantine, against
 * the aims of issue 12 (sign-in ≤ 120 kB) and issue 26 §3 (the candidate's path: Take a Test and each
 * first screen of the test page ≤ 150 kB). The reference in the same run is a minimal React + Mantine
 * + router + query + i18next page built by the same Vite (the app has its own translator instead).
 *
 *   npm run bench:bundle                              # builds the web app into bench/out/bundle
 *   BENCH_DIST=packages/web/dist npm run bench:bundle  # reads an existing build (needs its .vite/manifest.json)
 *
 * Options: BENCH_LANGUAGE (default en-US), BENCH_DETAIL=1 lists every chunk of every route.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";
import { screensOfRouter } from "../packages/web/vite-plugins/first-screens.js";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
const language = process.env.BENCH_LANGUAGE ?? "en-US";
const detail = process.env.BENCH_DETAIL === "1";
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

const FLOW = "src/features/taking/flow";
const QUERIES = "src/api/queries.tsx";
const THEME = "src/ui/ThemeProvider.tsx";

/**
 * Entry routes and the page module each renders (see packages/web/src/app/router.tsx), with the lazy
 * parts its first screen shows: the test page shows one stage, whichever the test is at, and the
 * stages around the test bring the `stages` strings with them (i18n `withStrings`).
 */
const ROUTES: { path: string; page: string; parts?: string[]; partTiers?: string[]; aim?: number }[] = [
  { path: "/login", page: "src/features/auth/LoginPage.tsx", aim: 120_000 },
  { path: "/testing/tests", page: "src/features/taking/list/TakeTestPage.tsx", aim: 150_000 },
  { path: "/testing/tests/:id capability check (online test)", page: `${FLOW}/TakeTestPage.tsx`, parts: [`${FLOW}/CapabilityCheck.tsx`], partTiers: ["stages"], aim: 150_000 },
  { path: "/testing/tests/:id prelude (other methods)", page: `${FLOW}/TakeTestPage.tsx`, parts: [`${FLOW}/Prelude.tsx`], partTiers: ["stages"], aim: 150_000 },
  { path: "/testing/tests/:id resumed, in progress", page: `${FLOW}/TakeTestPage.tsx`, parts: [`${FLOW}/TestInProgress.tsx`], aim: 150_000 },
  { path: "/overview", page: "src/features/overview/OverviewPage.tsx" },
  { path: "/testing/candidates", page: "src/features/candidates/CandidatesPage.tsx" },
  { path: "/testing/results/:id/edit", page: "src/features/results/scoring/ScoringPage.tsx" },
];

async function buildWeb(): Promise<string> {
  const outDir = path.join(root, "bench/out/bundle");
  await build({ root: webDir, configFile: path.join(webDir, "vite.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true, manifest: true } });
  return outDir;
}

function gzipSize(file: string, cache = new Map<string, number>()): number {
  if (!cache.has(file)) cache.set(file, gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return cache.get(file)!;
}

/** A manifest entry's file and its static imports, transitively. */
function closure(manifest: Manifest, key: string, out = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || out.has(chunk.file)) return out;
  out.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, out);
  return out;
}

/** The language's strings of a tier: i18n/<lang>.json?tier=<tier> and i18n/parts/*.<lang>.json?tier=<tier>, each its own chunk. */
function stringKeys(manifest: Manifest, tiers: readonly string[]): string[] {
  return Object.keys(manifest).filter((k) => {
    const m = /^src\/i18n\/(?:parts\/[^/]+\.|)([\w-]+)\.json\?tier=(\w+)$/.exec(k) ?? /^src\/i18n\/parts\/[^/]+\.([\w-]+)\.json\?tier=(\w+)$/.exec(k);
    return !!m && m[1] === language && tiers.includes(m[2]!);
  });
}

/** What each page's route asks for in app/router.tsx (its string tiers, react-query, Mantine), as the build reads it for the page's hints. */
function pageNeeds(): Map<string, { tiers: string[]; queries: boolean; mantine: boolean }> {
  const source = fs.readFileSync(path.join(webDir, "src/app/router.tsx"), "utf8");
  return new Map(screensOfRouter(source).map((s) => [s.module, s.needs]));
}

function measure(dist: string, manifest: Manifest, pageKeys: string[], tiers: readonly string[]) {
  const files = closure(manifest, "index.html");
  const strings = stringKeys(manifest, tiers);
  if (strings.length === 0) throw new Error(`No ${language} strings of the tiers ${tiers.join(", ")} in the build`);
  for (const k of strings) closure(manifest, k, files);
  for (const key of pageKeys) {
    if (!manifest[key]) throw new Error(`${key} is not a chunk of its own in the build`);
    closure(manifest, key, files);
  }
  const chunks = [...files].filter((f) => f.endsWith(".js")).map((f) => ({ file: f, gzip: gzipSize(path.join(dist, f)) }));
  return { total: chunks.reduce((sum, c) => sum + c.gzip, 0), chunks: chunks.sort((a, b) => b.gzip - a.gzip) };
}

/** A minimal React + Mantine + router + query + i18next page (no react-i18next, as the app), built the same way: the floor for this stack. */
async function referenceSize(): Promise<number> {
  // Under node_modules so that its bare imports resolve; plain JS (createElement) so no JSX plugin is needed.
  const dir = path.join(root, "node_modules/.cache/bench-bundle-reference");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>`);
  fs.writeFileSync(
    path.join(dir, "main.js"),
    `import { createElement as h, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { MantineProvider, Button, PasswordInput, Stack, TextInput, Title } from "@mantine/core";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { createBrowserRouter, RouterProvider } from "react-router";
import i18next from "i18next";
void i18next.init({ lng: "en", initAsync: false, resources: { en: { translation: { title: "Sign in", email: "Email", password: "Password" } } } });
function Page() {
  const t = (key) => i18next.t(key);
  const q = useQuery({ queryKey: ["startup"], queryFn: () => fetch("/api/startup").then((r) => r.json()) });
  return h(Stack, { component: "form" }, h(Title, null, t("title")), h(TextInput, { label: t("email") }), h(PasswordInput, { label: t("password") }), h(Button, { type: "submit", loading: q.isLoading }, t("title")));
}
const router = createBrowserRouter([{ path: "*", element: h(Page) }]);
createRoot(document.getElementById("root")).render(h(StrictMode, null, h(MantineProvider, null, h(QueryClientProvider, { client: new QueryClient() }, h(RouterProvider, { router })))));
`,
  );
  const outDir = path.join(dir, "dist");
  // Silent: from inside node_modules every "use client" directive would be reported.
  await build({ root: dir, configFile: false, logLevel: "silent", build: { outDir, emptyOutDir: true, manifest: true } });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
  return [...closure(manifest, "index.html")].filter((f) => f.endsWith(".js")).reduce((sum, f) => sum + gzipSize(path.join(outDir, f)), 0);
}

async function main() {
  process.env.NODE_ENV = "production"; // as `vite build` sets it: production builds of React and the router
  const dist = process.env.BENCH_DIST ? path.resolve(root, process.env.BENCH_DIST) : await buildWeb();
  const manifestFile = path.join(dist, ".vite/manifest.json");
  if (!fs.existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: build with build.manifest enabled.`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
  const reference = await referenceSize();

  console.log(`Gzipped JS (level 9) before each route is interactive, language ${language}; build ${path.relative(root, dist)}`);
  console.log(`Reference: a minimal React + Mantine + router + query + i18next page on this machine: ${kB(reference)}\n`);
  const needsOf = pageNeeds();
  const shell = measure(dist, manifest, [], ["entry"]);
  // Chunk files are named by their hash (vite.config.ts): say which module each is named after, and
  // for a strings chunk which tier it holds.
  const labels = new Map(Object.entries(manifest).flatMap(([key, chunk]) => {
    const tier = /\?tier=(\w+)$/.exec(key)?.[1];
    return chunk.file.endsWith(".js") ? [[chunk.file, `  ${chunk.name ?? key}${tier ? ` (strings: ${tier})` : ""}`]] : [];
  }));
  const label = (file: string) => labels.get(file) ?? "";
  console.log(`${"shell (index.html + modulepreloads)".padEnd(50)} ${kB(shell.total).padStart(9)}  [strings: entry]`);
  for (const route of ROUTES) {
    const needs = needsOf.get(route.page);
    if (!manifest[route.page] || !needs) {
      console.log(`${route.path.padEnd(50)} (page ${route.page} not in the build or not in app/router.tsx)`);
      continue;
    }
    const { queries, mantine } = needs;
    const tiers = [...needs.tiers, ...(route.partTiers ?? [])];
    const { total, chunks } = measure(dist, manifest, [route.page, ...(route.parts ?? []), ...(queries ? [QUERIES] : []), ...(mantine ? [THEME] : [])], tiers);
    const aim = route.aim ? `aim ≤ ${kB(route.aim)}: ${total <= route.aim ? "met" : `over by ${kB(total - route.aim)}`}` : "";
    const needed = `[strings: ${tiers.join(", ")}${queries ? "; react-query" : ""}${mantine ? "; theme" : ""}]`;
    console.log(`${route.path.padEnd(50)} ${kB(total).padStart(9)}  ${needed}${aim ? `  ${aim}` : ""}`);
    const shown = detail ? chunks : chunks.filter((c) => !shell.chunks.some((s) => s.file === c.file));
    for (const c of shown) console.log(`    ${kB(c.gzip).padStart(9)}  ${c.file}${label(c.file)}${detail ? "" : "  (route's own)"}`);
  }
  if (!detail) {
    console.log("\nShell chunks (every route):");
    for (const c of shell.chunks) console.log(`    ${kB(c.gzip).padStart(9)}  ${c.file}${label(c.file)}`);
  }
}

await main();
