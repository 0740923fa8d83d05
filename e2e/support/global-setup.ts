import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { chromium, type BrowserServer } from "playwright-core";
import { CHROMIUM_ARGS } from "./chromium-args";
import { copyDataDir, startServer, type RunningServer } from "./server";
import { buildWebIfStale } from "../../scripts/web-build.mjs";
import { buildServerIfStale } from "../../scripts/server-build.mjs";

const servers: RunningServer[] = [];
const browsers: BrowserServer[] = [];
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
  // And a Chromium per worker, which the worker's files connect to (browser.ts launchBrowser).
  browsers.push(...(await Promise.all(Array.from({ length: workers }, () => chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS })))));
  project.provide("browserEndpoints", browsers.map((b) => b.wsEndpoint()));
  project.provide("seededDataDir", seededDataDir);
}

export async function teardown() {
  await Promise.all(browsers.map((b) => b.close()));
  await Promise.all(servers.map((s) => s.stop()));
  for (const dir of [seededDataDir, ...servers.map((s) => s.dataDir)]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID 1, 2, …): browser.ts baseURL() picks this file's. */
    baseURLs: string[];
    /** One Chromium per worker, as baseURLs: browser.ts launchBrowser() connects to this file's. */
    browserEndpoints: string[];
    /** A stopped server's folder with the demo world, for a file that starts a server of its own. */
    seededDataDir: string;
  }
}
