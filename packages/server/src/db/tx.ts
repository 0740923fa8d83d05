import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema.js";

/** A database handle (PGlite or PostgreSQL, client.ts opens it). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A database handle or an open transaction: what every service query runs on. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
