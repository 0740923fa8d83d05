import { loadConfig } from "./config.js";
import { openDatabase, prepareDatabase } from "./db/client.js";
import { startJobQueue } from "./jobs/queue.js";
import { registerJobHandlers } from "./jobs/handlers.js";
import { buildApp } from "./app.js";
import { seedDemoWorldIfEmpty, printDemoSignIns } from "./demo/seed.js";
import type { AppContext } from "./context.js";
import cluster from "node:cluster";
import { isFirstProcess, runPrimary } from "./cluster.js";

/** Reads config, opens and migrates the database, seeds the demo world, starts jobs, listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.webConcurrency > 1) {
    console.log(`Starting ${config.webConcurrency} server processes (WEB_CONCURRENCY) on port ${config.port}.`);
    return runPrimary(config.webConcurrency);
  }
  const database = await openDatabase(config);
  const seedWanted = config.seedDemo === "always" || (config.seedDemo === "auto" && !config.production);
  // Under the startup lock: a second process starting at once waits, then finds it all done.
  const seeded = await prepareDatabase(database, () => (seedWanted ? seedDemoWorldIfEmpty({ db: database.db }) : Promise.resolve(false)));
  // pg-boss creates its schema and a table per queue: processes starting at once take turns.
  const { jobs, ctx } = await database.withStartupLock(async () => {
    const jobs = await startJobQueue(database);
    const ctx: AppContext = { config, database, db: database.db, jobs };
    await registerJobHandlers(ctx);
    return { jobs, ctx };
  });

  const app = await buildApp(ctx, { serveWeb: true, logger: true });
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PostgreSQL in ${config.dataDir}`;
  if (isFirstProcess()) {
    console.log(`\nParlance is running at ${config.publicUrl} on ${where}.`);
    if (seedWanted) printDemoSignIns(seeded);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: finishing requests and jobs…`);
    // Stop taking requests first, then let running jobs finish, then close the database.
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
