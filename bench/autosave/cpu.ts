/** CPU seconds of the processes in a benchmark (Linux /proc), to say what bounds a result. */
import fs from "node:fs";

const TICKS = 100; // USER_HZ

function stat(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  } catch {
    return null;
  }
}

const cpuTicks = (fields: string[] | null) => (fields ? Number(fields[11]) + Number(fields[12]) : 0); // utime + stime

function processes(): { pid: number; ppid: number; comm: string }[] {
  const out: { pid: number; ppid: number; comm: string }[] = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const raw = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const comm = raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")"));
      out.push({ pid: Number(d), ppid: Number(raw.slice(raw.lastIndexOf(")") + 2).split(" ")[1]), comm });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** The process and all its descendants (a cluster's workers). */
function tree(root: number, all: { pid: number; ppid: number }[]): number[] {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) for (const p of all) if (p.ppid === pids[i]) pids.push(p.pid);
  return pids;
}

export interface CpuSample {
  server: number;
  /**
   * CPU seconds of each postgres process by pid: other clients' backends come and go during a
   * step, so a sum would fall when one exits (a negative share was printed on a shared machine).
   */
  postgres: Map<number, number>;
  load: number;
  at: number;
}

/** CPU seconds so far of: the server with its workers, every postgres process, this process. */
export function cpuNow(serverPid: number): CpuSample {
  const all = processes();
  const own = process.cpuUsage();
  return {
    server: tree(serverPid, all).reduce((s, p) => s + cpuTicks(stat(p)), 0) / TICKS,
    postgres: new Map(all.filter((p) => p.comm === "postgres").map((p) => [p.pid, cpuTicks(stat(p.pid)) / TICKS])),
    load: (own.user + own.system) / 1e6,
    at: performance.now(),
  };
}

/**
 * Percent of one core used by each between two samples. PostgreSQL's is the sum over the processes
 * alive at the end (one started meanwhile counts whole); a backend that exited meanwhile is missed.
 */
export function cpuPercent(a: CpuSample, b: CpuSample) {
  const secs = (b.at - a.at) / 1000;
  const pct = (x: number, y: number) => ((y - x) / secs) * 100;
  let postgres = 0;
  for (const [pid, seconds] of b.postgres) postgres += Math.max(0, seconds - (a.postgres.get(pid) ?? 0));
  return { server: pct(a.server, b.server), postgres: (postgres / secs) * 100, load: pct(a.load, b.load) };
}

/** Resident memory of the server and its workers, MiB (VmRSS of each process). */
export function rssMb(serverPid: number): number {
  let kb = 0;
  for (const pid of tree(serverPid, processes())) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return kb / 1024;
}
