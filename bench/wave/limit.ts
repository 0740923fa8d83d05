/**
 * The database's limit for the hottest request in the same run: bench/autosave's pgbench on the
 * server's own save statement, on this run's database (its own 2,000 candidates with started
 * attempts), with PostgreSQL's CPU per statement, for the capacity model (docs/scaling.md).
 */
import pg from "pg";
import { createCandidates } from "../autosave/setup.js";
import { pgbenchScript, runPgbench } from "../autosave/pgbench.js";
import { postgresCpuDuring } from "./cpu.js";

const SESSION_IDLE_MS = 30 * 60_000;

export async function databaseLimit(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const c = await createCandidates(client, 2_000).finally(() => client.end());
  const { result, postgresSeconds, machineSeconds, seconds } = await postgresCpuDuring(runPgbench(databaseUrl, pgbenchScript(c, SESSION_IDLE_MS), 10, [8]));
  const [best] = result;
  // pgbench and its backends share the machine: PostgreSQL's CPU over the statements it ran.
  const pgMsPerSave = (postgresSeconds * 1000) / (best.perSecond * 10);
  return (
    `pgbench, the server's save statement, 8 clients, 10 s: ${best.perSecond.toFixed(0)} saves/s (avg ${best.latencyMs.toFixed(1)} ms); ` +
    `PostgreSQL used ${((postgresSeconds / seconds) * 100).toFixed(0)}% of one core meanwhile (the machine ${((machineSeconds / seconds) * 100).toFixed(0)}%): ${pgMsPerSave.toFixed(2)} CPU-ms per save statement`
  );
}
