/**
 * Foundation benchmark: sign-in cost, and throughput and latency of two signed-in reads
 * (GET /api/startup, POST /api/offices/list) through the real server, started as `npm start`
 * starts it (its own process), with the load generated from this process.
 *
 *   npm run bench                                                     # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench  # PostgreSQL (a scratch database)
 *
 * Options: BENCH_SECONDS (default 10), BENCH_CONCURRENCY (default 32).
 */
import os from "node:os";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer } from "../e2e/support/server.js";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function load(name: string, send: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const f = (p: number) => percentile(latencies, p).toFixed(1);
  console.log(`${name.padEnd(24)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${f(50)} ms   p95 ${f(95)} ms   p99 ${f(99)} ms   errors ${errors}`);
}

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  // A database of its own, so the bench never touches real data.
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, "parlance_bench") : undefined;
  const server = await startServer({ env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  const base = server.url;
  const json = { origin: base, "content-type": "application/json" };
  console.log(`Parlance foundation benchmark on ${scratch ? "PostgreSQL" : "embedded PGlite"}: ${os.cpus().length} cores shared by server and load, ${concurrency} concurrent clients, ${seconds} s each\n`);

  const signInTimes: number[] = [];
  let cookie = "";
  for (let i = 0; i < 10; i++) {
    const s = performance.now();
    const res = await fetch(`${base}/login`, { method: "POST", headers: json, body: JSON.stringify({ email_address: "admin@northwind.example", password: "Parlance-demo-1" }) });
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    signInTimes.push(performance.now() - s);
  }
  signInTimes.sort((a, b) => a - b);
  console.log(`sign-in (argon2id, 19 MiB, t=2): median ${percentile(signInTimes, 50).toFixed(1)} ms over 10`);

  await load("GET /api/startup", () => fetch(`${base}/api/startup`, { headers: { cookie } }));
  await load("POST /api/offices/list", () => fetch(`${base}/api/offices/list`, { method: "POST", headers: { ...json, cookie }, body: '{"page":1}' }));

  await server.stop();
  await scratch?.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
