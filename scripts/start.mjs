// `npm start`: builds the web app when it is missing or stale, then runs the server.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildWebIfStale } from "./web-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
try {
  buildWebIfStale();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}

const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "packages/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code) => process.exit(code ?? 0));
