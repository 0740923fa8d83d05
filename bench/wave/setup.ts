/**
 * The exam-day wave's world: a scratch PostgreSQL database, the tested deployment on it
 * (deploy/cluster.mjs: two built server processes behind nginx, which migrate it and seed the demo
 * world), and N candidates of Northwind, each with the English Reading test assigned (takeable, not
 * started) and its access code — written set-based, as an assignment leaves them
 * (assigned_tests.access_code and the access_codes row that signs in).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Role } from "@parlance/contract";
import { createScratchDatabase } from "../../packages/server/src/db/scratch.js";
import { startCluster } from "../../deploy/cluster.mjs";
import { freePort } from "../../scripts/free-port.mjs";
import { northwindReading } from "../autosave/setup.js";

export interface Deployment {
  url: URL;
  databaseUrl: string;
  databaseName: string;
  serverPids: number[];
  nginxPid: number;
  stop(): Promise<void>;
}

/** Scratch database + two server processes + nginx, as deploy/run.mjs runs them. */
export async function startDeployment(serverUrl: string, webConcurrency: string): Promise<Deployment> {
  const scratch = await createScratchDatabase(serverUrl, "parlance_wave");
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-wave-nginx-"));
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    cluster = await startCluster({
      databaseUrl: scratch.url,
      listenPort: await freePort(),
      count: 2,
      prefix,
      // WEB_CONCURRENCY=1: each of the two processes is one Node process (in production it would
      // otherwise fork one per core in each, four on two cores).
      env: { NODE_ENV: "production", SEED_DEMO: "always", LOG_LEVEL: "warn", WEB_CONCURRENCY: webConcurrency },
    });
  } catch (err) {
    await scratch.drop();
    throw err;
  }
  return {
    url: new URL(cluster.url),
    databaseUrl: scratch.url,
    databaseName: scratch.name,
    serverPids: cluster.servers.map((s) => s.child!.pid!),
    nginxPid: cluster.nginx.child.pid!,
    async stop() {
      await cluster.stop();
      await scratch.drop();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export interface WaveCandidates {
  /** Access code of candidate i (0-based): `${codePrefix}-${i}`. */
  codePrefix: string;
  count: number;
}

export const codeOf = (c: WaveCandidates, i: number) => `${c.codePrefix}-${i}`;

/** `count` candidates with the English Reading test assigned and an access code each. */
export async function createCodeCandidates(databaseUrl: string, count: number): Promise<WaveCandidates> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const one = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows[0] as T;
    const { account, office, test, accountTest } = await northwindReading(db);
    const { admin } = await one<{ admin: number }>("SELECT id AS admin FROM users WHERE email = 'admin@northwind.example'");
    const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
    const codePrefix = `WAVE-${tag}`;
    await db.query("BEGIN");
    await db.query(
      `CREATE TEMP TABLE wave_people ON COMMIT DROP AS
         SELECT i, 'wave.' || lower($1) || '.' || i || '@example.com' AS email, $2 || '-' || i AS code FROM generate_series(0, $3::int - 1) AS i`,
      [tag, codePrefix, count],
    );
    await db.query(
      `INSERT INTO users (email, first_name, last_name, roles, account_id, office_id)
       SELECT email, 'Wave', 'Candidate ' || i, $1::int[], NULL, NULL FROM wave_people ORDER BY i`,
      [[Role.Candidate, Role.User]],
    );
    await db.query(
      `INSERT INTO candidates (account_id, office_id, first_name, last_name, email, language_id, time_zone_id, user_id, created_at, updated_at)
       SELECT $1, $2, 'Wave', 'Candidate ' || p.i, p.email, 140, 23, u.id, now(), now() FROM wave_people p JOIN users u ON u.email = p.email`,
      [account, office],
    );
    await db.query(
      `INSERT INTO assigned_tests (account_id, office_id, candidate_id, account_test_id, test_id, access_code, state, expires_at, created_at, assigned_by_user_id)
       SELECT c.account_id, c.office_id, c.id, $2, $3, p.code, 'takeable', now() + interval '30 days', now(), $4
         FROM wave_people p JOIN candidates c ON c.email = p.email AND c.account_id = $1 ORDER BY p.i`,
      [account, accountTest, test, admin],
    );
    await db.query(
      `INSERT INTO access_codes (code, user_id, expires_at)
       SELECT p.code, u.id, now() + interval '30 days' FROM wave_people p JOIN users u ON u.email = p.email`,
    );
    await db.query("COMMIT");
    await db.query("ANALYZE users, candidates, assigned_tests, access_codes");
    return { codePrefix, count };
  } catch (err) {
    await db.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    await db.end();
  }
}

/** The sign-in's access-code lookup as PostgreSQL plans it (upper(code) = upper($1)). */
export async function accessCodePlan(databaseUrl: string, code: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF) SELECT user_id FROM access_codes WHERE upper(code) = upper($1) AND expires_at > now()`, [code]);
    return rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join(" / ");
  } finally {
    await db.end();
  }
}

/** What PostgreSQL's backends of `databaseName` are doing now: their pids, and the wait of each active one. */
export async function databaseActivity(databaseUrl: string, databaseName: string): Promise<{ pids: number[]; active: number; waits: string[] }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      // An advisory lock is named by its key (one bigint key: objid), so the wait says which lock.
      `SELECT a.pid, a.state, a.wait_event_type, a.wait_event || coalesce(' ' || l.objid, '') AS wait_event
         FROM pg_stat_activity a LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted AND l.locktype = 'advisory'
        WHERE a.datname = $1 AND a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()`,
      [databaseName],
    );
    const active = rows.filter((r: { state: string }) => r.state === "active");
    return {
      pids: rows.map((r: { pid: number }) => r.pid),
      active: active.length,
      waits: active.filter((r: { wait_event_type: string | null }) => r.wait_event_type).map((r: { wait_event_type: string; wait_event: string }) => `${r.wait_event_type}:${r.wait_event}`),
    };
  } finally {
    await db.end();
  }
}
