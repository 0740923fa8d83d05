import { sql, type SQL } from "drizzle-orm";
import type { SearchQuery } from "@parlance/contract";
import type { ClientScope } from "../auth/scope.js";
import type { Db } from "../db/client.js";
import { rowsWithoutParallelWorkers } from "../db/rows.js";
import { searchBranches, whereOf } from "./search.js";

/**
 * How many candidates a search finds (issue 26). Counting every match of a common prefix at a
 * million candidates ("mar": 30,000) costs more than finding its page, so a search counts at most
 * `exactLimit + 1` matches: up to the limit the count is exact; above it the result says only that
 * more than the limit match (itemCountBounded, itemCount the limit) and offers the pages known to
 * exist: those of the limit, and one past the page shown while more follow (the page is read one
 * row longer than it shows). On the last page the count is exact again. docs/api.md (Candidates)
 * says the same for API users.
 */
export interface CandidateCountTuning {
  /** Counted exactly up to this many matches; "more than" it above. */
  exactLimit: number;
}

export const CANDIDATE_COUNT_TUNING: CandidateCountTuning = { exactLimit: 1000 };

type CandidateScope = Pick<ClientScope, "accountId" | "officeId">;

/**
 * At most `limit + 1` matches counted: each branch stops at `limit + 1` ids (one that reaches it
 * alone makes the union larger than the limit), the union's distinct ids counted.
 */
export function boundedCountSql(scope: CandidateScope, query: SearchQuery, limit: number): SQL {
  const branches = searchBranches(scope, query);
  const first = (b: (typeof branches)[number]) => sql`(SELECT c.id FROM candidates c WHERE ${whereOf(b)} LIMIT ${limit + 1})`;
  if (branches.length === 1) return sql`SELECT count(*)::int AS n FROM ${first(branches[0])} u`;
  return sql`SELECT count(DISTINCT u.id)::int AS n FROM (${sql.join(branches.map(first), sql` UNION ALL `)}) u`;
}

/** The exact count, or null when more than `limit` match. */
export async function countUpTo(db: Db, scope: CandidateScope, query: SearchQuery, limit: number): Promise<number | null> {
  const [{ n }] = await rowsWithoutParallelWorkers<{ n: number }>(db, boundedCountSql(scope, query, limit));
  return Number(n) <= limit ? Number(n) : null;
}

export interface CandidateCount {
  itemCount: number;
  pageCount: number;
  itemCountBounded: boolean;
}

/**
 * The count a page shows, from the bounded count (null: more than the limit) and how many rows
 * the page read after `offset` (one more than it shows when any follow).
 */
export function countOfPage(page: { offset: number; size: number; rows: number; bounded: number | null; limit: number }): CandidateCount {
  const pages = (n: number) => Math.max(1, Math.ceil(n / page.size));
  if (page.bounded !== null) return { itemCount: page.bounded, pageCount: pages(page.bounded), itemCountBounded: false };
  const known = page.offset + page.rows;
  // The last page: every match before it and on it is known.
  if (page.rows > 0 && page.rows <= page.size) return { itemCount: known, pageCount: pages(known), itemCountBounded: false };
  return { itemCount: page.limit, pageCount: Math.max(pages(page.limit + 1), pages(known)), itemCountBounded: true };
}
