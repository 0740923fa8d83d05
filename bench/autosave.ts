/**
 * Autosave at scale (issue 4, point 8): simulated candidates with started attempts, each saving one
 * answer every 5 s (the browser's autosave) through POST /api/test_content/save_progress, against
 * the real server process on PostgreSQL, in steps of concurrency. Prints per step the saves per
 * second, p50 and p99 latency (from when the save was due, so queueing counts), the CPU used by the
 * server, PostgreSQL and this load generator, and the largest step held with p99 under 100 ms; and,
 * in the same run, the requests per second of a bare Fastify route (its own process) as the ceiling.
 *
 *   npm run bench:autosave
 *   DATABASE_URL=postgres://user@host:5432/db npm run bench:autosave   (a scratch database is made on it)
 *
 * Options: BENCH_STEPS (default 500,1000,2000,5000,10000,20000), BENCH_STEP_SECONDS (default 20),
 * BENCH_SOCKETS (connections of the load generator, default 256). Loopback only; a step whose p99
 * passes 2 s ends the stepping (the server is saturated), so the run stays under about 5 minutes.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Role } from "@parlance/contract";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { startServer } from "../e2e/support/server.js";

const SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const STEPS = (process.env.BENCH_STEPS ?? "500,1000,2000,5000,10000,20000").split(",").map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 256);
const SAVE_EVERY_MS = 5_000;
/** Saves due in the first seconds of a step are not counted: connections are still being opened. */
const WARMUP_MS = 3_000;
const SATURATED_P99_MS = 2_000;
const TARGET_P99_MS = 100;

const root = path.resolve(import.meta.dirname, "..");

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

// --- CPU of the processes involved (Linux /proc), to say what bounds the result -----------------

const TICKS = 100; // USER_HZ
function cpuTicks(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}
function postgresPids(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/comm`, "utf8").trim() === "postgres";
      } catch {
        return false;
      }
    })
    .map(Number);
}
/** CPU seconds so far of: the server, every postgres process (shared with anyone else using it), this process. */
function cpuNow(serverPid: number) {
  const own = process.cpuUsage();
  return {
    server: cpuTicks(serverPid) / TICKS,
    postgres: postgresPids().reduce((s, p) => s + cpuTicks(p), 0) / TICKS,
    load: (own.user + own.system) / 1e6,
    at: performance.now(),
  };
}

// --- setup: candidates with started attempts and sessions, straight into the database -----------

interface Candidate {
  assignedTestId: number;
  cookie: string;
}

interface Answerable {
  id: string;
  kind: string;
  choices?: { id: string }[];
  max_length?: number;
}

async function createCandidates(url: string, count: number): Promise<{ candidates: Candidate[]; items: Answerable[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const one = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows[0] as T;
  try {
    const { account } = await one<{ account: number }>("SELECT id AS account FROM accounts WHERE name = 'Northwind Health'");
    const { office } = await one<{ office: number }>("SELECT min(id) AS office FROM offices WHERE account_id = $1", [account]);
    const { test, accountTest } = await one<{ test: number; accountTest: number }>(
      `SELECT t.id AS test, at.id AS "accountTest" FROM tests t JOIN account_tests at ON at.test_id = t.id AND at.account_id = $1
        WHERE t.description = 'English Reading Proficiency' LIMIT 1`,
      [account],
    );
    const { version, content } = await one<{ version: number; content: { sections: { items: Answerable[] }[] } }>(
      "SELECT id AS version, content FROM test_content_versions WHERE test_id = $1 ORDER BY id DESC LIMIT 1",
      [test],
    );
    const { admin } = await one<{ admin: number }>("SELECT id AS admin FROM users WHERE email = 'admin@northwind.example'");
    const items = content.sections.flatMap((s) => s.items).filter((i) => ["radio", "short_text", "sized_text", "textarea", "fixed_textarea"].includes(i.kind));

    const tag = randomBytes(3).toString("hex");
    const secrets = Array.from({ length: count }, () => randomBytes(32).toString("base64url"));
    const hashes = secrets.map((s) => createHash("sha256").update(s).digest("hex"));
    await client.query("BEGIN");
    await client.query(
      `CREATE TEMP TABLE bench_people ON COMMIT DROP AS
         SELECT i, 'autosave.' || $1 || '.' || i || '@example.com' AS email, h AS hash
           FROM unnest($2::text[]) WITH ORDINALITY AS x(h, i)`,
      [tag, hashes],
    );
    await client.query(
      `INSERT INTO users (email, first_name, last_name, roles, account_id, office_id)
       SELECT email, 'Bench', 'Candidate ' || i, $1::int[], NULL, NULL FROM bench_people`,
      [[Role.Candidate, Role.User]],
    );
    await client.query(
      `INSERT INTO sessions (id_hash, user_id, last_seen_at, expires_at)
       SELECT p.hash, u.id, now(), now() + interval '12 hours' FROM bench_people p JOIN users u ON u.email = p.email`,
    );
    await client.query(
      `INSERT INTO candidates (account_id, office_id, first_name, last_name, email, language_id, time_zone_id, user_id, created_at, updated_at)
       SELECT $1, $2, 'Bench', 'Candidate ' || p.i, p.email, 140, 23, u.id, now(), now() FROM bench_people p JOIN users u ON u.email = p.email`,
      [account, office],
    );
    const assigned = await client.query(
      `INSERT INTO assigned_tests (account_id, office_id, candidate_id, account_test_id, test_id, access_code, state, expires_at, created_at, assigned_by_user_id)
       SELECT c.account_id, c.office_id, c.id, $2, $3, 'AUTOSAVE-' || $4 || '-' || p.i, 'takeable', now() + interval '30 days', now(), $5
         FROM bench_people p JOIN candidates c ON c.email = p.email AND c.account_id = $1
       RETURNING id, candidate_id`,
      [account, accountTest, test, tag, admin],
    );
    // Started attempts, as start_test leaves them: pinned content, a deadline an hour away.
    await client.query(
      `INSERT INTO candidate_tests (assigned_test_id, candidate_id, account_id, state, content_version_id, deadline_at, started_at, last_heartbeat_at)
       SELECT a.id, a.candidate_id, a.account_id, 'in_progress', $1, now() + interval '1 hour', now(), now()
         FROM assigned_tests a WHERE a.access_code LIKE 'AUTOSAVE-' || $2 || '-%'`,
      [version, tag],
    );
    const byEmail = (
      await client.query(
        `SELECT p.i::int AS i, a.id AS assigned FROM bench_people p JOIN candidates c ON c.email = p.email JOIN assigned_tests a ON a.candidate_id = c.id`,
      )
    ).rows as { i: number; assigned: number }[];
    await client.query("COMMIT");
    await client.query("ANALYZE users, sessions, candidates, assigned_tests, candidate_tests");
    if (assigned.rowCount !== count) throw new Error(`expected ${count} assigned tests, made ${assigned.rowCount}`);
    const candidates = byEmail.sort((a, b) => a.i - b.i).map((r) => ({ assignedTestId: r.assigned, cookie: `parlance_session=${secrets[r.i - 1]}` }));
    return { candidates, items };
  } finally {
    await client.end();
  }
}

// --- load ---------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });

function post(base: URL, pathname: string, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: "POST",
        path: pathname,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: base.origin, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

const SENTENCES = [
  "The library will extend its opening hours during the exam period.",
  "Members can borrow up to six items at once, renewed online or at the desk.",
  "They were worried about money, so the family postponed the trip until spring.",
  "The author suggests that small daily habits matter more than rare large efforts.",
];

function answerFor(item: Answerable, n: number): string {
  if (item.kind === "radio" && item.choices?.length) return item.choices[n % item.choices.length].id;
  if (item.kind === "sized_text") return ["Travel guides", "Poetry", "Cookbooks"][n % 3].slice(0, item.max_length ?? 40);
  // Short text: one or two sentences, as the items ask; a text field holds at most 255 characters.
  return `${SENTENCES[n % SENTENCES.length]} ${SENTENCES[(n + 1) % SENTENCES.length]}`.slice(0, item.max_length ?? 255);
}

interface StepResult {
  candidates: number;
  saves: number;
  perSecond: number;
  p50: number;
  p99: number;
  wireP50: number;
  errors: number;
  cpu: { server: number; postgres: number; load: number };
}

/** `count` candidates, each saving every 5 s at its own phase, for STEP_SECONDS. */
async function step(base: URL, serverPid: number, all: Candidate[], items: Answerable[], count: number): Promise<StepResult> {
  const who = all.slice(0, count);
  const phases = who.map(() => Math.random() * SAVE_EVERY_MS);
  const order = who.map((_, i) => i).sort((a, b) => phases[a] - phases[b]);
  const start = performance.now();
  const end = start + STEP_SECONDS * 1000;
  const latencies: number[] = [];
  const wire: number[] = [];
  let errors = 0;
  const statuses = new Map<number, number>();
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const cpuStart = cpuNow(serverPid);
  let cpuEnd = cpuStart;

  const save = (c: Candidate, n: number, due: number) => {
    const item = items[n % items.length];
    const body = JSON.stringify({
      id: c.assignedTestId,
      candidate_test_items: [{ id: item.id, response: answerFor(item, n), seq: Date.now() * 1000 + (n % 1000) }],
      seconds_taken: Math.floor((due - start) / 1000) + 60,
    });
    const sentAt = performance.now();
    sent++;
    const p = post(base, `/api/test_content/save_progress/${c.assignedTestId}`, body, { cookie: c.cookie }).then((status) => {
      const done = performance.now();
      if (due - start >= WARMUP_MS) {
        latencies.push(done - due);
        wire.push(done - sentAt);
        if (status !== 200) {
          errors++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }
      inFlight.delete(p);
    });
    inFlight.add(p);
  };

  // One scheduler walks the candidates in phase order each 5 s cycle, sending every save that is due.
  await new Promise<void>((resolve) => {
    let cycle = 0;
    let next = 0;
    const tick = () => {
      const now = performance.now();
      for (;;) {
        const i = order[next];
        const due = start + cycle * SAVE_EVERY_MS + phases[i];
        if (due > now || due >= end) break;
        save(who[i], cycle * 7 + i, due);
        next++;
        if (next === order.length) {
          next = 0;
          cycle++;
        }
      }
      if (now >= end) {
        cpuEnd = cpuNow(serverPid);
        resolve();
      } else setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(inFlight);
  if (statuses.size) console.log(`  failed saves by status: ${[...statuses].map(([k, v]) => `${k === 0 ? "no answer" : k} × ${v}`).join(", ")}`);
  latencies.sort((a, b) => a - b);
  wire.sort((a, b) => a - b);
  const secs = (cpuEnd.at - cpuStart.at) / 1000;
  const pct = (a: number, b: number) => ((b - a) / secs) * 100;
  return {
    candidates: count,
    saves: sent,
    perSecond: latencies.length / (STEP_SECONDS - WARMUP_MS / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    wireP50: percentile(wire, 50),
    errors,
    cpu: { server: pct(cpuStart.server, cpuEnd.server), postgres: pct(cpuStart.postgres, cpuEnd.postgres), load: pct(cpuStart.load, cpuEnd.load) },
  };
}

/** Closed loop: `connections` clients sending one after another for `seconds`; answers requests per second. */
async function closedLoop(base: URL, pathname: string, body: string, headers: Record<string, string>, seconds: number, connections = 64) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await post(base, pathname, body, headers);
        if (status !== 200) errors++;
        done++;
      }
    }),
  );
  return { perSecond: done / seconds, errors };
}

/** A bare Fastify route in its own process: the ceiling of one Node process on this machine. */
async function bareFastify(): Promise<{ url: URL; stop: () => void; pid: number }> {
  const code = `
    import Fastify from "fastify";
    const app = Fastify({ logger: false });
    app.post("/bare", async () => ({ saved: [{ id: "q1", seq: 1 }], time_limit: 1 }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    console.log(app.server.address().port);`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
    child.once("exit", () => reject(new Error("bare Fastify did not start")));
  });
  return { url: new URL(`http://127.0.0.1:${port}`), stop: () => child.kill("SIGTERM"), pid: child.pid! };
}

async function main() {
  const started = Date.now();
  const largest = Math.max(...STEPS);
  const scratch = await createScratchDatabase(SERVER_URL, "parlance_bench_autosave");
  const server = await startServer({ env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", DATABASE_URL: scratch.url } });
  const bare = await bareFastify();
  try {
    const base = new URL(server.url);
    console.log(
      `Autosave benchmark on PostgreSQL (scratch database): ${os.cpus().length} cores shared by the server, PostgreSQL and this load generator; ` +
        `load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}\n`,
    );
    const setupStart = performance.now();
    const { candidates, items } = await createCandidates(scratch.url, largest);
    console.log(`${largest.toLocaleString("en-US")} candidates with started en-reading attempts and sessions made in ${((performance.now() - setupStart) / 1000).toFixed(1)} s\n`);

    // The ceiling first, on a quiet machine: the same load generator against a route that does nothing.
    const payload = JSON.stringify({ id: 1, candidate_test_items: [{ id: "q8", response: SENTENCES[0], seq: Date.now() * 1000 }], seconds_taken: 60 });
    await closedLoop(bare.url, "/bare", payload, {}, 2);
    const ceilingCpu = cpuNow(bare.pid);
    const ceiling = await closedLoop(bare.url, "/bare", payload, {}, 8);
    const ceilingServerCpu = ((cpuNow(bare.pid).server - ceilingCpu.server) / 8) * 100;
    console.log(`bare Fastify POST route (own process, 64 connections): ${ceiling.perSecond.toFixed(0)} req/s, its process at ${ceilingServerCpu.toFixed(0)}% CPU\n`);

    // Each candidate saves every 5 s: the offered load is candidates / 5 saves per second.
    console.log("candidates  offered/s   saves/s   p50 ms   p99 ms   (wire p50)  errors   CPU: server  postgres  load-gen");
    const results: StepResult[] = [];
    for (const count of STEPS) {
      const r = await step(base, server.process.pid!, candidates, items, count);
      results.push(r);
      console.log(
        `${count.toLocaleString("en-US").padStart(10)}  ${(count / 5).toFixed(0).padStart(9)}  ${r.perSecond.toFixed(0).padStart(8)}  ${r.p50.toFixed(1).padStart(7)}  ${r.p99
          .toFixed(1)
          .padStart(7)}  ${r.wireP50.toFixed(1).padStart(10)}  ${String(r.errors).padStart(6)}   ${r.cpu.server.toFixed(0).padStart(10)}%  ${r.cpu.postgres
          .toFixed(0)
          .padStart(7)}%  ${r.cpu.load.toFixed(0).padStart(7)}%`,
      );
      if (r.p99 > SATURATED_P99_MS) {
        console.log(`  p99 over ${SATURATED_P99_MS} ms: saturated, larger steps skipped`);
        break;
      }
    }
    const held = results.filter((r) => r.p99 < TARGET_P99_MS && r.errors === 0).map((r) => r.candidates);
    const best = held.length ? Math.max(...held) : 0;
    console.log(`\nLargest number of candidates held with p99 under ${TARGET_P99_MS} ms: ${best.toLocaleString("en-US")} (aim 20,000)`);
    console.log(`(CPU in % of one core; postgres counts every postgres process on this machine. Run took ${((Date.now() - started) / 1000).toFixed(0)} s.)`);
  } finally {
    bare.stop();
    agent.destroy();
    await server.stop();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
