import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./client.js";
import { rowsOf } from "./rows.js";

/**
 * PostgreSQL's estimate of how many rows a query returns: its plan (EXPLAIN), no rows read. The
 * searches that never count a million matches one by one (test history, candidates) show it
 * instead of an exact count above their limits.
 */
export async function estimatedRows(db: Db, query: SQL): Promise<number> {
  const [row] = await rowsOf<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = Object.values(row)[0];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: { "Plan Rows": number } }[];
  return Number(plan[0].Plan["Plan Rows"]);
}

/** An estimate as it is shown: rounded to two significant digits (21,437 → 21,000). */
export function twoDigits(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, n))) - 1);
  return Math.round(n / unit) * unit;
}
