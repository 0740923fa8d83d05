import PgBoss from "pg-boss";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.js";

/** The advisory lock under which any process creates a queue (any fixed number; the startup lock is another). */
const QUEUE_CREATION_LOCK = 7_228_031;

export type JobHandler<T> = (data: T) => Promise<void>;

/** Background jobs on the same PostgreSQL (pg-boss), so any server process may run them. */
export interface JobQueue {
  /** Declares a queue and the function that works it. */
  work<T extends object>(name: string, handler: JobHandler<T>, opts?: { pollingIntervalSeconds?: number }): Promise<void>;
  send<T extends object>(name: string, data: T, opts?: { startAfterSeconds?: number; retryLimit?: number }): Promise<string | null>;
  /** Runs `name` every `cron` (5-field cron, UTC). */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
  /** Whether the queue is started and which queues this process works (ops/health.ts: /readyz). */
  status(): { running: boolean; workers: string[] };
  boss: PgBoss;
}

/**
 * pg-boss talks to PGlite through this adapter: parameterless SQL (its migrations send several
 * statements at once) goes through exec, the rest through query.
 */
function executorFor(database: Database): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      if (database.kind === "pglite" && (!values || values.length === 0)) {
        // A single statement may return rows (pg-boss's version check does): send it through query.
        if (!/;\s*\S/.test(text.trim())) return database.sql.query(text);
        await database.sql.exec(text);
        return { rows: [] };
      }
      return database.sql.query(text, values);
    },
  };
}

export async function startJobQueue(database: Database, opts: { pollingIntervalSeconds?: number } = {}): Promise<JobQueue> {
  const boss = new PgBoss({
    db: executorFor(database),
    schema: "pgboss",
    // One embedded connection: keep maintenance light.
    superviseIntervalSeconds: 60,
    maintenanceIntervalSeconds: 120,
  } as PgBoss.ConstructorOptions);
  boss.on("error", (err) => console.error("job queue:", err.message));
  let running = false;
  boss.on("stopped", () => (running = false));
  await boss.start();
  running = true;
  const working = new Set<string>();
  const ensuring = new Map<string, Promise<void>>();
  let creations: Promise<unknown> = Promise.resolve();
  /**
   * pg-boss makes a table per queue and attaches it to its job table: two connections doing that
   * at once deadlock (seen: 100 results released at once, each first to send RESULTS_NOTIFY_JOB).
   * So a queue is created once per process (requests wanting it wait for that one creation), a
   * process creates one queue at a time, and on PostgreSQL every process takes turns under an
   * advisory lock held by a transaction of its own while pg-boss creates it on another connection
   * (at most two connections; the embedded database has one connection and no one to race).
   */
  const create = async (name: string) => {
    if (database.kind === "pglite") return boss.createQueue(name);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_CREATION_LOCK})`);
      if (!(await boss.getQueue(name))) await boss.createQueue(name);
    });
  };
  const ensureQueue = (name: string): Promise<void> => {
    let ready = ensuring.get(name);
    if (!ready) {
      ready = boss.getQueue(name).then((queue) => {
        if (queue) return;
        const turn = creations.then(() => create(name));
        creations = turn.catch(() => undefined);
        return turn;
      });
      // A failed creation is tried again by the next caller.
      ready.catch(() => ensuring.delete(name));
      ensuring.set(name, ready);
    }
    return ready;
  };
  return {
    boss,
    async work(name, handler, workOpts) {
      await ensureQueue(name);
      await boss.work(name, { pollingIntervalSeconds: workOpts?.pollingIntervalSeconds ?? opts.pollingIntervalSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
      working.add(name);
    },
    async send(name, data, sendOpts) {
      await ensureQueue(name);
      return boss.send(name, data, { startAfter: sendOpts?.startAfterSeconds, retryLimit: sendOpts?.retryLimit ?? 5, retryBackoff: true });
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron);
    },
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
    status: () => ({ running, workers: [...working] }),
  };
}
