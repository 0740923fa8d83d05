import { sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, pageCountOf, type SearchQuery } from "@parlance/contract";
import type { ClientScope } from "../auth/scope.js";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import { estimatedRows, twoDigits } from "../db/estimate.js";
import { MATCH_FROM, matchSql, walkOf, type Lookups } from "./search.js";
import { branchesOf, gatheredPageSql, orderedIdsSql, type Plan } from "./order.js";

/**
 * How many tests a history search finds (itemCount, pageCount) and one page of them.
 *
 * PostgreSQL's estimate of the search (its plan, no rows read) decides the way:
 * - up to 1,000 tests (SEARCH_TUNING), the matches are gathered once (at most 5,001), counted
 *   exactly and the page sorted from them, in one statement;
 * - above, or when the gathering finds more than 5,000, the page is walked in the order's index
 *   (order.ts) and the count is the estimate, rounded to two significant digits: a million
 *   candidates' tests are never counted one by one, but never fewer than the rows seen. Its
 *   pages stop at 500 (10,000 tests). A walked page reads one row more: none there, and the
 *   count is exact again. A walk that runs past a second finds far fewer tests than estimated:
 *   it is stopped, and the search gathered after all.
 * docs/api.md (Test history) says the same for API users.
 */

/** The thresholds of a search (tests set their own to take either way on a small database). */
export interface SearchTuning {
  /** Estimated to find at most this many tests: gathered and counted exactly. */
  gatherEstimate: number;
  /** A gathering stops past this many (the estimate was far too low): the page is walked. */
  exactCountLimit: number;
  /** The pages offered for an estimated count: past them a search is narrowed or downloaded. */
  estimatedPages: number;
  /**
   * Estimated to find at most this many tests, a walk reads the candidates of an indexed term
   * (a prefix, created, updated, office, role, adjustments) once and checks each test against
   * them; more, and a page's walk reads each test's candidate instead (they match so often that
   * a few reads beat reading them all). Measured at two million tests (bench:history): the two
   * cost the same near 25,000 tests, a set of 25,000 candidates twice the ~1,000 tests a page of
   * a 50,000-test search walks; the walk's cost grows with the account's tests over the estimate,
   * the set's with the estimate. A download's windows read them once in any case.
   */
  candidateSetEstimate: number;
  /** Estimated to find at most this many tests, a walk first counts the candidates of its indexed term (smallCandidateSet), whichever way it reads them. */
  smallSetCheckEstimate: number;
  /**
   * How long a walk may take (PostgreSQL): longer, and its matches are far fewer than estimated
   * (keywords that seldom go together), so it is stopped and the search gathered instead.
   */
  walkBudgetMs: number;
  /**
   * A walk whose candidates come from an index counts them first (a few index entries): this many
   * or fewer, and their tests are gathered instead (PostgreSQL cannot see that, say, a day's
   * updated candidates are nearly all in other offices).
   */
  smallCandidateSet: number;
}

export const SEARCH_TUNING: SearchTuning = { gatherEstimate: 1000, exactCountLimit: 5000, estimatedPages: 500, candidateSetEstimate: 30_000, smallSetCheckEstimate: 50_000, walkBudgetMs: 1000, smallCandidateSet: 1500 };

const isStatementTimeout = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "57014" || e.cause?.code === "57014";
};

/**
 * Rows of a walk, or null when it ran past `budgetMs` (a transaction of its own, whose
 * statement_timeout ends it; PGlite accepts the setting and cannot cancel, so there it always ends).
 */
export async function walkedRows<T>(db: Db, query: SQL, budgetMs: number): Promise<T[] | null> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.trunc(budgetMs))}`));
      return rowsOf<T>(tx, query);
    });
  } catch (err) {
    if (isStatementTimeout(err)) return null;
    throw err;
  }
}

/** PostgreSQL's estimate of how many tests the query finds. */
export function estimatedCount(db: Db, scope: ClientScope, query: SearchQuery, lookups: Lookups): Promise<number> {
  return estimatedRows(db, sql`select 1 from ${MATCH_FROM} where ${matchSql(scope, query, lookups, "estimate")}`);
}

/**
 * How a search reads its rows: by PostgreSQL's estimate, and for a walk against candidates read
 * from an index, by how many they are (`candidateSet` of a download: read once in any case).
 */
export async function planOf(db: Db, scope: ClientScope, query: SearchQuery, lookups: Lookups, estimate: number, tuning = SEARCH_TUNING, candidateSet = estimate <= tuning.candidateSetEstimate): Promise<Plan> {
  if (estimate <= tuning.gatherEstimate) return { strategy: "gather", candidateSet };
  const set = candidateSet || estimate <= tuning.smallSetCheckEstimate ? walkOf(scope, query, lookups, true).candidateSet : undefined;
  if (set) {
    const [{ n }] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from (${set}) s limit ${tuning.smallCandidateSet + 1}) x`);
    if (Number(n) <= tuning.smallCandidateSet) return { strategy: "gather", candidateSet };
  }
  return { strategy: "walk", candidateSet };
}

export interface SearchPage {
  ids: number[];
  itemCount: number;
  pageCount: number;
}

export async function searchPage(db: Db, scope: ClientScope, query: SearchQuery, lookups: Lookups, page: number, tuning = SEARCH_TUNING): Promise<SearchPage> {
  const offset = (page - 1) * PAGE_SIZE;
  const estimate = await estimatedCount(db, scope, query, lookups);
  let atLeast = 0;
  const plan = await planOf(db, scope, query, lookups, estimate, tuning);
  const gathered = async () => {
    const rows = await rowsOf<{ n: number; id: number | null }>(db, gatheredPageSql(scope, query, lookups, offset, PAGE_SIZE, tuning.exactCountLimit));
    const n = Number(rows[0]?.n ?? 0);
    atLeast = n;
    return n <= tuning.exactCountLimit ? { ids: rows.filter((r) => r.id !== null).map((r) => Number(r.id)), itemCount: n, pageCount: pageCountOf(n) } : null;
  };
  if (plan.strategy === "gather") {
    const found = await gathered();
    if (found) return found;
  }
  const branches = await branchesOf(db, scope, query, lookups);
  // One row more than the page tells whether any follow.
  const walk = orderedIdsSql(scope, query, lookups, { ...plan, strategy: "walk" }, branches, { limit: PAGE_SIZE + 1, offset });
  let rows = atLeast ? null : await walkedRows<{ id: number }>(db, walk, tuning.walkBudgetMs);
  if (!rows) {
    const found = atLeast ? null : await gathered();
    if (found) return found;
    rows = await rowsOf<{ id: number }>(db, walk);
  }
  const ids = rows.slice(0, PAGE_SIZE).map((r) => Number(r.id));
  if (rows.length <= PAGE_SIZE && (ids.length > 0 || offset === 0)) {
    const exact = offset + ids.length;
    return { ids, itemCount: exact, pageCount: pageCountOf(exact) };
  }
  const itemCount = Math.max(atLeast, offset + rows.length, twoDigits(estimate));
  return { ids, itemCount, pageCount: Math.min(pageCountOf(itemCount), tuning.estimatedPages) };
}
