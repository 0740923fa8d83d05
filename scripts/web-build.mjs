// Builds the web app when dist is missing or older than any web or contract source file (or the build's own plugins).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
const built = path.join(webDir, "dist/index.html");

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function webBuildIsStale() {
  if (!fs.existsSync(built)) return true;
  const sources = ["src", "public", "index.html", "vite.config.ts", "vite-plugins"].map((p) => path.join(webDir, p)).concat(path.join(root, "packages/contract/src"));
  const builtAt = fs.statSync(built).mtimeMs;
  return sources.some((p) => fs.existsSync(p) && newestMtime(p) > builtAt);
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log("Building the web app…");
  // Always React's production build: run from the tests, NODE_ENV is "test", and a build made then
  // would be the development one, which npm start would later serve as fresh.
  const r = spawnSync("npm", ["run", "build", "-w", "@parlance/web"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (r.status !== 0) throw new Error("The web build failed.");
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
