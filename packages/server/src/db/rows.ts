import type { SQL } from "drizzle-orm";
import type { Db } from "./client.js";

/** Rows of a raw query, on PGlite and on node-postgres alike. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
