/** The wave's figures: per request type p50/p99/errors, and who used the CPU, per step and per phase. */
import os from "node:os";
import { percentile } from "../scale-data.js";
import { cpuBetween, type CpuSample, type CpuUse } from "./cpu.js";
import { REQUEST_TYPES, type RequestType, type Sample, type StepRun } from "./load.js";

export const TARGET_P99_MS = 500;
const CORES = os.cpus().length;

export interface TypeFigures {
  type: RequestType;
  count: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

export function byType(samples: Sample[]): TypeFigures[] {
  return REQUEST_TYPES.map((type) => {
    const mine = samples.filter((s) => s.type === type);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    return {
      type,
      count: mine.length,
      p50: ms.length ? percentile(ms, 50) : 0,
      p99: ms.length ? percentile(ms, 99) : 0,
      max: ms.at(-1) ?? 0,
      errors: mine.filter((s) => s.status < 200 || s.status >= 300).length,
    };
  }).filter((f) => f.count > 0);
}

export const held = (figures: TypeFigures[]) => figures.every((f) => f.p99 < TARGET_P99_MS && f.errors === 0);

/** The request types that broke the aim, worst p99 first. */
export const broken = (figures: TypeFigures[]) =>
  figures.filter((f) => f.p99 >= TARGET_P99_MS || f.errors > 0).sort((a, b) => b.p99 - a.p99).map((f) => `${f.type} (p99 ${f.p99.toFixed(0)} ms, ${f.errors} errors)`);

/** CPU samples every few seconds during a step, to cut it into phases afterwards. */
export interface CpuTimeline {
  /** ms since the step began, and the sample. */
  points: { at: number; sample: CpuSample }[];
}

/**
 * The CPU used between the samples nearest to `from` and `to` (ms since the step began), summed
 * interval by interval: a pool's connection that closes meanwhile then loses at most its last interval.
 */
export function cpuWindow(timeline: CpuTimeline, from: number, to: number): CpuUse | null {
  const pts = timeline.points;
  const first = pts.findIndex((p) => p.at >= from);
  const last = pts.findLastIndex((p) => p.at <= to);
  if (first < 0 || last <= first || pts[last].at - pts[first].at < 2_000) return null;
  const uses = [];
  for (let i = first + 1; i <= last; i++) uses.push(cpuBetween(pts[i - 1].sample, pts[i].sample));
  return sumUses(uses);
}

/** Consecutive intervals as one: seconds add up, percentages are weighted by them. */
function sumUses(uses: CpuUse[]): CpuUse {
  const seconds = uses.reduce((s, u) => s + u.seconds, 0);
  const avg = (f: (u: CpuUse) => number) => uses.reduce((s, u) => s + f(u) * u.seconds, 0) / seconds;
  const total = (f: (u: CpuUse) => number) => uses.reduce((s, u) => s + f(u), 0);
  return {
    seconds,
    servers: uses[0].servers.map((_, i) => avg((u) => u.servers[i])),
    server: avg((u) => u.server),
    nginx: avg((u) => u.nginx),
    postgresOwn: avg((u) => u.postgresOwn),
    postgresAll: avg((u) => u.postgresAll),
    load: avg((u) => u.load),
    machine: avg((u) => u.machine),
    others: avg((u) => u.others),
    serverSeconds: total((u) => u.serverSeconds),
    postgresOwnSeconds: total((u) => u.postgresOwnSeconds),
    nginxSeconds: total((u) => u.nginxSeconds),
  };
}

/** The busiest interval of the server processes together. */
export function cpuPeak(timeline: CpuTimeline): CpuUse | null {
  let peak: CpuUse | null = null;
  for (let i = 1; i < timeline.points.length; i++) {
    const use = cpuBetween(timeline.points[i - 1].sample, timeline.points[i].sample);
    if (!peak || use.server + use.postgresOwn > peak.server + peak.postgresOwn) peak = use;
  }
  return peak;
}

const pad = (s: string | number, n: number) => String(s).padStart(n);
const f0 = (n: number) => n.toFixed(0);

export function printTypes(figures: TypeFigures[]): void {
  console.log(`  ${"request".padEnd(10)} ${pad("count", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("max ms", 8)} ${pad("errors", 7)}`);
  for (const f of figures) {
    const mark = f.p99 >= TARGET_P99_MS || f.errors > 0 ? "  ✗" : "";
    console.log(`  ${f.type.padEnd(10)} ${pad(f.count, 8)} ${pad(f.p50.toFixed(1), 8)} ${pad(f.p99.toFixed(1), 8)} ${pad(f0(f.max), 8)} ${pad(f.errors, 7)}${mark}`);
  }
}

export function cpuLine(label: string, use: CpuUse | null): string {
  if (!use) return `  ${label}: (too short to sample)`;
  return (
    `  ${label} (${f0(use.seconds)} s), % of one core: servers ${use.servers.map(f0).join(" + ")} = ${f0(use.server)}, nginx ${f0(use.nginx)}, ` +
    `postgres ${f0(use.postgresOwn)} (this database's backends; all postgres on the machine ${f0(use.postgresAll)}), load generator ${f0(use.load)}; ` +
    `sum ${f0(use.server + use.nginx + use.postgresAll + use.load)}; the machine ${f0(use.machine)} of ${CORES * 100}, of which other work ${f0(Math.max(0, use.others))}`
  );
}

/** CPU-ms per request in a window: what each request costs each party (for the capacity model). */
export function costLine(label: string, use: CpuUse | null, samples: Sample[], from: number, to: number): string {
  if (!use) return `  ${label}: (too short to sample)`;
  const inWindow = samples.filter((s) => s.at >= from && s.at < to);
  const n = inWindow.length;
  if (!n) return `  ${label}: no requests`;
  const kinds = new Map<string, number>();
  for (const s of inWindow) kinds.set(s.type, (kinds.get(s.type) ?? 0) + 1);
  const per = (secs: number) => ((secs * 1000) / n).toFixed(2);
  return (
    `  ${label}: ${n} requests (${[...kinds].map(([k, v]) => `${k} ${v}`).join(", ")}) at ${(n / ((to - from) / 1000)).toFixed(0)}/s; ` +
    `CPU-ms per request: servers ${per(use.serverSeconds)}, postgres ${per(use.postgresOwnSeconds)}, nginx ${per(use.nginxSeconds)}`
  );
}

/** The phases of a step: ramp (arrivals, sign-ins, starts) and steady taking (saves, heartbeats only). */
export function printPhases(run: StepRun, timeline: CpuTimeline, rampMs: number): void {
  const steadyFrom = run.allStartedAt + 1_000;
  const steadyTo = run.firstSubmitAt;
  console.log(cpuLine("whole step", cpuWindow(timeline, 0, run.durationMs)));
  console.log(cpuLine("busiest 5 s", cpuPeak(timeline)));
  console.log(costLine("ramp (arrivals to all started)", cpuWindow(timeline, 0, run.allStartedAt), run.samples, 0, run.allStartedAt));
  if (steadyTo - steadyFrom > 10_000) console.log(costLine("steady taking", cpuWindow(timeline, steadyFrom, steadyTo), run.samples, steadyFrom, steadyTo));
  else console.log(`  steady taking: none (the test is shorter than the ramp: BENCH_TEST_SECONDS > ${Math.ceil(rampMs / 1000)} to see it)`);
}

/** Every interval of the step: requests due, their p99, and the CPU of each party (BENCH_TIMELINE=1). */
export function printTimeline(run: StepRun, timeline: CpuTimeline): void {
  console.log(`  ${pad("from s", 7)} ${pad("requests", 9)} ${pad("p99 ms", 8)}  slowest type  CPU %: servers nginx postgres load-gen others`);
  for (let i = 1; i < timeline.points.length; i++) {
    const from = timeline.points[i - 1].at;
    const to = timeline.points[i].at;
    const mine = run.samples.filter((s) => s.at >= from && s.at < to);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    const slowest = mine.reduce<Sample | null>((w, s) => (!w || s.ms > w.ms ? s : w), null);
    const use = cpuBetween(timeline.points[i - 1].sample, timeline.points[i].sample);
    console.log(
      `  ${pad(f0(from / 1000), 7)} ${pad(mine.length, 9)} ${pad(ms.length ? percentile(ms, 99).toFixed(0) : "-", 8)}  ${(slowest?.type ?? "-").padEnd(12)}  ` +
        `${pad(f0(use.server), 7)} ${pad(f0(use.nginx), 5)} ${pad(f0(use.postgresAll), 8)} ${pad(f0(use.load), 8)} ${pad(f0(Math.max(0, use.others)), 6)}`,
    );
  }
}
