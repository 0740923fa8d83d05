import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/** Rows of a raw query, on PGlite and on node-postgres alike. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Rows of a short query that must not start parallel workers. A worker is a new process that
 * first maps every shared page it reads: on a 2-core machine starting one cost 25–40 ms where the
 * query itself took 3–7 (a page of candidates at a million, issue 26). The setting is local to a
 * transaction of the query's own.
 */
export async function rowsWithoutParallelWorkers<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<T>(tx, query);
  });
}
