import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

/**
 * Health checks for load balancers and orchestrators, outside /api, without a session:
 * - GET /healthz: the process is up and serving (200 always; no database work).
 * - GET /readyz: the database answers, every migration this build ships is applied, and this
 *   process's job workers run: 200 `{status: "ready", checks}`, else 503 `{status: "not ready", checks}`.
 * Their answers name checks and states only: no error text, version, address or figure.
 */

export const HEALTH_PATH = "/healthz";
export const READY_PATH = "/readyz";

/** The longest one check may take before it counts as failed (a load balancer's probe waits a few seconds). */
const CHECK_TIMEOUT_MS = 2_500;

export interface ReadyChecks {
  database: "ok" | "failed";
  migrations: "ok" | "pending" | "unknown";
  jobs: "ok" | "stopped";
}

export interface Readiness {
  status: "ready" | "not ready";
  checks: ReadyChecks;
}

const journalFile = path.resolve(import.meta.dirname, "../db/migrations/meta/_journal.json");
let newestMigration: Promise<number> | undefined;

/** The `when` of the newest migration this build ships (drizzle records it as created_at once applied). */
function newestShippedMigration(): Promise<number> {
  newestMigration ??= fs.readFile(journalFile, "utf8").then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(...journal.entries.map((e) => e.when));
  });
  return newestMigration;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("check timed out")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function databaseAnswers(ctx: Pick<AppContext, "database">): Promise<boolean> {
  try {
    await withTimeout(ctx.database.sql.query("SELECT 1"), CHECK_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

async function migrationsState(ctx: Pick<AppContext, "database">): Promise<ReadyChecks["migrations"]> {
  try {
    const shipped = await newestShippedMigration();
    const { rows } = await withTimeout(
      ctx.database.sql.query<{ last: string | null }>("SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations"),
      CHECK_TIMEOUT_MS,
    );
    return Number(rows[0]?.last ?? 0) >= shipped ? "ok" : "pending";
  } catch {
    return "unknown";
  }
}

/** The readiness of this process: every check, and whether all passed. */
export async function readiness(ctx: Pick<AppContext, "database" | "jobs">): Promise<Readiness> {
  const database = await databaseAnswers(ctx);
  const jobs = ctx.jobs.status();
  const checks: ReadyChecks = {
    database: database ? "ok" : "failed",
    migrations: database ? await migrationsState(ctx) : "unknown",
    jobs: jobs.running && jobs.workers.length > 0 ? "ok" : "stopped",
  };
  const ready = checks.database === "ok" && checks.migrations === "ok" && checks.jobs === "ok";
  return { status: ready ? "ready" : "not ready", checks };
}

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(HEALTH_PATH, async (_req, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });
  app.get(READY_PATH, async (_req, reply) => {
    const result = await readiness(ctx);
    return reply.header("cache-control", "no-store").status(result.status === "ready" ? 200 : 503).send(result);
  });
}
