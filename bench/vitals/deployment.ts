/**
 * The production picture for bench:vitals (issue 26 §3): the tested deployment (deploy/cluster.mjs:
 * two built server processes on a scratch PostgreSQL database, the demo world seeded) behind nginx
 * with TLS and HTTP/2, on a self-signed certificate made for the run. Only the bench's Chromium
 * ignores the certificate's errors.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createScratchDatabase } from "../../packages/server/src/db/scratch.js";
import { startCluster } from "../../deploy/cluster.mjs";
import { freePort } from "../../scripts/free-port.mjs";

export interface Site {
  url: string;
  /** What the phone talks to, for the report. */
  label: string;
  stop(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1 (RSA 2048: what most certificates are), in `dir`. */
function selfSigned(dir: string): { certificate: string; key: string } {
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", certificate],
    { stdio: "ignore" },
  );
  return { certificate, key };
}

/** nginx (HTTPS, HTTP/2) in front of two processes on PostgreSQL at `serverUrl` (a scratch database of its own). */
export async function startTlsDeployment(serverUrl: string): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-vitals-"));
  const scratch = await createScratchDatabase(serverUrl, "parlance_vitals");
  try {
    const cluster = await startCluster({
      databaseUrl: scratch.url,
      listenPort: await freePort(),
      count: 2,
      prefix: path.join(dir, "nginx"),
      tls: selfSigned(dir),
      // One Node process each, as the exam-day wave runs them (bench/wave/setup.ts).
      env: { SEED_DEMO: "always", LOG_LEVEL: "warn", WEB_CONCURRENCY: "1" },
    });
    return {
      url: cluster.url,
      label: "nginx, HTTPS + HTTP/2 (deploy/, 2 processes, PostgreSQL)",
      async stop() {
        await cluster.stop();
        await scratch.drop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await scratch.drop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
