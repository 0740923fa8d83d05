// `npm start`: builds the web app and the server when missing or stale, then runs the built server.
// `npm run dev` (--dev): the server restarting on change, plus Vite's dev server on 5173.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWebIfStale } from "./web-build.mjs";
import { buildServerIfStale, serverMain } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const children = [];

function start(args, env = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  children.push(child);
  child.on("exit", (code) => {
    for (const c of children) if (c !== child) c.kill("SIGTERM");
    process.exit(code ?? 0);
  });
  return child;
}

const main = path.join(root, "packages/server/src/main.ts");
if (dev) {
  start(["--import", "tsx", "--watch", main]);
  start([path.join(root, "node_modules/vite/bin/vite.js"), "--config", "packages/web/vite.config.ts", "packages/web"]);
} else {
  try {
    buildWebIfStale();
    await buildServerIfStale();
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
  // Without --enable-source-maps (it slows every stack trace); NODE_OPTIONS=--enable-source-maps turns it on.
  start([serverMain]);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => children.forEach((c) => c.kill(sig)));
