import type { AppContext } from "../../context.js";

/** The status lists a process signed, by list number (status-list.ts), per database handle. */
const lists = new WeakMap<object, Map<number, { jwt: string; at: number }>>();

export function statusCache(ctx: Pick<AppContext, "database">): Map<number, { jwt: string; at: number }> {
  let m = lists.get(ctx.database);
  if (!m) lists.set(ctx.database, (m = new Map()));
  return m;
}

/** A revocation in this process: the next request signs the list again. */
export function forgetStatusLists(ctx: Pick<AppContext, "database">): void {
  statusCache(ctx).clear();
}
