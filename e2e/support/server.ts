import { spawn, type ChildProcess } from "node:child_process";
import { selfSignedP12 } from "../../packages/server/src/pdf/sign";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverMain } from "../../scripts/server-build.mjs";
import { freePort } from "../../scripts/free-port.mjs";

const root = path.resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A new data folder holding a copy of `from` (a stopped server's folder): a server started on it
 * finds the demo world made already, as after a restart, instead of making it again.
 */
export function copyDataDir(from: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-"));
  fs.cpSync(from, dataDir, { recursive: true });
  return dataDir;
}

/**
 * The secrets production refuses to start without (README: the signing and sealing keys), for a
 * bench or test that runs the server in production mode on this machine: fixed test values, never
 * an operator's.
 */
export function productionSecrets(): Record<string, string> {
  return {
    CREDENTIAL_KEY_SECRET: "test-only-credential-key-secret-0123456789abcdef",
    PDF_SIGNING_P12: selfSignedP12("Parlance test PDF signing").toString("base64"),
    RESULT_LOG_KEY: Buffer.alloc(32, 0x5a).toString("base64"),
    DELIVERY_KEY_SECRET: Buffer.alloc(32, 0xa5).toString("base64"),
  };
}

/**
 * Starts the real server as `npm start` does (the built packages/server/dist/main.js) (embedded PostgreSQL, demo world) on a random port
 * with its own data folder, and waits until it answers.
 */
export async function startServer(opts: { dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  // The built bundle, as `npm start` runs it (the browser tests' global setup builds it): it starts
  // in a fraction of the time tsx takes to compile the sources on every start.
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), "--enable-source-maps", serverMain], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: url, DATABASE_URL: "", LOG_LEVEL: "warn", ...(opts.env?.NODE_ENV === "production" ? productionSecrets() : {}), ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/startup`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start:\n${output}`);
  return {
    url,
    dataDir,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
      }),
  };
}
