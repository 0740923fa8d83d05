import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { JobQueue } from "./jobs/queue.js";

/** What every area's routes and services are given: no globals, so tests build their own. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jobs: JobQueue;
}

/** What most services need of the context: the database (or an open transaction's handle). */
export type DbContext = Pick<AppContext, "db">;
