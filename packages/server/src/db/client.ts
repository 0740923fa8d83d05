import path from "node:path";
import fs from "node:fs/promises";
import { existsSync } from "node:fs";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.js";
import { checkStatementName, executeText } from "./pglite-prepared.js";
import { insertReferenceData } from "./reference.js";
import type { Db } from "./tx.js";

// The handle type lives in tx.ts (reference.ts needs it, and client.ts imports reference.ts).
export type { Db } from "./tx.js";

/**
 * Runs raw SQL (pg-boss, a few maintenance tasks, and the autosave's one statement). `prepareAs`
 * names a hot statement: PostgreSQL parses and plans it once per connection instead of each time.
 */
export interface SqlExecutor {
  query<T = Record<string, unknown>>(text: string, values?: unknown[], opts?: { prepareAs?: string }): Promise<{ rows: T[] }>;
  /** Several statements without parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  db: Db;
  sql: SqlExecutor;
  kind: "pglite" | "postgres";
  /**
   * Runs `fn` holding the startup lock: server processes starting at once on one PostgreSQL
   * database migrate and seed one after another, never side by side. `fn` gets a handle on the
   * lock's own connection, without a statement timeout (a migration may take long).
   */
  withStartupLock<T>(fn: (session: Db) => Promise<T>): Promise<T>;
  /** PostgreSQL only: the connection pool's figures now (ops/metrics.ts). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

/** Connections of the pool: open, idle, requests waiting for one, and the most it opens. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The advisory lock key of migrating and seeding (any fixed number shared by every process). */
export const STARTUP_LOCK_KEY = 7_246_174_201;

/** The longest a single statement of a request may run on PostgreSQL by default. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

const migrationsFolder = path.resolve(import.meta.dirname, "migrations");

/**
 * PGlite in `dataDir` (or in memory when dataDir is "memory://"). `loadDataDir`: start from a
 * dump of another instance (`dumpDataDir`) instead of an empty one (the API tests' seeded copy).
 */
/**
 * Whether a process has the embedded database in `dataDir` open: PGlite keeps postmaster.pid there
 * until it closes, and a second process writing the same folder would corrupt it (the command-line
 * tools refuse then).
 */
export const embeddedInUse = (dataDir: string): boolean => existsSync(path.join(dataDir, "postmaster.pid"));

export async function openPglite(dataDir: string, opts: Pick<PGliteOptions, "loadDataDir"> = {}): Promise<Database> {
  if (!dataDir.startsWith("memory://")) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, ...opts });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const prepared = new Set<string>();
  return {
    db,
    kind: "pglite",
    sql: {
      query: async (text, values, queryOpts) => {
        const name = queryOpts?.prepareAs;
        if (!name) return { rows: (await client.query(text, values)).rows as never[] };
        if (!prepared.has(name)) {
          await client.exec(`PREPARE ${checkStatementName(name)} AS ${text}`);
          prepared.add(name);
        }
        return { rows: (await client.query(executeText(name, values ?? []))).rows as never[] };
      },
      exec: async (text) => void (await client.exec(text)),
    },
    // One process owns a PGlite folder: there is nobody to wait for.
    withStartupLock: (fn) => fn(db),
    close: () => client.close(),
  };
}

/**
 * A PostgreSQL server. Every pooled connection has a statement timeout, so no request's query can
 * hold the database (or a pool slot) for long; a cancelled statement answers 503 (error-handler).
 */
export async function openPostgres(url: string, opts: { statementTimeoutMs?: number } = {}): Promise<Database> {
  const poolMax = 10;
  const pool = new pg.Pool({ connectionString: url, max: poolMax, statement_timeout: opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    sql: {
      query: async (text, values, opts) => ({ rows: (await pool.query(opts?.prepareAs ? { name: opts.prepareAs, text, values } : { text, values })).rows }),
      exec: async (text) => void (await pool.query(text)),
    },
    async withStartupLock(fn) {
      // A session-level lock lives on one connection: hold one for the whole of fn.
      const client = await pool.connect();
      try {
        await client.query("SET statement_timeout = 0");
        await client.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        try {
          return await fn(drizzlePg(client, { schema }) as unknown as Db);
        } finally {
          await client.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
          await client.query("RESET statement_timeout");
        }
      } finally {
        client.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; statementTimeoutMs?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, { statementTimeoutMs: opts.statementTimeoutMs }) : openPglite(opts.dataDir);
}

/** The migrations, then the reference data (db/reference.ts) a database lacks. */
async function migrateOn(kind: Database["kind"], db: Db): Promise<void> {
  if (kind === "pglite") await migratePglite(db as never, { migrationsFolder });
  else await migratePg(db as never, { migrationsFolder });
  await insertReferenceData(db);
}

/** Applies the SQL migrations in order, under the startup lock; safe to call on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.withStartupLock((session) => migrateOn(database.kind, session));
}

/**
 * Startup: migrates, then runs `then` (the demo seed) under the same startup lock, so a second
 * process starting at once waits, then finds the schema and the demo world in place.
 */
export async function prepareDatabase<T>(database: Database, then: () => Promise<T>): Promise<T> {
  return database.withStartupLock(async (session) => {
    await migrateOn(database.kind, session);
    return then();
  });
}
