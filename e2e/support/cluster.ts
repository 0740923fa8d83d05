import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { startCluster } from "../../deploy/cluster.mjs";
import { freePort } from "../../scripts/free-port.mjs";

/**
 * The deployment of docs/scaling.md for a browser test file: a scratch database on the local
 * PostgreSQL server (TEST_DATABASE_URL, as `npm test` sets it), two processes of the built server
 * (packages/server/dist/main.js) on it, and nginx in front with deploy/nginx.conf.template — the
 * very config and code (deploy/cluster.mjs) that deploy/run.mjs runs. One per file: its tests share
 * it, and it all goes away after them.
 */

/** The PostgreSQL server of the run; without it the cluster files skip. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

type Started = Awaited<ReturnType<typeof startCluster>>;
export type ClusterServer = Started["servers"][number];

/** One line of nginx's access log (log_format parlance). */
export interface AccessLine {
  time: string;
  client: string;
  method: string;
  uri: string;
  status: number;
  /** The processes tried, in order ("a, b" when nginx moved on to the next). */
  upstream: string;
  upstream_status: string;
  seconds: number;
}

export interface TestCluster {
  /** nginx: every page and API call of the tests goes through it (PUBLIC_URL). */
  url: string;
  databaseUrl: string;
  servers: ClusterServer[];
  /** SQL on the scratch database. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  accessLog(): AccessLine[];
  /**
   * The drained restart of every process in turn, or of `only` these (deploy/cluster.mjs); `drainMs`
   * after nginx stops sending it requests.
   */
  rollingRestart(opts?: { drainMs?: number; only?: ClusterServer[] }): Promise<void>;
}

/** A database of the caller's own on the PostgreSQL server at `url`, dropped by `drop()`. */
export async function scratchDatabase(url: string, label: string) {
  const name = `parlance_${label}_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A self-signed certificate for 127.0.0.1 in `dir` (the TLS deployment's tests only). */
function selfSignedCertificate(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate], {
    stdio: "ignore",
  });
  return { certificate, key };
}

/**
 * Starts the cluster before the file's tests and removes it (processes, nginx, database, folder) after them.
 * `tls`: nginx answers HTTPS with HTTP/2 on a self-signed certificate made for the file.
 */
export function useCluster(label: string, opts: { tls?: boolean } = {}): TestCluster {
  const cluster = {} as TestCluster;
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let started: Started | undefined;
  let pool: pg.Pool | undefined;
  let prefix: string | undefined;
  beforeAll(async () => {
    database = await scratchDatabase(postgresUrl!, label);
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-nginx-"));
    const tls = opts.tls ? selfSignedCertificate(prefix) : undefined;
    started = await startCluster({ databaseUrl: database.url, listenPort: await freePort(), count: 2, prefix, workerProcesses: "1", tls });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const accessLog = started.nginx.accessLog;
    Object.assign(cluster, {
      url: started.url,
      databaseUrl: database.url,
      servers: started.servers,
      query: async (sql: string, params?: unknown[]) => (await pool!.query(sql, params)).rows,
      accessLog: () =>
        fs.existsSync(accessLog)
          ? fs
              .readFileSync(accessLog, "utf8")
              .split("\n")
              .filter(Boolean)
              .map((line) => JSON.parse(line) as AccessLine)
          : [],
      rollingRestart: (opts?: { drainMs?: number; only?: ClusterServer[] }) => started!.rollingRestart(opts),
    });
  }, 180_000);
  afterAll(async () => {
    await pool?.end();
    await started?.stop();
    await database?.drop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });
  return cluster;
}
