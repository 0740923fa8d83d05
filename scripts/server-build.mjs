// Builds the server to packages/server/dist/main.js (one ESM file, the contract bundled in, every
// other package left to node_modules) when it is missing or older than any server or contract source.
//
// The server reads files beside its source at run time (migrations, the web dist, i18n JSON,
// content/). Those stay where they are: each source file's `import.meta.dirname` becomes its own
// folder, found from the bundle's folder, so the paths in the source hold unchanged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const serverDir = path.join(root, "packages/server");
const distDir = path.join(serverDir, "dist");
export const serverMain = path.join(distDir, "main.js");
const sources = [path.join(serverDir, "src"), path.join(root, "packages/contract/src"), import.meta.filename];
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return isTest(p) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function serverBuildIsStale() {
  if (!fs.existsSync(serverMain)) return true;
  const builtAt = fs.statSync(serverMain).mtimeMs;
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > builtAt);
}

/** Packages stay external (native argon2, PGlite's wasm, pdfkit's fonts load from their own folders); the workspace's own TypeScript is bundled. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@parlance/") ? undefined : { path: args.path, external: true }));
  },
};

/** `import.meta.dirname` of each source file, relative to the bundle; `import.meta.url` would name the bundle, so it is refused. */
const sourceDirname = {
  name: "source-dirname",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await fs.promises.readFile(args.path, "utf8");
      if (/import\.meta\.(url|filename)\b/.test(text)) {
        return { errors: [{ text: `${path.relative(root, args.path)}: use import.meta.dirname (import.meta.url/filename would name the bundle)` }] };
      }
      const rel = path.relative(distDir, path.dirname(args.path)).split(path.sep).join("/");
      text = text.replaceAll("import.meta.dirname", `__sourceDir(${JSON.stringify(rel)})`);
      return { contents: text, loader: "ts" };
    });
  },
};

/**
 * Builds in memory, then writes each file beside its place and renames it there, so a process
 * starting meanwhile reads the old bundle or the new one, never half of one.
 */
export async function buildServer() {
  const { build } = await import("esbuild");
  const result = await build({
    write: false,
    entryPoints: [path.join(serverDir, "src/main.ts")],
    outfile: serverMain,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [externalPackages, sourceDirname],
    banner: { js: 'import { join as __join } from "node:path";\nconst __sourceDir = (rel) => __join(import.meta.dirname, rel);' },
  });
  fs.mkdirSync(distDir, { recursive: true });
  for (const file of result.outputFiles) {
    const temp = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temp, file.contents);
    fs.renameSync(temp, file.path);
  }
}

/**
 * One builder at a time across processes (test files and `npm start` may build at once): the lock
 * is a folder; one left by a builder that died is taken over after a minute.
 */
async function withBuildLock(fn) {
  const lock = path.join(os.tmpdir(), "parlance-server-build.lock");
  for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 100))) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 60_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`the server build lock ${lock} is held`);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  await withBuildLock(async () => {
    // Another builder may have finished while this one waited.
    if (!serverBuildIsStale()) return;
    console.log("Building the server…");
    const t = performance.now();
    await buildServer();
    console.log(`Built ${path.relative(root, serverMain)} in ${Math.round(performance.now() - t)} ms.`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServerIfStale();
