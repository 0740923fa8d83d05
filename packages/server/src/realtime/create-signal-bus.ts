import type { AppContext } from "../context.js";
import { InProcessSignalBus, type SignalBus } from "./signal-bus.js";
import { PostgresSignalBus } from "./postgres-signal-bus.js";

/**
 * The bus of this server: LISTEN/NOTIFY when it runs on a PostgreSQL server (DATABASE_URL: other
 * processes may share it), in memory on the embedded database (always one process).
 */
export function createSignalBus(ctx: Pick<AppContext, "config" | "database">): SignalBus {
  if (ctx.database.kind === "postgres" && ctx.config.databaseUrl) return new PostgresSignalBus(ctx.config.databaseUrl, ctx.database.sql);
  return new InProcessSignalBus();
}
