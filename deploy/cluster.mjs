// Several Parlance server processes (the built packages/server/dist/main.js, as `npm start` runs
// it) on one PostgreSQL database, behind nginx (deploy/nginx.conf.template). Used by deploy/run.mjs
// and by the browser tests (e2e/support/cluster.ts), so the tested deployment is the documented one.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildServerIfStale, serverMain } from "../scripts/server-build.mjs";
import { freePort } from "../scripts/free-port.mjs";

const root = path.resolve(import.meta.dirname, "..");
const template = path.join(import.meta.dirname, "nginx.conf.template");
export const nginxBinary = process.env.NGINX_BIN || "/usr/sbin/nginx";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Builds dist/main.js when stale (scripts/server-build.mjs: one builder at a time, written whole). */
export async function ensureServerBuilt() {
  await buildServerIfStale();
}

/**
 * Waits until a server process is ready: GET /readyz answers 200 (ops/health.ts: the database
 * answers, the build's migrations are applied, its job workers run). A build from before /readyz
 * (404) is waited for by GET /api/startup, the first thing every page asks for.
 */
export async function waitReady(url, { child, timeoutMs = 60_000, output = () => "" } = {}) {
  const deadline = Date.now() + timeoutMs;
  let path = "/readyz";
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}${path}`, { headers: { accept: "application/json" } });
      if (res.ok) return;
      if (res.status === 404 && path === "/readyz") path = "/api/startup";
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server ${url} did not become ready in ${timeoutMs} ms:\n${output()}`);
}

/**
 * One server process on 127.0.0.1:port. `env` is added to this process's environment (DATABASE_URL,
 * PUBLIC_URL, TRUST_PROXY…). `onOutput` gets its output (default: kept for error messages only).
 */
export function serverProcess({ port, env = {}, onOutput }) {
  const url = `http://127.0.0.1:${port}`;
  let child = null;
  let output = "";
  const self = {
    port,
    url,
    address: `127.0.0.1:${port}`,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get child() {
      return child;
    },
    output: () => output.slice(-20_000),
    /** Starts it and resolves once it is ready. */
    async start() {
      if (self.running) throw new Error(`server ${url} is already running`);
      output = "";
      child = spawn(process.execPath, [serverMain], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: "warn", ...env, PORT: String(port), HOST: "127.0.0.1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      for (const stream of [child.stdout, child.stderr]) {
        stream.on("data", (d) => {
          output += d;
          onOutput?.(String(d));
        });
      }
      await waitReady(url, { child, output: self.output });
    },
    /** SIGTERM (the server's graceful stop), SIGKILL after `graceMs`; resolves with the exit code. */
    stop(graceMs = 20_000) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve(c?.exitCode ?? null);
      return new Promise((resolve) => {
        const kill = setTimeout(() => c.kill("SIGKILL"), graceMs);
        c.once("exit", (code) => {
          clearTimeout(kill);
          resolve(code);
        });
        c.kill("SIGTERM");
      });
    },
  };
  return self;
}

/**
 * The server block's TLS lines: HTTP/2 needs TLS in browsers, and over HTTP/2 a page's chunks and
 * its data share one connection instead of queueing six at a time (docs/scaling.md, issue 26 §3).
 * `tls`: { certificate, key } (paths to PEM files), or nothing for plain HTTP/1.1.
 */
function tlsLines(tls) {
  if (!tls) return "";
  for (const [what, file] of [["certificate", tls.certificate], ["key", tls.key]]) {
    if (!file || !fs.existsSync(file)) throw new Error(`TLS ${what} not found: ${file}`);
    if (/[\s;{}'"]/.test(path.resolve(file))) throw new Error(`TLS ${what}: the path must not contain spaces, quotes, braces or semicolons`);
  }
  return [
    `ssl_certificate ${path.resolve(tls.certificate)};`,
    `ssl_certificate_key ${path.resolve(tls.key)};`,
    "ssl_protocols TLSv1.2 TLSv1.3;",
    // A returning browser resumes its session: one round trip less for the handshake.
    "ssl_session_cache shared:parlance_tls:10m;",
    "ssl_session_timeout 1d;",
  ].join("\n    ");
}

/** deploy/nginx.conf.template with its placeholders filled; `down` upstreams get no new requests. */
export function renderNginxConfig({ listen, upstreams, workerProcesses = "auto", tls }) {
  const lines = (failure) => upstreams.map((u) => `server ${u.address} ${failure}${u.down ? " down" : ""};`).join("\n    ");
  const text = fs
    .readFileSync(template, "utf8")
    .replaceAll("{{LISTEN}}", tls ? `${listen} ssl http2` : String(listen))
    .replaceAll("{{TLS}}", tlsLines(tls))
    .replaceAll("{{WORKER_PROCESSES}}", String(workerProcesses))
    .replaceAll("{{UPSTREAM_SERVERS}}", lines("max_fails=1 fail_timeout=2s"))
    .replaceAll("{{TAKING_UPSTREAM_SERVERS}}", lines("max_fails=0"));
  const left = text.match(/\{\{\w+\}\}/);
  if (left) throw new Error(`nginx.conf.template: ${left[0]} was not filled`);
  return text;
}

/**
 * nginx in the foreground (daemon off) as a child process, with its configuration, pid, logs and
 * temporary files in `prefix`. `reload(config)` checks the new configuration (nginx -t) and
 * applies it without dropping a connection (SIGHUP).
 */
export async function startNginx({ prefix, config, host = "127.0.0.1", port, onOutput }) {
  if (!fs.existsSync(nginxBinary)) throw new Error(`nginx is not installed at ${nginxBinary} (Debian: apt-get install nginx-light)`);
  for (const dir of ["logs", "tmp"]) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must reach tmp/ (nginx gives them its folders).
  fs.chmodSync(prefix, 0o755);
  const confFile = path.join(prefix, "nginx.conf");
  const args = ["-p", prefix, "-c", confFile, "-e", "stderr"];
  const check = (text) => {
    fs.writeFileSync(path.join(prefix, "nginx.conf.next"), text);
    const r = spawnSync(nginxBinary, ["-t", "-q", "-p", prefix, "-c", path.join(prefix, "nginx.conf.next"), "-e", "stderr"], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`nginx refused the configuration:\n${r.stderr}`);
    fs.renameSync(path.join(prefix, "nginx.conf.next"), confFile);
  };
  check(config);
  let output = "";
  const child = spawn(nginxBinary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (d) => {
      output += d;
      onOutput?.(String(d));
    });
  }
  const errorLog = path.join(prefix, "logs", "error.log");
  const failure = () => `${output}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8").slice(-4000) : ""}`;
  for (const deadline = Date.now() + 10_000; ; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${failure()}`);
    const open = await new Promise((resolve) => {
      const s = net.connect(port, host, () => (s.destroy(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${failure()}`);
  }
  return {
    child,
    prefix,
    accessLog: path.join(prefix, "logs", "access.log"),
    errorLog,
    /** Checks and applies a new configuration; old workers finish what they are doing. */
    async reload(text) {
      check(text);
      child.kill("SIGHUP");
      // The master starts new workers at once; give it a moment before anything relies on them.
      await sleep(300);
    },
    /** Stops nginx: "fast" (SIGTERM) or "graceful" (SIGQUIT: open requests finish first). */
    stop(mode = "fast") {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill(mode === "graceful" ? "SIGQUIT" : "SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
      });
    },
  };
}

/**
 * Starts `count` server processes (on 127.0.0.1, on `ports` or free ones) on one PostgreSQL
 * database, behind nginx on `listenHost`:`listenPort` (default 127.0.0.1; HTTPS with HTTP/2 when `tls`
 * gives a certificate and its key). Every process gets
 * PUBLIC_URL (the address users reach: nginx's unless set), TRUST_PROXY=true and the caller's env.
 * They start together: under the startup lock one migrates (and, when SEED_DEMO allows, makes the
 * demo world) while the others wait.
 *
 * @param {{ databaseUrl: string | undefined, listenPort: number, listenHost?: string, count?: number, ports?: number[],
 *   prefix: string, env?: Record<string, string>, workerProcesses?: string | number, tls?: { certificate: string, key: string },
 *   onOutput?: (text: string) => void }} options
 */
export async function startCluster({ databaseUrl, listenPort, listenHost = "127.0.0.1", count = 2, ports: fixedPorts, prefix, env = {}, workerProcesses = "auto", tls, onOutput }) {
  if (!databaseUrl) throw new Error("DATABASE_URL is required: several processes share one PostgreSQL database (the embedded database is one process's)");
  await ensureServerBuilt();
  const localHost = listenHost === "0.0.0.0" ? "127.0.0.1" : listenHost;
  const publicUrl = env.PUBLIC_URL || `${tls ? "https" : "http"}://${localHost}:${listenPort}`;
  const ports = [...(fixedPorts ?? [])];
  while (ports.length < count) ports.push(await freePort());
  const servers = ports.map((port, i) =>
    serverProcess({ port, env: { TRUST_PROXY: "true", ...env, DATABASE_URL: databaseUrl, PUBLIC_URL: publicUrl }, onOutput: onOutput && ((s) => onOutput(`[server ${i + 1}] ${s}`)) }),
  );
  try {
    // All at once: the first to take the startup lock migrates (and seeds), the others wait for it
    // and find it done, so only the database work is one after another.
    await Promise.all(servers.map((s) => s.start()));
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    throw err;
  }
  const render = (drained = new Set()) =>
    renderNginxConfig({ listen: `${listenHost}:${listenPort}`, workerProcesses, tls, upstreams: servers.map((s) => ({ address: s.address, down: drained.has(s) })) });
  let nginx;
  try {
    nginx = await startNginx({ prefix, config: render(), host: localHost, port: listenPort, onOutput: onOutput && ((s) => onOutput(`[nginx] ${s}`)) });
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    throw err;
  }
  return {
    url: publicUrl,
    servers,
    nginx,
    /**
     * Restarts every process in turn without failing a request: nginx stops sending it new
     * requests (marked down, reloaded), it stops gracefully (SIGTERM: open requests finish), the
     * new one starts (newest build: `beforeStart`), becomes ready and is put back. `only`: these
     * processes, not all.
     *
     * @param {{ beforeStart?: (server: ReturnType<typeof serverProcess>) => unknown, drainMs?: number,
     *   only?: ReturnType<typeof serverProcess>[] }} [options]
     */
    async rollingRestart({ beforeStart, drainMs = 1_000, only = servers } = {}) {
      for (const server of only) {
        await nginx.reload(render(new Set([server])));
        await sleep(drainMs);
        const code = await server.stop();
        if (code !== 0) throw new Error(`server ${server.url} stopped with ${code}:\n${server.output()}`);
        await beforeStart?.(server);
        await server.start();
        await nginx.reload(render());
      }
    },
    async stop() {
      await nginx.stop();
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}
