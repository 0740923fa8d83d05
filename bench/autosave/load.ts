/**
 * The autosave load: each candidate saves one answer every 5 s (the browser's autosave) through
 * POST /api/test_content/save_progress at its own phase; latency is counted from when the save
 * was due, so queueing counts. Plus a closed loop and a bare Fastify route as the HTTP ceiling.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { cpuNow, cpuPercent } from "./cpu.js";
import { percentile } from "../scale-data.js";
import { answerFor, assignedTestOf, cookieOf, type Candidates } from "./setup.js";

export const SAVE_EVERY_MS = 5_000;
/** Saves due in the first seconds of a step are not counted: connections are still being opened. */
const WARMUP_MS = 3_000;

const root = path.resolve(import.meta.dirname, "../..");

export function makeAgent(sockets: number) {
  return new http.Agent({ keepAlive: true, maxSockets: sockets });
}

function post(agent: http.Agent, base: URL, pathname: string, body: string, headers: Record<string, string>): Promise<number> {
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

export interface StepResult {
  candidates: number;
  perSecond: number;
  p50: number;
  p99: number;
  wireP50: number;
  errors: number;
  cpu: { server: number; postgres: number; load: number };
}

/** `count` candidates, each saving every 5 s at its own phase, for `seconds`. */
export async function step(agent: http.Agent, base: URL, serverPid: number, c: Candidates, count: number, seconds: number): Promise<StepResult> {
  const phases = Array.from({ length: count }, () => Math.random() * SAVE_EVERY_MS);
  const order = phases.map((_, i) => i).sort((a, b) => phases[a] - phases[b]);
  const start = performance.now();
  const end = start + seconds * 1000;
  const latencies: number[] = [];
  const wire: number[] = [];
  let errors = 0;
  const statuses = new Map<number, number>();
  const inFlight = new Set<Promise<void>>();
  const cpuStart = cpuNow(serverPid);
  let cpuEnd = cpuStart;

  const save = (i: number, n: number, due: number) => {
    const item = c.items[n % c.items.length];
    const id = assignedTestOf(c, i + 1);
    const body = JSON.stringify({
      id,
      candidate_test_items: [{ id: item.id, response: answerFor(item, n), seq: Date.now() * 1000 + (n % 1000) }],
      seconds_taken: Math.floor((due - start) / 1000) + 60,
    });
    const sentAt = performance.now();
    const p = post(agent, base, `/api/test_content/save_progress/${id}`, body, { cookie: cookieOf(c, i + 1) }).then((status) => {
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
    cpu: cpuPercent(cpuStart, cpuEnd),
  };
}

/** Closed loop: `connections` clients sending one after another for `seconds`; answers requests per second. */
export async function closedLoop(agent: http.Agent, base: URL, pathname: string, body: string, seconds: number, connections = 64) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await post(agent, base, pathname, body, {});
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
