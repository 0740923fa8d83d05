import { pathToFileURL } from "node:url";
import { loadConfig } from "../config.js";
import { embeddedInUse, migrateDatabase, openDatabase } from "../db/client.js";
import { startJobQueue } from "../jobs/queue.js";
import type { AppContext } from "../context.js";
import { EXIT, planAdminCommand } from "./admin-commands.js";

/**
 * `npm run admin -- <command>` (cli/admin-commands.ts: the commands and exit codes). Opens the
 * database the server uses (DATABASE_URL, or the embedded one in DATA_DIR), applies the
 * migrations, starts the job queue (the mail outbox queues its delivery there), runs the command
 * and closes everything.
 */

async function main(): Promise<number> {
  const io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l) };
  const plan = planAdminCommand(process.argv.slice(2), io);
  if ("exit" in plan) return plan.exit;
  const config = loadConfig();
  if (!config.databaseUrl && embeddedInUse(config.dataDir)) {
    io.err(`The embedded database in ${config.dataDir} is open in another process (is the server running?). Stop the server and run the command again.`);
    return EXIT.refused;
  }
  if (config.production && !process.env.PUBLIC_URL) {
    io.err(`PUBLIC_URL is not set: links in mail would point at ${config.publicUrl}. Set PUBLIC_URL to the portal's address and run the command again.`);
    return EXIT.refused;
  }
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const jobs = await startJobQueue(database);
    try {
      const ctx: AppContext = { config, database, db: database.db, jobs };
      return await plan.run(ctx);
    } finally {
      await jobs.stop();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(EXIT.refused);
    },
  );
}
