import client from "prom-client";
import type { FastifyInstance } from "fastify";
import { takingRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { shedCounts } from "../taking/index.js";

/**
 * The figures /metrics serves (Prometheus text format, prom-client), one registry per app (so the
 * tests' apps do not share one):
 * - parlance_http_request_duration_seconds{method,route,status_code}: a histogram of every answered
 *   request by its route pattern (`/api/candidates/:id`, never the raw URL; `(unrouted)` for paths
 *   no route has, which include the web app's pages); its `_count` is the request rate.
 * - parlance_taking_saves_acknowledged_total / parlance_taking_submits_acknowledged_total: autosaves
 *   (POST save_progress) and submissions (POST submit_test) answered 200, i.e. stored and acknowledged.
 * - parlance_jobs_{waiting,deferred,active,failed}{queue}: pg-boss jobs by queue: due and not
 *   started, scheduled for later, running, and failed (kept 12 hours before pg-boss archives them).
 * - parlance_db_pool_{total,idle,waiting,max}: the PostgreSQL connection pool (not on the embedded database).
 * - Node's process metrics (CPU, memory, event loop lag, GC: prom-client's defaults).
 * Across server processes (WEB_CONCURRENCY) the primary sums them (ops/cluster-metrics.ts); the
 * job figures are of the one shared database, so they are taken once, not summed.
 */

export interface Metrics {
  registry: client.Registry;
}

/** Which route a request matched; unrouted paths (web app pages, not found) share one label. */
export const UNROUTED = "(unrouted)";

interface JobCount {
  name: string;
  waiting: number;
  deferred: number;
  active: number;
  failed: number;
}

const JOB_COUNTS_SQL = `
  SELECT q.name,
    count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after <= now())::int AS waiting,
    count(j.id) FILTER (WHERE j.state IN ('created', 'retry') AND j.start_after > now())::int AS deferred,
    count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
    count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
  FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name
  WHERE q.name NOT LIKE '\\_\\_pgboss%'
  GROUP BY q.name`;

/** The job counts of one scrape: one query shared by the four job gauges (cached for a second). */
function jobCounter(ctx: Pick<AppContext, "database">): () => Promise<JobCount[]> {
  let last: { at: number; counts: Promise<JobCount[]> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1_000) {
      const counts = ctx.database.sql.query<JobCount>(JOB_COUNTS_SQL).then(
        (r) => r.rows,
        () => [] as JobCount[],
      );
      last = { at: Date.now(), counts };
    }
    return last.counts;
  };
}

export function createMetrics(app: FastifyInstance, ctx: Pick<AppContext, "database">): Metrics {
  const registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });

  const requestDuration = new client.Histogram({
    name: "parlance_http_request_duration_seconds",
    help: "Answered HTTP requests by method, route pattern and status code: time from arrival to the last byte handed to the socket",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const savesAcknowledged = new client.Counter({
    name: "parlance_taking_saves_acknowledged_total",
    help: "Autosaves of a test in progress (POST save_progress) stored and acknowledged with 200",
    registers,
  });
  new client.Counter({
    name: "parlance_taking_saves_refused_total",
    help: "Autosaves refused with 503 + Retry-After by the process's admission (taking/save-shedding.ts), by the bound that was over",
    labelNames: ["reason"] as const,
    registers,
    collect() {
      this.reset();
      for (const [reason, n] of Object.entries(shedCounts)) this.inc({ reason }, n);
    },
  });
  const submitsAcknowledged = new client.Counter({
    name: "parlance_taking_submits_acknowledged_total",
    help: "Test submissions (POST submit_test) stored and acknowledged with 200",
    registers,
  });

  const counts = jobCounter(ctx);
  const jobGauge = (state: Exclude<keyof JobCount, "name">, help: string) =>
    new client.Gauge({
      name: `parlance_jobs_${state}`,
      help,
      labelNames: ["queue"] as const,
      // One database for every server process: its figures are taken once, not summed.
      aggregator: "first",
      registers,
      async collect() {
        const rows = await counts();
        this.reset();
        for (const row of rows) this.set({ queue: row.name }, row[state]);
      },
    });
  jobGauge("waiting", "Background jobs due and not yet started, by queue");
  jobGauge("deferred", "Background jobs scheduled for a later time, by queue");
  jobGauge("active", "Background jobs running now, by queue");
  jobGauge("failed", "Background jobs that failed after their retries, by queue (kept 12 hours, then archived by pg-boss)");

  const poolStats = ctx.database.poolStats?.bind(ctx.database);
  if (poolStats) {
    const poolGauge = (figure: "total" | "idle" | "waiting" | "max", help: string) =>
      new client.Gauge({
        name: `parlance_db_pool_${figure}`,
        help,
        registers,
        collect() {
          this.set(poolStats()[figure]);
        },
      });
    poolGauge("total", "PostgreSQL connections open in the pool");
    poolGauge("idle", "PostgreSQL connections open and idle");
    poolGauge("waiting", "Queries waiting for a free connection");
    poolGauge("max", "The most connections the pool opens");
  }

  const savePath = takingRoutes.save.path;
  const submitPath = takingRoutes.submit.path;
  app.addHook("onResponse", async (req, reply) => {
    const route = req.routeOptions.url ?? UNROUTED;
    requestDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode !== 200 || req.method !== "POST") return;
    if (route === savePath) savesAcknowledged.inc();
    else if (route === submitPath) submitsAcknowledged.inc();
  });
  return { registry };
}
