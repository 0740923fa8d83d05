/**
 * The result log at 100,000 entries: how long appending takes, one inclusion proof, one
 * consistency proof and a whole `verify-log`, on a scratch PostgreSQL database (DATABASE_URL, the
 * server's URL) or an in-memory PGlite.
 *
 *   npm run bench:result-log
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:result-log
 *
 * Option: BENCH_ENTRIES (default 100000).
 */
import { loadConfig } from "../packages/server/src/config.js";
import { migrateDatabase, openPglite, openPostgres } from "../packages/server/src/db/client.js";
import { createScratchDatabase } from "../packages/server/src/db/scratch.js";
import { appendToResultLog, logKeys } from "../packages/server/src/result-log/index.js";
import { consistency, inclusion } from "../packages/server/src/result-log/service.js";
import { verifyResultLog } from "../packages/server/src/result-log/verify-log.js";
import { checkInclusion, type ResultLogEntry } from "../packages/contract/src/index.js";

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const BATCH = 1_000;

async function main() {
  const serverUrl = process.env.DATABASE_URL || undefined;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, "parlance_bench") : undefined;
  const database = scratch ? await openPostgres(scratch.url, { statementTimeoutMs: 600_000 }) : await openPglite("memory://");
  try {
    await migrateDatabase(database);
    const config = loadConfig({ NODE_ENV: "test" } as NodeJS.ProcessEnv);
    const key = (i: number) => `BENCH${String(i).padStart(15, "0")}`;
    const entry = (i: number): ResultLogEntry => ({ v: 1, type: "result.issued", at: new Date(1_767_225_600_000 + i).toISOString(), key: key(i), result: { attempt: i + 1, test: 1, language: "en", state: "scored", level: String(1 + (i % 11)) } });

    let t = performance.now();
    for (let start = 0; start < ENTRIES; start += BATCH) {
      await database.db.transaction((tx) => appendToResultLog(tx, config.resultLog, Array.from({ length: Math.min(BATCH, ENTRIES - start) }, (_, j) => entry(start + j))));
    }
    console.log(`Result log on ${scratch ? "PostgreSQL" : "PGlite"}: ${ENTRIES} entries appended in batches of ${BATCH}: ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // One append of one entry at that size (what a release adds to its transaction).
    t = performance.now();
    await database.db.transaction((tx) => appendToResultLog(tx, config.resultLog, [entry(ENTRIES)]));
    console.log(`  one more entry (lock, frontier, nodes, signed checkpoint): ${(performance.now() - t).toFixed(1)} ms`);

    const ctx = { db: database.db };
    const target = key(Math.floor(ENTRIES * 0.37));
    t = performance.now();
    const proof = await inclusion(ctx, target, {});
    const proofMs = performance.now() - t;
    t = performance.now();
    const ok = await checkInclusion(proof, logKeys(config.resultLog).trusted);
    console.log(`  inclusion proof of entry ${proof.entries[0].index} at size ${proof.checkpoint.treeSize}: ${proofMs.toFixed(1)} ms on the server (${proof.entries[0].proof.length} hashes), checked in ${(performance.now() - t).toFixed(1)} ms: ${ok.ok ? "verifies" : "FAILS"}`);
    t = performance.now();
    const c = await consistency(ctx, { from: 37_000 > ENTRIES ? BATCH : 37_000, to: ENTRIES + 1 });
    console.log(`  consistency proof ${c.from.treeSize} → ${c.to.treeSize}: ${(performance.now() - t).toFixed(1)} ms (${c.proof.length} hashes)`);
    t = performance.now();
    const report = await verifyResultLog(database.db, logKeys(config.resultLog).trusted);
    console.log(`  verify-log (every entry, node and checkpoint): ${((performance.now() - t) / 1000).toFixed(1)} s, ${report.problems.length} problems`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

void main();
