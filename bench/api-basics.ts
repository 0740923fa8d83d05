/**
 * Foundation benchmark: sign-in cost, and throughput and latency of two signed-in reads
 * (GET /api/startup, POST /api/offices/list) through the real server over HTTP.
 *
 *   npx tsx bench/api-basics.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/api-basics.ts
 *
 * Options: BENCH_SECONDS (default 10), BENCH_CONCURRENCY (default 32).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../packages/server/src/config.js";
import { migrateDatabase, openDatabase } from "../packages/server/src/db/client.js";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startJobQueue } from "../packages/server/src/jobs/queue.js";
import { buildApp } from "../packages/server/src/app.js";
import { seedDemoWorld } from "../packages/server/src/demo/seed.js";
import { DEMO_PASSWORD } from "../packages/server/src/demo/world.js";

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
  console.log(
    `${name.padEnd(28)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p95 ${percentile(latencies, 95).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   errors ${errors}`,
  );
}

async function main() {
  let databaseUrl = process.env.DATABASE_URL || undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (databaseUrl) {
    // A database of its own, so the bench never touches real data.
    const scratch = await createScratchDatabase(databaseUrl, "parlance_bench");
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-bench-"));
  const config = loadConfig({ NODE_ENV: "production", PORT: "0", DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } as NodeJS.ProcessEnv);
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const jobs = await startJobQueue(database);
  const ctx = { config, database, db: database.db, jobs };
  await seedDemoWorld(ctx);
  const app = await buildApp(ctx);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const origin = { origin: address, "content-type": "application/json" };
  console.log(`Parlance foundation benchmark on ${database.kind}, ${os.cpus().length} cores, ${concurrency} concurrent clients, ${seconds} s each\n`);

  const t = performance.now();
  const signInTimes: number[] = [];
  let cookie = "";
  for (let i = 0; i < 10; i++) {
    const s = performance.now();
    const res = await fetch(`${address}/login`, { method: "POST", headers: origin, body: JSON.stringify({ email_address: "admin@northwind.example", password: DEMO_PASSWORD }) });
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    signInTimes.push(performance.now() - s);
  }
  signInTimes.sort((a, b) => a - b);
  console.log(`sign-in (argon2id), 10 in a row: median ${percentile(signInTimes, 50).toFixed(1)} ms, total ${(performance.now() - t).toFixed(0)} ms`);

  await load("GET /api/startup", () => fetch(`${address}/api/startup`, { headers: { cookie } }));
  await load("POST /api/offices/list", () => fetch(`${address}/api/offices/list`, { method: "POST", headers: { ...origin, cookie }, body: '{"page":1}' }));

  await app.close();
  await jobs.stop();
  await database.close();
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
