// Two (PARLANCE_PROCESSES) Parlance server processes on one PostgreSQL database behind nginx, in
// the foreground: `DATABASE_URL=postgres://… node deploy/run.mjs` (docs/scaling.md).
//
//   DATABASE_URL          required: the one PostgreSQL database every process shares
//   LISTEN_PORT           nginx's port (default 8080)
//   LISTEN_HOST           nginx's address (default 127.0.0.1; 0.0.0.0 for every interface)
//   PUBLIC_URL            the address users reach (default http://127.0.0.1:$LISTEN_PORT, https:// with TLS)
//   TLS_CERTIFICATE       with TLS_CERTIFICATE_KEY: nginx answers HTTPS with HTTP/2 on LISTEN_PORT (PEM files:
//   TLS_CERTIFICATE_KEY   the certificate with its chain, and its private key; both or neither)
//   PARLANCE_PROCESSES    server processes (default 2), on 127.0.0.1
//   SERVER_PORTS          their ports, comma-separated (default: free ones)
//   NGINX_PREFIX          nginx's folder: nginx.conf, nginx.pid, logs/, tmp/ (default: a new temporary folder)
//   NGINX_BIN             the nginx binary (default /usr/sbin/nginx)
//   every other variable (NODE_ENV, SMTP_URL, VIDEO_*, …) goes to the server processes as is.
//
// SIGHUP: rolling restart — the newest build (rebuilt when the sources changed), one process at a
// time, each drained in nginx first (docs/upgrades.md). SIGINT/SIGTERM: nginx stops gracefully,
// then every process (their graceful stop).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildWebIfStale } from "../scripts/web-build.mjs";
import { ensureServerBuilt, startCluster } from "./cluster.mjs";

const listenPort = Number(process.env.LISTEN_PORT || 8080);
const count = Number(process.env.PARLANCE_PROCESSES || 2);
if (!Number.isInteger(listenPort) || listenPort < 1 || listenPort > 65535) throw new Error("LISTEN_PORT must be a port number");
if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error("PARLANCE_PROCESSES must be 1 to 16");
const ports = (process.env.SERVER_PORTS || "").split(",").filter(Boolean).map(Number);
if (ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)) throw new Error("SERVER_PORTS: port numbers, comma-separated");
const certificate = process.env.TLS_CERTIFICATE || "";
const certificateKey = process.env.TLS_CERTIFICATE_KEY || "";
if (Boolean(certificate) !== Boolean(certificateKey)) throw new Error("TLS_CERTIFICATE and TLS_CERTIFICATE_KEY: both or neither");
const prefix = process.env.NGINX_PREFIX ? path.resolve(process.env.NGINX_PREFIX) : fs.mkdtempSync(path.join(os.tmpdir(), "parlance-nginx-"));
fs.mkdirSync(prefix, { recursive: true });

const print = (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);

let cluster;
try {
  buildWebIfStale();
  cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL,
    listenPort,
    listenHost: process.env.LISTEN_HOST || "127.0.0.1",
    count: Math.max(count, ports.length),
    ports,
    prefix,
    tls: certificate ? { certificate, key: certificateKey } : undefined,
    env: process.env.PUBLIC_URL ? { PUBLIC_URL: process.env.PUBLIC_URL } : {},
    onOutput: print,
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

print(`\nParlance is running at ${cluster.url}: nginx (${prefix}) in front of ${cluster.servers.map((s) => s.address).join(", ")}.`);
print(`Access log: ${cluster.nginx.accessLog}. SIGHUP (kill -HUP ${process.pid}) restarts the processes one at a time.`);

let busy = false;
let stopping = false;

// A process that dies on its own is started again (nginx meanwhile sends its requests to the others).
const watched = new WeakSet();
function watch(server) {
  const child = server.child;
  if (!child || watched.has(child)) return;
  watched.add(child);
  child.once("exit", (code, signal) => {
    if (stopping || busy) return;
    print(`Server ${server.address} exited (${code ?? signal}); starting it again.`);
    server.start().then(
      () => watch(server),
      (err) => console.error(err.message),
    );
  });
}
cluster.servers.forEach(watch);
cluster.nginx.child.once("exit", async (code) => {
  if (stopping) return;
  stopping = true;
  console.error(`nginx exited (${code}); stopping the server processes.`);
  await Promise.all(cluster.servers.map((s) => s.stop()));
  process.exit(1);
});

process.on("SIGHUP", async () => {
  if (busy || stopping) return;
  busy = true;
  print("SIGHUP: rolling restart…");
  try {
    // The server is rebuilt when its sources changed; the web app is not (npm run build: docs/upgrades.md).
    await cluster.rollingRestart({ beforeStart: () => ensureServerBuilt() });
    print("Rolling restart done.");
  } catch (err) {
    console.error(`Rolling restart failed: ${err instanceof Error ? err.message : err}`);
  } finally {
    busy = false;
    cluster.servers.forEach(watch);
  }
});

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    if (stopping) return;
    stopping = true;
    print(`${sig}: stopping nginx, then the server processes…`);
    await cluster.nginx.stop("graceful");
    await Promise.all(cluster.servers.map((s) => s.stop()));
    process.exit(0);
  });
}
