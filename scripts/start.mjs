// `npm start`: builds the web app when it is missing or older than its sources, then runs the server.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "packages/web");
const built = path.join(webDir, "dist/index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [path.join(webDir, "src"), path.join(root, "packages/contract/src")];
const stale = !fs.existsSync(built) || sources.some((d) => newestMtime(d) > fs.statSync(built).mtimeMs);
if (stale) {
  console.log("Building the web app…");
  const r = spawnSync("npm", ["run", "build", "-w", "@parlance/web"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(
  process.execPath,
  ["--import", "tsx", path.join(root, "packages/server/src/main.ts")],
  { cwd: root, stdio: "inherit", env: process.env },
);
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
