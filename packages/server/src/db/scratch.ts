import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database on a PostgreSQL server, for a test file or a benchmark run, so that they
 * never touch real data and can run side by side. `drop` removes it again. With `template`, the new
 * database is a copy of that one (which nobody may be connected to): the API tests migrate and seed
 * one template per run and give each test file a copy.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, opts: { template?: string } = {}): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(opts.template ? `CREATE DATABASE ${name} TEMPLATE ${pg.escapeIdentifier(opts.template)}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
