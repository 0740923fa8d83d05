import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { copyDataDir, startServer, type RunningServer } from "./server";
import { buildWebIfStale } from "../../scripts/web-build.mjs";
import { buildServerIfStale } from "../../scripts/server-build.mjs";

const servers: RunningServer[] = [];
let seededDataDir: string | undefined;

/**
 * Real servers for the browser tests: built web app, embedded database, demo world. The demo world
 * is made once, by a first start on an empty folder (as `npm start` does), then each worker gets a
 * server of its own on a copy of that folder, so files running side by side never share data.
 */
export async function setup(project: TestProject) {
  buildWebIfStale();
  await buildServerIfStale();
  seededDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parlance-e2e-seeded-"));
  const first = await startServer({ dataDir: seededDataDir });
  await first.stop();
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  servers.push(...(await Promise.all(Array.from({ length: workers }, () => startServer({ dataDir: copyDataDir(seededDataDir!) })))));
  project.provide("baseURLs", servers.map((s) => s.url));
  project.provide("seededDataDir", seededDataDir);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of [seededDataDir, ...servers.map((s) => s.dataDir)]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID 1, 2, …): browser.ts baseURL() picks this file's. */
    baseURLs: string[];
    /** A stopped server's folder with the demo world, for a file that starts a server of its own. */
    seededDataDir: string;
  }
}
