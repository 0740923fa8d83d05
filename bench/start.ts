/**
 * Production start: the built server (packages/server/dist/main.js, what `npm start` runs) against
 * the server's TypeScript through tsx (what `npm start` ran before), in the same run. Each start is
 * on a fresh copy of a data folder that already holds the demo world (made once first, not
 * measured): the time from spawning node to the first 200 of /api/startup, and the resident
 * memory (VmRSS) of the idle server some seconds after.
 *
 *   npm run bench:start
 *
 * Options: BENCH_RUNS (default 5 starts of each), BENCH_IDLE_SECONDS (default 5).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { copyDataDir, startServer } from "../e2e/support/server.js";
import { buildWebIfStale } from "../scripts/web-build.mjs";
import { freePort } from "../scripts/free-port.mjs";
import { buildServerIfStale, serverMain } from "../scripts/server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const variants = [
  { name: "built (node dist/main.js)", args: [serverMain] },
  { name: "tsx (node --import tsx src/main.ts)", args: ["--import", "tsx", path.join(root, "packages/server/src/main.ts")] },
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

/** One start on a copy of the seeded folder: ms to the first 200 of /api/startup, then MB resident when idle. */
async function measure(args: string[], seeded: string): Promise<{ ms: number; mb: number }> {
  const dataDir = copyDataDir(seeded);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): node ${args.join(" ")}`);
      const ok = await fetch(`${url}/api/startup`).then((r) => r.ok, () => false);
      if (ok) break;
      if (performance.now() - t0 > 120_000) throw new Error("the server did not start in 2 minutes");
      await sleep(10);
    }
    const ms = performance.now() - t0;
    await sleep(idleSeconds * 1000);
    return { ms, mb: rssMb(child.pid!) };
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  buildWebIfStale();
  await buildServerIfStale();
  // The demo world, made once by a first start on an empty folder (as the browser tests do).
  const first = await startServer();
  await first.stop();
  const results = variants.map(() => ({ ms: [] as number[], mb: [] as number[] }));
  console.log(`Production start: ${runs} starts of each, alternating, idle ${idleSeconds} s before reading VmRSS (demo world, embedded PGlite)\n`);
  for (let i = 0; i < runs; i++) {
    for (const [v, variant] of variants.entries()) {
      const r = await measure(variant.args, first.dataDir);
      results[v].ms.push(r.ms);
      results[v].mb.push(r.mb);
      console.log(`  run ${i + 1} ${variant.name}: ${Math.round(r.ms)} ms, ${Math.round(r.mb)} MB`);
    }
  }
  console.log("\nmedians:");
  for (const [v, variant] of variants.entries()) {
    console.log(`  ${variant.name.padEnd(38)} cold start ${String(Math.round(median(results[v].ms))).padStart(6)} ms   idle RSS ${String(Math.round(median(results[v].mb))).padStart(5)} MB`);
  }
  fs.rmSync(first.dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
