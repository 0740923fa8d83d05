import cluster from "node:cluster";
import { serveClusterMetrics } from "./ops/cluster-metrics.js";

/**
 * Several server processes on one port (node:cluster), for PostgreSQL, where the processes share
 * nothing in memory: sessions, rate limits and jobs live in the database, migrations and the demo
 * seed run under its startup lock. The primary only forks workers, replaces one that dies, and
 * passes a stop signal on; each worker is a whole server (main.ts).
 */

const RESTART_DELAY_MS = 1_000;

export function runPrimary(workers: number): void {
  let stopping = false;
  const fork = () => cluster.fork();
  // A worker's /metrics asks here for every worker's figures together (ops/cluster-metrics.ts).
  serveClusterMetrics();
  for (let i = 0; i < workers; i++) fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A crashed worker is replaced after a pause, so a failing start does not spin.
    console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

/** The first worker (or the only process) speaks for the whole server at startup. */
export const isFirstProcess = (): boolean => !cluster.isWorker || cluster.worker?.id === 1;
