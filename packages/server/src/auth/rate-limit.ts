import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimitHits } from "../db/schema.js";

/** One limit: at most `limit` hits per fixed window of `windowMs` in `bucket`. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

const windowStartOf = (windowMs: number, now = Date.now()) => new Date(Math.floor(now / windowMs) * windowMs);

/**
 * Counters live in PostgreSQL (fixed windows, one upserted row per bucket and window), so every
 * server process on the database shares them.
 */
export async function countHits(db: Db, rule: Pick<RateRule, "bucket" | "windowMs">): Promise<number> {
  const rows = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.windowStart, windowStartOf(rule.windowMs))))
    .limit(1);
  return rows[0]?.count ?? 0;
}

/** Adds one hit to the bucket's current window and returns the new count (atomic upsert). */
export async function addHit(db: Db, rule: Pick<RateRule, "bucket" | "windowMs">): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket: rule.bucket, windowStart: windowStartOf(rule.windowMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.bucket, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return row.count;
}

/** Counts a hit in every rule's bucket; false when any of them is now over its limit. */
export async function consume(db: Db, rules: readonly RateRule[]): Promise<boolean> {
  let allowed = true;
  for (const rule of rules) if ((await addHit(db, rule)) > rule.limit) allowed = false;
  return allowed;
}

/** Takes back one hit from each rule's current window (an attempt that turned out to succeed). */
export async function refund(db: Db, rules: readonly RateRule[]): Promise<void> {
  for (const rule of rules) {
    await db
      .update(rateLimitHits)
      .set({ count: sql`greatest(${rateLimitHits.count} - 1, 0)` })
      .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.windowStart, windowStartOf(rule.windowMs))));
  }
}

/**
 * A limited try (a password, an access code, an exam password, a verification key): the try is
 * counted atomically before it is checked, so any number of simultaneous tries, on any number of
 * server processes, get at most `limit` checks; over the limit `onLimited` is thrown and `check`
 * never runs. A try that succeeds is taken back, so the limits count failures only.
 */
export async function limitedTry<T>(
  db: Db,
  rules: readonly RateRule[],
  onLimited: () => Error,
  check: () => Promise<{ ok: true; value: T } | { ok: false; error: Error }>,
): Promise<T> {
  if (!(await consume(db, rules))) throw onLimited();
  const outcome = await check();
  if (!outcome.ok) throw outcome.error;
  await refund(db, rules);
  return outcome.value;
}

/** Forgets a bucket (e.g. an account's failed sign-ins after it signs in). */
export async function clearBucket(db: Db, bucket: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
}

/** Drops counters of windows that ended long ago (periodic job). */
export async function purgeOldHits(db: Db, olderThanMs = 24 * 3600_000): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(Date.now() - olderThanMs)));
}
