/**
 * Autosave at scale (issues 12 and 26), against the physical limit of this machine in the same run.
 *
 * 1. PostgreSQL: a scratch database with the demo world and N candidates holding started attempts;
 *    pgbench runs the server's own save statement on it (the database's limit: saves/s with no HTTP
 *    and no Node), and a bare Fastify route in its own process gives the HTTP ceiling. Then the real
 *    server, with each number of processes in turn (2, then 1), takes the browser's autosave — every
 *    candidate one save every 5 s — in steps of candidates, refined by halving between the largest
 *    step held (p99 under 100 ms, nothing refused or failed) and the first that was not. Each step
 *    prints saves acknowledged/s, the share refused, p50/p99, the server's RSS and the CPU of server,
 *    PostgreSQL and load generator; then the largest rate held as a share of pgbench's.
 * 2. The embedded database (PGlite, as `npm start` runs it): the same steps, the largest held, and
 *    so how many candidates one `npm start` holds.
 * 3. After each server's steps, steps beyond saturation (issue 26): the share refused with 503, the
 *    accepted rate and p50/p99, the server's RSS — graceful degradation instead of a queue without bound.
 *
 *   npm run bench:autosave       (about 10 minutes on a quiet 2-core machine; shorter settings in docs/scaling.md)
 *   DATABASE_URL=postgres://user@host:5432/db npm run bench:autosave   (a scratch database is made on it)
 *
 * Options: BENCH_STEPS (candidates, default 2000,5000,10000,15000,20000,25000,30000),
 * BENCH_PGLITE_STEPS (default 250,500,750,1000,1500,2000,3000), BENCH_STEP_SECONDS (20),
 * BENCH_REFINE (halvings, 2), BENCH_OVERLOAD (factors of the largest load held, run beyond
 * saturation: 1.5,2; 0 for none), BENCH_SOCKETS (1024: enough that saves wait at the server, as
 * browsers' would, not in this process), BENCH_WEB_CONCURRENCY (server processes on PostgreSQL, one
 * server after the other: 2,1), BENCH_ONLY (postgres | pglite), BENCH_CPU_PROF (a folder: the server
 * runs under node --cpu-prof and writes a profile per process there at the end), BENCH_DB_PREFIX
 * (the scratch database's name prefix), BENCH_TARGET_P99_MS (100; larger only to watch steps go on
 * past saturation on a loaded machine), BENCH_DEBUG (the load generator's connections every 5 s).
 * The first step not held ends the coarse stepping.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createScratchDatabase } from "../../packages/server/src/db/scratch.js";
import { migrateDatabase, openPglite } from "../../packages/server/src/db/client.js";
import { seedDemoWorldIfEmpty } from "../../packages/server/src/demo/seed.js";
import { startServer, type RunningServer } from "../../e2e/support/server.js";
import { buildServerIfStale } from "../../scripts/server-build.mjs";
import { bareFastify, closedLoop, RawPool, step, type StepResult } from "./load.js";
import { pgbenchScript, runPgbench } from "./pgbench.js";
import { createCandidates, type Candidates } from "./setup.js";

// The local server through its Unix socket when there is one (as pgbench's default): TCP over
// loopback costs both the server and pgbench a kernel network path per statement.
const SOCKET_DIR = "/var/run/postgresql";
const SERVER_URL =
  process.env.DATABASE_URL ||
  (fs.existsSync(path.join(SOCKET_DIR, ".s.PGSQL.5432")) ? `postgres://postgres@localhost:5432/test?host=${SOCKET_DIR}` : "postgres://postgres@127.0.0.1:5432/test");
const list = (v: string | undefined, d: string) => (v ?? d).split(",").map(Number);
const STEPS = list(process.env.BENCH_STEPS, "2000,5000,10000,15000,20000,25000,30000");
const PGLITE_STEPS = list(process.env.BENCH_PGLITE_STEPS, "250,500,750,1000,1500,2000,3000");
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const REFINE = Number(process.env.BENCH_REFINE ?? 2);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1024);
const WEB_CONCURRENCY = list(process.env.BENCH_WEB_CONCURRENCY, "2,1");
const DB_PREFIX = process.env.BENCH_DB_PREFIX ?? "parlance_bench_autosave";
const ONLY = process.env.BENCH_ONLY;
const OVERLOAD = list(process.env.BENCH_OVERLOAD, "1.5,2").filter((f) => f > 0);
const CPU_PROF = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : null;
const TARGET_P99_MS = Number(process.env.BENCH_TARGET_P99_MS ?? 100);
const SESSION_IDLE_MS = 30 * 60_000;

// Node refuses --cpu-prof in NODE_OPTIONS: it goes on the command line (cluster workers inherit it).
const nodeArgs = CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROF}`] : [];
const fmt = (n: number) => n.toLocaleString("en-US");

const held = (r: StepResult) => r.p99 < TARGET_P99_MS && r.errors === 0;
/** Candidates enough for the largest step and the steps beyond saturation. */
const candidatesFor = (steps: number[]) => Math.ceil(Math.max(...steps) * Math.max(1, ...OVERLOAD));
const poolOf = (server: { url: string | URL }) => {
  const url = new URL(server.url);
  return new RawPool(url.hostname, Number(url.port), SOCKETS);
};

const HEADER =
  "candidates  offered/s   saves/s   shed   p50 ms   p99 ms   (wire p50)  errors   RSS MiB   CPU: server  postgres  load-gen";
function printStep(r: StepResult, label = "") {
  const pad = (v: string, n: number) => v.padStart(n);
  console.log(
    `${pad(fmt(r.candidates), 10)}  ${pad((r.candidates / 5).toFixed(0), 9)}  ${pad(r.perSecond.toFixed(0), 8)}  ${pad(`${(r.shedShare * 100).toFixed(0)}%`, 5)}  ` +
      `${pad(r.p50.toFixed(1), 7)}  ${pad(r.p99.toFixed(1), 7)}  ${pad(r.wireP50.toFixed(1), 10)}  ${pad(String(r.errors), 6)}  ${pad(r.rssMb.toFixed(0), 8)}   ` +
      `${pad(r.cpu.server.toFixed(0), 10)}%  ${pad(r.cpu.postgres.toFixed(0), 7)}%  ${pad(r.cpu.load.toFixed(0), 7)}%${label}`,
  );
}

/** The coarse steps, then halving between the largest held and the first not held. */
async function stepsOf(server: RunningServer, pool: RawPool, c: Candidates, counts: number[]): Promise<StepResult[]> {
  const base = new URL(server.url);
  const results: StepResult[] = [];
  console.log(HEADER);
  const runOne = async (count: number) => {
    const r = await step(pool, base, server.process.pid!, c, count, STEP_SECONDS);
    results.push(r);
    printStep(r);
    return r;
  };
  // Past the first step not held the server is saturated: larger ones would only queue longer.
  for (const count of counts) if (!held(await runOne(count))) break;
  for (let i = 0; i < REFINE; i++) {
    const ok = results.filter(held).map((r) => r.candidates);
    const notOk = results.filter((r) => !held(r)).map((r) => r.candidates);
    if (!ok.length || !notOk.length) break;
    const lo = Math.max(...ok);
    const hi = Math.min(...notOk.filter((n) => n > lo));
    // In 250s between PostgreSQL's large steps, in 50s between the embedded database's small ones.
    const grain = hi - lo > 1000 ? 250 : 50;
    const mid = Math.round((lo + hi) / 2 / grain) * grain;
    if (mid <= lo || mid >= hi) break;
    await runOne(mid);
  }
  return results;
}

/**
 * Beyond saturation (issue 26): 1.5× and 2× the largest load held (the smallest step when none
 * was). Graceful means the saves admitted keep a bounded latency and the server's memory stays
 * flat, the rest being refused at once with 503 + Retry-After, rather than every save queueing.
 */
async function beyond(server: RunningServer, pool: RawPool, c: Candidates, results: StepResult[], counts: number[]): Promise<void> {
  if (!OVERLOAD.length) return;
  const base = best(results)?.candidates ?? counts[0];
  console.log(`\nBeyond saturation (${OVERLOAD.map((f) => `${f}×`).join(", ")} ${fmt(base)} candidates; a refused save is sent again with the candidate's next autosave):`);
  console.log(HEADER);
  for (const factor of OVERLOAD) {
    // In 50s for the embedded database's small counts (1.5 × 250 is 400, not 500 as in 250s).
    const grain = base >= 2000 ? 250 : 50;
    const count = Math.min(Math.round((base * factor) / grain) * grain, c.count);
    printStep(await step(pool, new URL(server.url), server.process.pid!, c, count, STEP_SECONDS), `   (${factor}×)`);
  }
}

function best(results: StepResult[]): StepResult | null {
  const ok = results.filter(held);
  return ok.length ? ok.reduce((a, b) => (b.perSecond > a.perSecond ? b : a)) : null;
}

/**
 * Before each server: the dead rows of what ran before (pgbench's and the previous server's saves
 * touch every session, attempt and answer) vacuumed and the dirty pages checkpointed, so that an
 * autovacuum or a checkpoint of earlier work does not land in the middle of a step.
 */
async function settle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("VACUUM (ANALYZE) sessions, candidate_tests, candidate_test_answers");
    // A superuser's or pg_checkpoint's right: without it the steps simply run after the vacuum.
    await client.query("CHECKPOINT").catch(() => undefined);
  } finally {
    await client.end();
  }
}

/** The server on the scratch database with `processes` processes: steps, the largest held against pgbench, beyond saturation. */
async function serverOnPostgres(url: string, processes: number, c: Candidates, limit: number): Promise<void> {
  const server = await startServer({
    env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: url, WEB_CONCURRENCY: String(processes) },
    nodeArgs,
  });
  try {
    console.log(`\nPostgreSQL, ${processes} server process${processes > 1 ? "es" : ""}:`);
    const pool = poolOf(server);
    const results = await stepsOf(server, pool, c, STEPS);
    const top = best(results);
    console.log(
      `\nPostgreSQL, ${processes} process${processes > 1 ? "es" : ""}: largest rate held with p99 under ${TARGET_P99_MS} ms: ${top ? `${top.perSecond.toFixed(0)} saves/s (${fmt(top.candidates)} candidates), ` +
        `${((top.perSecond / limit) * 100).toFixed(0)}% of pgbench's ${limit.toFixed(0)}/s (aim 50%)` : "none"}`,
    );
    await beyond(server, pool, c, results, STEPS);
    pool.destroy();
  } finally {
    await server.stop();
  }
}

async function onPostgres(): Promise<{ pgbench: number } | null> {
  const scratch = await createScratchDatabase(SERVER_URL, DB_PREFIX);
  // The first server migrates and seeds the demo world the candidates are made in.
  const seeder = await startServer({ env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: scratch.url } });
  await seeder.stop();
  const bare = await bareFastify();
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const setupStart = performance.now();
    const c = await createCandidates(client, candidatesFor(STEPS)).finally(() => client.end());
    console.log(`PostgreSQL (scratch database${SERVER_URL.includes("host=/") ? ", Unix socket" : ", TCP"}): ${fmt(c.count)} candidates with started attempts and sessions made in ${((performance.now() - setupStart) / 1000).toFixed(1)} s\n`);

    // The limits first: the database alone, then HTTP alone.
    const bench = await runPgbench(scratch.url, pgbenchScript(c, SESSION_IDLE_MS), 10, [8, 32]);
    console.log(`pgbench, the server's save statement (10 s each): ${bench.map((b) => `${b.clients} clients ${b.perSecond.toFixed(0)}/s (avg ${b.latencyMs.toFixed(1)} ms)`).join(", ")}`);
    const payload = JSON.stringify({ id: 1, candidate_test_items: [{ id: "q8", response: "An answer of a sentence or two.", seq: Date.now() * 1000 }], seconds_taken: 60 });
    const barePool = new RawPool(bare.url.hostname, Number(bare.url.port), 64);
    await closedLoop(barePool, "/bare", payload, 2);
    const ceiling = await closedLoop(barePool, "/bare", payload, 8);
    barePool.destroy();
    bare.stop();
    console.log(`bare Fastify POST route (one process, 64 connections): ${ceiling.perSecond.toFixed(0)} req/s`);

    const limit = bench[0].perSecond;
    for (const processes of WEB_CONCURRENCY) {
      await settle(scratch.url);
      await serverOnPostgres(scratch.url, processes, c, limit);
    }
    return { pgbench: limit };
  } finally {
    bare.stop();
    await scratch.drop();
  }
}

async function onPglite(pgbench: number | null): Promise<void> {
  // The folder is prepared in this process, then handed to the server as `npm start` would find it.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-bench-pglite-"));
  const setupStart = performance.now();
  const database = await openPglite(dataDir);
  await migrateDatabase(database);
  await seedDemoWorldIfEmpty({ db: database.db });
  const c = await createCandidates(database.sql, candidatesFor(PGLITE_STEPS));
  // The setup's writes are checkpointed now, not in the middle of the first step (PGlite writes a
  // checkpoint synchronously, holding the server's only thread).
  await database.sql.exec("CHECKPOINT");
  await database.close();
  console.log(`\nEmbedded PGlite (one process, as npm start): ${fmt(c.count)} candidates made in ${((performance.now() - setupStart) / 1000).toFixed(1)} s\n`);
  const server = await startServer({ dataDir, env: { LOG_LEVEL: "warn" }, nodeArgs });
  try {
    const pool = poolOf(server);
    const results = await stepsOf(server, pool, c, PGLITE_STEPS);
    const top = best(results);
    console.log(
      `\nPGlite: largest rate held with p99 under ${TARGET_P99_MS} ms: ${top ? `${top.perSecond.toFixed(0)} saves/s` : "none"}` +
        (top && pgbench ? `, ${((top.perSecond / pgbench) * 100).toFixed(0)}% of pgbench's PostgreSQL rate` : "") +
        (top ? ` — one npm start holds ${fmt(top.candidates)} candidates saving every 5 s` : ""),
    );
    await beyond(server, pool, c, results, PGLITE_STEPS);
    pool.destroy();
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const started = Date.now();
  // The server runs as `npm start` runs it: the built bundle, rebuilt when a source is newer.
  await buildServerIfStale();
  console.log(`Autosave benchmark: ${os.cpus().length} cores shared by the server, the database and this load generator; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`);
  const onPg = ONLY === "pglite" ? null : await onPostgres();
  if (ONLY !== "postgres") await onPglite(onPg?.pgbench ?? null);
  console.log(
    `\n(CPU in % of one core; postgres counts every postgres process on this machine, process by process. Run took ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
      `load average at end ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}.)`,
  );
  if (CPU_PROF) console.log(`CPU profiles of the server processes: ${CPU_PROF} (npx tsx bench/autosave/profile-summary.ts <file>)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
