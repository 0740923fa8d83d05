import { pathToFileURL } from "node:url";
import { loadConfig } from "../config.js";
import { embeddedInUse, migrateDatabase, openDatabase, type Db } from "../db/client.js";
import { importContent, reportLines } from "./import.js";
import { SHIPPED_CONTENT_DIR } from "./sources.js";

/**
 * `npm run content:import [paths…]`: imports content/*.json (or the directories and files given)
 * into the database the server uses: DATABASE_URL, or the embedded one in DATA_DIR (./data).
 * Exit code 0 when every file was imported or unchanged, 1 when any was refused.
 */

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd?: string;
}

/** The import itself, on an open database (the tests call this directly). */
export async function runImport(db: Db, args: string[], io: CliIo): Promise<number> {
  const report = await importContent(db, args.length > 0 ? args : [SHIPPED_CONTENT_DIR], { cwd: io.cwd });
  const { out, err } = reportLines(report);
  err.forEach(io.err);
  out.forEach(io.out);
  return report.ok ? 0 : 1;
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && embeddedInUse(config.dataDir)) {
    console.error(
      `The embedded database in ${config.dataDir} is open in another process (is the server running?). ` +
        "Stop the server and run the import again; the demo server also imports the shipped content when it starts.",
    );
    return 1;
  }
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    return await runImport(database.db, process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) });
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
