/**
 * An exam-day wave (issue 26, point 4) through the tested deployment: nginx in front of two built
 * server processes on one PostgreSQL database (deploy/cluster.mjs, as deploy/run.mjs and the
 * deployment browser test run it), on a scratch database. N candidates arrive within 60 s, sign in
 * by access code, open the Take a Test list and the test, start it, load its sections, save every
 * 5 s, send the heartbeat every 60 s and submit after the test's time (bench/wave/load.ts has the
 * exact requests). For each step of N: per request type p50/p99/errors, and the CPU of the server
 * processes, nginx, PostgreSQL and this load generator (all on the same cores). The largest N with
 * p99 < 500 ms for every request type and no error is the result; the first step that breaks says
 * which request type broke and who had the CPU.
 *
 *   npm run bench:wave
 *   DATABASE_URL=postgres://user@host:5432/db npm run bench:wave   (a scratch database is made on it)
 *
 * Options: BENCH_STEPS (candidates per step, default 500,750,1000,1500,2000,3000; each step takes
 * fresh candidates, and the first step not held ends the stepping), BENCH_TEST_SECONDS (from start
 * to submit, default 600), BENCH_RAMP_SECONDS (arrivals spread over, default 60),
 * BENCH_THINK_SECONDS (reading the test page before Start, default 5), BENCH_PER_ADDRESS
 * (candidates per client address, a school behind one NAT address, default 250), BENCH_REFINE
 * (halvings between the largest held and the first not held, default 1), BENCH_WEB_CONCURRENCY
 * (Node processes per server process, default 1), BENCH_TIMELINE=1 (every 5 s of each step: requests,
 * p99, the slowest type, CPU of each party and of other work on the machine), BENCH_PGBENCH=0 (skip the
 * database's limit: pgbench on the server's save statement, 10 s, before the steps).
 */
import os from "node:os";
import { accessCodePlan, createCodeCandidates, databaseActivity, startDeployment } from "./setup.js";
import { runStep, type StepRun } from "./load.js";
import { cpuNow, type CpuParties } from "./cpu.js";
import { databaseLimit } from "./limit.js";
import { broken, byType, cpuWindow, held, printPhases, printTimeline, printTypes, TARGET_P99_MS, type CpuTimeline, type TypeFigures } from "./report.js";

const SERVER_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const list = (v: string | undefined, d: string) => (v ?? d).split(",").map(Number);
const STEPS = list(process.env.BENCH_STEPS, "500,750,1000,1500,2000,3000");
const TEST_SECONDS = Number(process.env.BENCH_TEST_SECONDS ?? 600);
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 60);
const THINK_SECONDS = Number(process.env.BENCH_THINK_SECONDS ?? 5);
const PER_ADDRESS = Number(process.env.BENCH_PER_ADDRESS ?? 250);
const REFINE = Number(process.env.BENCH_REFINE ?? 1);
const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY ?? "1";
const TIMELINE = process.env.BENCH_TIMELINE === "1";
const PGBENCH = process.env.BENCH_PGBENCH !== "0";
const CPU_EVERY_MS = 5_000;

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const fmt = (n: number) => n.toLocaleString("en-US");

interface StepOutcome {
  count: number;
  figures: TypeFigures[];
  run: StepRun;
  timeline: CpuTimeline;
}

async function main() {
  const started = Date.now();
  console.log(`Exam-day wave through nginx: ${os.cpus().length} cores shared by nginx, two server processes, PostgreSQL and this load generator; load average at start ${loadavg()}`);
  console.log(`Each candidate: arrives within ${RAMP_SECONDS} s, signs in by access code, list, test page, ${THINK_SECONDS} s reading, start, sections, a save every 5 s, a heartbeat every 60 s, submit after ${TEST_SECONDS} s; ${PER_ADDRESS} candidates per client address\n`);
  // Fresh candidates for every step that may run: the coarse steps and the refinements between them.
  const total = STEPS.reduce((s, n) => s + n, 0) + REFINE * Math.max(...STEPS);
  const deployment = await startDeployment(SERVER_URL, WEB_CONCURRENCY);
  try {
    const setupAt = performance.now();
    const candidates = await createCodeCandidates(deployment.databaseUrl, total);
    console.log(`Deployment at ${deployment.url.origin}: nginx (pid ${deployment.nginxPid}) → server processes ${deployment.serverPids.join(", ")}; ${fmt(total)} candidates with access codes made in ${((performance.now() - setupAt) / 1000).toFixed(1)} s`);
    console.log(`The sign-in's access-code lookup on ${fmt(total)} codes: ${await accessCodePlan(deployment.databaseUrl, `${candidates.codePrefix}-1`)}\n`);

    // The database's own limit for one save statement, in this run on this machine (bench/autosave's pgbench).
    if (PGBENCH) console.log(`${await databaseLimit(deployment.databaseUrl)}\n`);

    let next = 0;
    const outcomes: StepOutcome[] = [];
    const runOne = async (count: number): Promise<StepOutcome> => {
      const activity = () => databaseActivity(deployment.databaseUrl, deployment.databaseName);
      const parties: CpuParties = { serverPids: deployment.serverPids, nginxPid: deployment.nginxPid, backendPids: (await activity()).pids };
      // Once a second: the backends (the pools open connections as load grows) and what the active ones wait for.
      const seen = { samples: 0, active: 0, maxActive: 0, waits: new Map<string, number>() };
      const timeline: CpuTimeline = { points: [{ at: 0, sample: cpuNow(parties) }] };
      let lastSampleAt = 0;
      let refreshing = false;
      console.log(`— ${fmt(count)} candidates (load average ${loadavg()})`);
      const run = await runStep(
        { base: deployment.url, candidates, first: next, count, rampMs: RAMP_SECONDS * 1000, thinkMs: THINK_SECONDS * 1000, testMs: TEST_SECONDS * 1000, perAddress: PER_ADDRESS },
        (elapsed) => {
          if (elapsed - lastSampleAt >= CPU_EVERY_MS) {
            lastSampleAt = elapsed;
            timeline.points.push({ at: elapsed, sample: cpuNow(parties) });
          }
          if (refreshing) return;
          refreshing = true;
          void activity()
            .then((now) => {
              parties.backendPids = now.pids;
              seen.samples++;
              seen.active += now.active;
              seen.maxActive = Math.max(seen.maxActive, now.active);
              for (const w of now.waits) seen.waits.set(w, (seen.waits.get(w) ?? 0) + 1);
            })
            .finally(() => (refreshing = false));
        },
      );
      timeline.points.push({ at: run.durationMs, sample: cpuNow(parties) });
      next += count;
      const figures = byType(run.samples);
      printTypes(figures);
      if (run.failures.size) console.log(`  failures: ${[...run.failures].map(([k, v]) => `${k} × ${v}`).join(", ")}`);
      printPhases(run, timeline, RAMP_SECONDS * 1000);
      const waits = [...seen.waits].sort((a, b) => b[1] - a[1]).slice(0, 4);
      console.log(
        `  PostgreSQL, sampled each second: ${(seen.active / Math.max(1, seen.samples)).toFixed(1)} active backends on average, at most ${seen.maxActive}` +
          (waits.length ? `; waiting on ${waits.map(([w, n]) => `${w} ${((n / seen.samples) * 100).toFixed(0)}%`).join(", ")} of samples` : "; none seen waiting"),
      );
      if (TIMELINE) printTimeline(run, timeline);
      console.log(`  ${held(figures) ? "held" : `not held: ${broken(figures).join("; ")}`} (${(run.durationMs / 1000).toFixed(0)} s, load average ${loadavg()})\n`);
      const outcome = { count, figures, run, timeline };
      outcomes.push(outcome);
      return outcome;
    };

    for (const count of STEPS) if (!held((await runOne(count)).figures)) break;
    for (let i = 0; i < REFINE; i++) {
      const ok = outcomes.filter((o) => held(o.figures)).map((o) => o.count);
      const notOk = outcomes.filter((o) => !held(o.figures)).map((o) => o.count);
      if (!ok.length || !notOk.length) break;
      const lo = Math.max(...ok);
      const hi = Math.min(...notOk.filter((n) => n > lo));
      const mid = Math.round((lo + hi) / 2 / 50) * 50;
      if (mid <= lo || mid >= hi) break;
      await runOne(mid);
    }

    const heldOnes = outcomes.filter((o) => held(o.figures)).sort((a, b) => b.count - a.count);
    const best = heldOnes[0];
    const beyond = best ? outcomes.filter((o) => o.count > best.count).sort((a, b) => a.count - b.count)[0] : outcomes.sort((a, b) => a.count - b.count)[0];
    console.log(`Largest wave held (p99 < ${TARGET_P99_MS} ms for every request type, no error): ${best ? `${fmt(best.count)} candidates` : "none of the steps"}`);
    if (beyond) {
      const ramp = cpuWindow(beyond.timeline, 0, beyond.run.allStartedAt);
      console.log(
        `Next step, ${fmt(beyond.count)} candidates: ${broken(beyond.figures).join("; ") || "held"}` +
          (ramp ? `; during its ramp the servers used ${ramp.server.toFixed(0)}%, PostgreSQL ${ramp.postgresAll.toFixed(0)}%, nginx ${ramp.nginx.toFixed(0)}%, the load generator ${ramp.load.toFixed(0)}% of one core (200% = both cores)` : ""),
      );
    }
  } finally {
    await deployment.stop();
  }
  console.log(`\nLoad average at end ${loadavg()}; run took ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
