import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { migrateDatabase, openPglite, openPostgres, type Database } from "../db/client.js";
import { createScratchDatabase } from "../db/scratch.js";
import { startJobQueue } from "../jobs/queue.js";
import { seedDemoWorld, type DemoIds } from "../demo/seed.js";

/**
 * The migrated, seeded demo world that every API test file starts from, made once per test run
 * (test/global-setup.ts) instead of once per file: on PGlite a data dump each file loads into its
 * own in-memory instance, on PostgreSQL a template database each file gets a copy of. Either way a
 * file still has a database of its own to change.
 */
export type DemoTemplate =
  | { kind: "pglite"; ids: DemoIds; dumpFile: string }
  | { kind: "postgres"; ids: DemoIds; templateName: string };

/** Migrates, creates pg-boss's schema (no queues: a file registers its own handlers) and seeds. */
async function migrateAndSeed(database: Database): Promise<DemoIds> {
  await migrateDatabase(database);
  const jobs = await startJobQueue(database);
  await jobs.stop();
  return seedDemoWorld({ db: database.db });
}

export async function createDemoTemplate(kind: "pglite" | "postgres", serverUrl?: string): Promise<{ template: DemoTemplate; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openPglite("memory://");
    const ids = await migrateAndSeed(database);
    // A dump loads into memory:// far faster than initdb makes an empty database.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await database.close();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parlance-api-template-"));
    const dumpFile = path.join(dir, "demo-world.tar");
    await fs.writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
    return { template: { kind, ids, dumpFile }, drop: () => fs.rm(dir, { recursive: true, force: true }) };
  }
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const scratch = await createScratchDatabase(serverUrl, "parlance_template");
  const database = await openPostgres(scratch.url);
  let ids: DemoIds;
  try {
    ids = await migrateAndSeed(database);
  } finally {
    await database.close();
  }
  // Copies are made while the tests run: nobody may connect to the template meanwhile.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(scratch.name)} WITH ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
  return { template: { kind, ids, templateName: scratch.name }, drop: scratch.drop };
}
