/**
 * The autosave load: each candidate saves one answer every 5 s (the browser's autosave) through
 * POST /api/test_content/save_progress at its own phase; latency is counted from when the save
 * was due, so queueing counts. Plus a closed loop and a bare Fastify route as the HTTP ceiling.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { cpuNow, cpuPercent, rssMb } from "./cpu.js";
import type { RawPool } from "./raw-client.js";
import { percentile } from "../scale-data.js";
import { answerFor, assignedTestOf, cookieOf, type Candidates } from "./setup.js";

export const SAVE_EVERY_MS = 5_000;
/** Saves due in the first seconds of a step are not counted: connections are still being opened. */
const WARMUP_MS = 3_000;

const root = path.resolve(import.meta.dirname, "../..");

export { RawPool } from "./raw-client.js";

export interface StepResult {
  candidates: number;
  /** Saves acknowledged (200) per second. */
  perSecond: number;
  /** Of the acknowledged saves, from when each was due. */
  p50: number;
  p99: number;
  wireP50: number;
  /** Saves not acknowledged: refused (503) and any other failure. */
  errors: number;
  /** Refused by the server's admission (503 + Retry-After), as a share of all saves sent. */
  shedShare: number;
  /** The server's resident memory at its highest during the step (every process), MiB. */
  rssMb: number;
  cpu: { server: number; postgres: number; load: number };
}

/** Request bodies as text, without JSON.stringify per save: the answers' JSON is made once per item and variant. */
function bodyMaker(c: Candidates) {
  const VARIANTS = 60;
  const answers = c.items.map((item) => Array.from({ length: VARIANTS }, (_, n) => JSON.stringify(answerFor(item, n))));
  const ids = c.items.map((item) => JSON.stringify(item.id));
  return (id: number, n: number, seq: number, seconds: number) => {
    const k = n % c.items.length;
    return `{"id":${id},"candidate_test_items":[{"id":${ids[k]},"response":${answers[k][n % VARIANTS]},"seq":${seq}}],"seconds_taken":${seconds}}`;
  };
}

/** `count` candidates, each saving every 5 s at its own phase, for `seconds`. */
export async function step(pool: RawPool, base: URL, serverPid: number, c: Candidates, count: number, seconds: number): Promise<StepResult> {
  // Every connection open and just used, so that none is closed by the server during the step (raw-client.ts).
  await pool.warm();
  const phases = Array.from({ length: count }, () => Math.random() * SAVE_EVERY_MS);
  const order = phases.map((_, i) => i).sort((a, b) => phases[a] - phases[b]);
  const headers: string[] = new Array(count);
  const bodyOf = bodyMaker(c);
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const wire: number[] = [];
  let errors = 0;
  let sent = 0;
  let shed = 0;
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const cpuStart = cpuNow(serverPid);
  let cpuEnd = cpuStart;
  let rss = rssMb(serverPid);
  const rssTimer = setInterval(() => (rss = Math.max(rss, rssMb(serverPid))), 1_000);
  // BENCH_DEBUG: the pool's state every 5 s (how the stalled runs were found).
  const debug = process.env.BENCH_DEBUG
    ? setInterval(() => console.log(`  [${((performance.now() - start) / 1000).toFixed(0)} s] answered ${sent}, in flight ${inFlight.size},`, pool.stats()), 5_000)
    : null;

  const save = (i: number, n: number, due: number) => {
    const id = assignedTestOf(c, i + 1);
    // A browser that was refused sends its answers again with its next autosave (Retry-After is the
    // autosave's own 5 s by default), so a refusal does not add to the load offered here.
    const body = bodyOf(id, n, Date.now() * 1000 + (n % 1000), Math.floor((due - start) / 1000) + 60);
    headers[i] ??= `origin: ${base.origin}\r\ncookie: ${cookieOf(c, i + 1)}\r\n`;
    const sentAt = performance.now();
    const p = pool.post(`/api/test_content/save_progress/${id}`, headers[i], body).then((status) => {
      const done = performance.now();
      if (due - start >= WARMUP_MS) {
        sent++;
        if (status === 200) {
          latencies.push(done - due);
          wire.push(done - sentAt);
        } else {
          errors++;
          if (status === 503) shed++;
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
        save(i, cycle * 7 + i, due);
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
  clearInterval(rssTimer);
  if (debug) clearInterval(debug);
  if (statuses.size) console.log(`  failed saves by status: ${[...statuses].map(([k, v]) => `${k === 0 ? "no answer" : k} × ${v}`).join(", ")}`);
  latencies.sort((a, b) => a - b);
  wire.sort((a, b) => a - b);
  return {
    candidates: count,
    perSecond: latencies.length / (seconds - WARMUP_MS / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    wireP50: percentile(wire, 50),
    errors,
    shedShare: sent ? shed / sent : 0,
    rssMb: rss,
    cpu: cpuPercent(cpuStart, cpuEnd),
  };
}

/** Closed loop: `connections` clients sending one after another for `seconds`; answers requests per second. */
export async function closedLoop(pool: RawPool, pathname: string, body: string, seconds: number, connections = 64) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await pool.post(pathname, "", body);
        if (status !== 200) errors++;
        done++;
      }
    }),
  );
  return { perSecond: done / seconds, errors };
}

/** A bare Fastify route in its own process: the ceiling of one Node process on this machine. */
export async function bareFastify(): Promise<{ url: URL; stop: () => void; pid: number }> {
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
