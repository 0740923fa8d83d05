import fs from "node:fs/promises";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { inject } from "vitest";
import { loadConfig, type Config } from "../config.js";
import { migrateDatabase, openPglite, openPostgres, type Database } from "../db/client.js";
import { createScratchDatabase } from "../db/scratch.js";
import { startJobQueue } from "../jobs/queue.js";
import { registerJobHandlers } from "../jobs/handlers.js";
import { buildApp } from "../app.js";
import { seedDemoWorld, type DemoIds } from "../demo/seed.js";
import { DEMO_PASSWORD } from "../demo/world.js";
import type { AppContext } from "../context.js";
import type { DemoTemplate } from "./demo-template.js";

/** Which database the API tests run on: PGlite by default, PostgreSQL when TEST_DB=postgres. */
export const testDatabaseKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** One sign-in of each client role, the candidate and another account: the cast of access tests. */
export const ROLE_EMAILS = [
  "admin@northwind.example",
  "user@northwind.example",
  "office.admin@northwind.example",
  "office.user@northwind.example",
  "candidate@northwind.example",
  "admin@contoso.example",
] as const;

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  ids: DemoIds;
  /** The PostgreSQL database of this file (null on PGlite): a second server process can open it. */
  databaseUrl: string | null;
  /** Signs in through POST /login and returns the session cookie header value. */
  signIn(email: string, password?: string): Promise<string>;
  /** A JSON request as a same-origin browser would send it. */
  request(opts: { method: "GET" | "POST" | "PUT" | "DELETE"; url: string; cookie?: string; body?: unknown }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The seeded demo world of this run (test/global-setup.ts), or null when a file runs without it. */
function demoTemplate(): DemoTemplate | null {
  const template = inject("demoTemplate");
  return template && template.kind === testDatabaseKind ? template : null;
}

/** The dump, read once per worker (workers are reused between files: isolate false). */
let dumpRead: { file: string; blob: Promise<Blob> } | undefined;
function readDump(file: string): Promise<Blob> {
  if (dumpRead?.file !== file) dumpRead = { file, blob: fs.readFile(file).then((bytes) => new Blob([bytes])) };
  return dumpRead.blob;
}

/**
 * A database of this file's own: with the run's template, a copy of the migrated, seeded demo
 * world; without one, empty.
 */
async function openTestDatabase(template: DemoTemplate | null): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  if (testDatabaseKind === "pglite") {
    const loadDataDir = template?.kind === "pglite" ? await readDump(template.dumpFile) : undefined;
    const database = await openPglite("memory://", { loadDataDir });
    return { database, url: null, drop: async () => undefined };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  // Each test file gets its own database, so files can run in parallel.
  const scratch = await createScratchDatabase(serverUrl, "parlance_test", { template: template?.kind === "postgres" ? template.templateName : undefined });
  return { database: await openPostgres(scratch.url), url: scratch.url, drop: scratch.drop };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  jobs?: boolean;
  /** Sees every route as it is registered (to check they are all declared). */
  onRoute?: (route: { method: string; url: string }) => void;
  /** The server's log (as main.ts logs) into a stream, at a level of the test's choosing. */
  logger?: { stream: NodeJS.WritableStream; level?: string };
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const template = demoTemplate();
  const { database, url: databaseUrl, drop } = await openTestDatabase(template);
  // The template is migrated and seeded already; without one (a file run on its own outside the
  // api project), do it here as the template does.
  if (!template) await migrateDatabase(database);
  const config = loadConfig({ NODE_ENV: "test", PUBLIC_URL: "http://localhost:3000" } as NodeJS.ProcessEnv, opts.config);
  // No test may depend on how busy the machine is: the event-loop bound of the autosave admission
  // is off unless a test sets it (save-shedding.api.test.ts).
  if (!opts.config?.saveShedding) config.saveShedding = { ...config.saveShedding, loopDelayMs: 3_600_000 };
  const jobs = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
  const ctx: AppContext = { config, database, db: database.db, jobs };
  if (opts.jobs !== false) await registerJobHandlers(ctx);
  // A copy: a file may change its ids without touching the next file's.
  const ids = template ? structuredClone(template.ids) : await seedDemoWorld(ctx);
  const app = await buildApp(ctx, { onRoute: opts.onRoute, logger: opts.logger });
  await app.ready();

  const request: TestApp["request"] = ({ method, url, cookie, body }) =>
    app.inject({
      method,
      url,
      headers: {
        origin: "http://localhost:3000",
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    app,
    ctx,
    ids,
    databaseUrl,
    request,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await request({ method: "POST", url: "/login", body: { email_address: email, password } });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      const setCookie = res.cookies.find((c) => c.name === "parlance_session");
      if (!setCookie) throw new Error("no session cookie");
      return `parlance_session=${setCookie.value}`;
    },
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      await drop();
    },
  };
}

/**
 * A second server process's worth on the same PostgreSQL (another app with a pool of its own), for
 * race tests whose requests must not share one pool; null on PGlite (one connection: nothing to race).
 */
export async function secondProcess(t: TestApp): Promise<{ app: FastifyInstance; close: () => Promise<void> } | null> {
  if (!t.databaseUrl) return null;
  const database = await openPostgres(t.databaseUrl);
  const app = await buildApp({ ...t.ctx, database, db: database.db });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
