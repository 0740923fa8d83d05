/**
 * CPU seconds of every party of the wave (Linux /proc, as bench/autosave/cpu.ts): the two server
 * processes, nginx (master and workers), PostgreSQL (the backends of this run's database, and every
 * postgres process on the machine), and this load generator, which shares the same two cores.
 */
import fs from "node:fs";

const TICKS = 100; // USER_HZ

interface Proc {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
}

function processes(): Proc[] {
  const out: Proc[] = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const rest = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
      // After "pid (comm) ": state, ppid, … utime is the 12th field, stime the 13th.
      out.push({ pid: Number(d), ppid: Number(rest[1]), comm: raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The process and all its descendants. */
function treeTicks(root: number, all: Proc[]): number {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) for (const p of all) if (p.ppid === pids[i]) pids.push(p.pid);
  const set = new Set(pids);
  return all.filter((p) => set.has(p.pid)).reduce((s, p) => s + p.ticks, 0);
}

/** CPU seconds the whole machine has been busy (every core; /proc/stat: all but idle and iowait). */
function machineBusy(): number {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS;
}

export interface CpuSample {
  machine: number;
  /** Per server process, CPU seconds so far. */
  servers: number[];
  nginx: number;
  /** CPU seconds of each postgres process, by pid. */
  postgresByPid: Map<number, number>;
  /** The backends serving this run's database when sampled (the pools' connections). */
  backendPids: number[];
  load: number;
  at: number;
}

export interface CpuParties {
  serverPids: number[];
  nginxPid: number;
  backendPids: number[];
}

export function cpuNow(parties: CpuParties): CpuSample {
  const all = processes();
  const own = process.cpuUsage();
  const postgres = all.filter((p) => p.comm === "postgres");
  return {
    machine: machineBusy(),
    servers: parties.serverPids.map((pid) => treeTicks(pid, all) / TICKS),
    nginx: treeTicks(parties.nginxPid, all) / TICKS,
    postgresByPid: new Map(postgres.map((p) => [p.pid, p.ticks / TICKS])),
    backendPids: [...parties.backendPids],
    load: (own.user + own.system) / 1e6,
    at: performance.now(),
  };
}

export interface CpuUse {
  seconds: number;
  /** Percent of one core, over the interval. */
  servers: number[];
  server: number;
  nginx: number;
  postgresOwn: number;
  postgresAll: number;
  load: number;
  /** The whole machine, and what of it none of the above used (other people's work on the machine). */
  machine: number;
  others: number;
  /** CPU seconds of the server processes together (for CPU-ms per request). */
  serverSeconds: number;
  postgresOwnSeconds: number;
  nginxSeconds: number;
}

export function cpuBetween(a: CpuSample, b: CpuSample): CpuUse {
  const seconds = (b.at - a.at) / 1000;
  const pct = (x: number, y: number) => ((y - x) / seconds) * 100;
  const servers = a.servers.map((x, i) => pct(x, b.servers[i]));
  const serverSeconds = b.servers.reduce((s, y, i) => s + y - a.servers[i], 0);
  // A backend opened during the interval counts from zero.
  const postgresOwnSeconds = b.backendPids.reduce((s, pid) => s + (b.postgresByPid.get(pid) ?? 0) - (a.postgresByPid.get(pid) ?? 0), 0);
  // Every postgres process alive at the end; one that ended meanwhile loses its last interval.
  let postgresAllSeconds = 0;
  for (const [pid, secs] of b.postgresByPid) postgresAllSeconds += secs - (a.postgresByPid.get(pid) ?? 0);
  return {
    seconds,
    servers,
    server: servers.reduce((s, x) => s + x, 0),
    nginx: pct(a.nginx, b.nginx),
    postgresOwn: (postgresOwnSeconds / seconds) * 100,
    postgresAll: (postgresAllSeconds / seconds) * 100,
    load: pct(a.load, b.load),
    machine: pct(a.machine, b.machine),
    others: pct(a.machine, b.machine) - servers.reduce((s, x) => s + x, 0) - pct(a.nginx, b.nginx) - (postgresAllSeconds / seconds) * 100 - pct(a.load, b.load),
    serverSeconds,
    postgresOwnSeconds,
    nginxSeconds: b.nginx - a.nginx,
  };
}

/**
 * CPU seconds of every postgres process while `work` runs, sampled every 500 ms: pgbench's backends
 * live only as long as it does, so two samples around it would never see them.
 */
export async function postgresCpuDuring<T>(work: Promise<T>): Promise<{ result: T; postgresSeconds: number; machineSeconds: number; seconds: number }> {
  const start = cpuNow({ serverPids: [], nginxPid: -1, backendPids: [] });
  const used = new Map<number, number>();
  let last = start;
  let done = false;
  const poll = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, 500));
      last = cpuNow({ serverPids: [], nginxPid: -1, backendPids: [] });
      for (const [pid, secs] of last.postgresByPid) used.set(pid, secs - (start.postgresByPid.get(pid) ?? 0));
    }
  })();
  const result = await work.finally(() => (done = true));
  await poll;
  return { result, postgresSeconds: [...used.values()].reduce((s, x) => s + x, 0), machineSeconds: last.machine - start.machine, seconds: (last.at - start.at) / 1000 };
}
