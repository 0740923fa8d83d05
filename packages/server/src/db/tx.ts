import type { Db } from "./client.js";

/** A database handle or an open transaction: what every service query runs on. */
export type Tx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];
