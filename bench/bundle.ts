/**
 * What each entry route downloads before it is interactive: gzipped JavaScript (level 9) of the
 * entry script of index.html, its modulepreloads (the entry's static imports), the route's own page
 * chunk with its static imports, and the active language's strings, against the aim of issue 12
 * (sign-in ≤ 120 kB, first screens of the test flow ≤ 200 kB). The reference in the same run is a
 * minimal React + Mantine + router + query + i18n page built by the same Vite.
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

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
const language = process.env.BENCH_LANGUAGE ?? "en-US";
const detail = process.env.BENCH_DETAIL === "1";
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Entry routes and the page module each renders (see packages/web/src/app/router.tsx). */
const ROUTES: { path: string; page: string; aim?: number }[] = [
  { path: "/login", page: "src/features/auth/LoginPage.tsx", aim: 120_000 },
  { path: "/testing/tests", page: "src/features/taking/list/TakeTestPage.tsx", aim: 200_000 },
  { path: "/testing/tests/:id", page: "src/features/taking/flow/TakeTestPage.tsx", aim: 200_000 },
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

/** The language's strings: i18n/<lang>.json and i18n/parts/*.<lang>.json, each its own chunk. */
function languageKeys(manifest: Manifest): string[] {
  return Object.keys(manifest).filter((k) => /^src\/i18n\/(parts\/[^/]+\.)?/.test(k) && (k.endsWith(`/${language}.json`) || k.endsWith(`.${language}.json`)));
}

function measure(dist: string, manifest: Manifest, pageKey: string | undefined) {
  const files = closure(manifest, "index.html");
  for (const k of languageKeys(manifest)) closure(manifest, k, files);
  if (pageKey) closure(manifest, pageKey, files);
  const chunks = [...files].filter((f) => f.endsWith(".js")).map((f) => ({ file: f, gzip: gzipSize(path.join(dist, f)) }));
  return { total: chunks.reduce((sum, c) => sum + c.gzip, 0), chunks: chunks.sort((a, b) => b.gzip - a.gzip) };
}

/** A minimal React + Mantine + router + query + i18n page, built the same way: the floor for this stack. */
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
import { initReactI18next, useTranslation } from "react-i18next";
void i18next.use(initReactI18next).init({ lng: "en", resources: { en: { translation: { title: "Sign in", email: "Email", password: "Password" } } } });
function Page() {
  const { t } = useTranslation();
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
  console.log(`Reference: a minimal React + Mantine + router + query + i18n page on this machine: ${kB(reference)}\n`);
  const shell = measure(dist, manifest, undefined);
  console.log(`${"shell (index.html + modulepreloads + strings)".padEnd(48)} ${kB(shell.total).padStart(9)}`);
  for (const route of ROUTES) {
    if (!manifest[route.page]) {
      console.log(`${route.path.padEnd(48)} (page ${route.page} not in the build)`);
      continue;
    }
    const { total, chunks } = measure(dist, manifest, route.page);
    const aim = route.aim ? `aim ≤ ${kB(route.aim)}: ${total <= route.aim ? "met" : `over by ${kB(total - route.aim)}`}` : "";
    console.log(`${route.path.padEnd(48)} ${kB(total).padStart(9)}  ${aim}`);
    const shown = detail ? chunks : chunks.filter((c) => !shell.chunks.some((s) => s.file === c.file));
    for (const c of shown) console.log(`    ${kB(c.gzip).padStart(9)}  ${c.file}${detail ? "" : "  (route's own)"}`);
  }
  if (!detail) {
    console.log("\nShell chunks (every route):");
    for (const c of shell.chunks) console.log(`    ${kB(c.gzip).padStart(9)}  ${c.file}`);
  }
}

await main();
