import { pathToFileURL } from "node:url";
import { loadConfig } from "../config.js";
import { embeddedInUse, openDatabase } from "../db/client.js";
import { logKeys } from "./keys.js";
import { verifyResultLog } from "./verify-log.js";

/**
 * `npm run verify-log`: recomputes the result log's tree from its rows and checks every stored
 * checkpoint (signature and root) against it. Exit 0: the log is intact; 1: it is not, and the
 * first line names the first bad index; 2: the check could not run. Reads only.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && embeddedInUse(config.dataDir)) {
    console.error(`The embedded database in ${config.dataDir} is open in another process (is the server running?). Stop the server and run the command again.`);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    const keys = logKeys(config.resultLog);
    const report = await verifyResultLog(database.db, keys.trusted);
    if (!report.problems.length) {
      console.log(`Result log intact: ${report.entries} entries, ${report.checkpoints} signed checkpoints, every root and signature checked (origin ${keys.origin}).`);
      return 0;
    }
    const first = report.problems.find((p) => p.index !== null)?.index ?? null;
    console.error(`Result log DAMAGED${first === null ? "" : `: first bad index ${first}`} (${report.entries} entries, ${report.checkpoints} checkpoints).`);
    for (const p of report.problems.slice(0, 20)) console.error(`  ${p.message}`);
    if (report.problems.length > 20) console.error(`  … and ${report.problems.length - 20} more`);
    return 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`verify-log could not run: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(2);
    },
  );
}
