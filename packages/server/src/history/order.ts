import { sql, type SQL } from "drizzle-orm";
import type { SearchQuery, SortField } from "@parlance/contract";
import { assignedTests, candidates, healthcareRoles, offices, tests } from "../db/schema.js";
import { officesInScope, scopeSql, type ClientScope } from "../auth/scope.js";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import { EMAIL, FIRST, LAST, MATCH_FROM, matchSql, testDateSql, walkOf, type Lookups } from "./search.js";

/**
 * The order of the test history (spec: sort:field, sort:-field): the query's sort, then newest
 * assignment first, the id settling ties; and the SQL that reads a window of it, in one of two ways:
 *
 * - "gather", for a search that finds a few thousand tests at most: they are found through
 *   their own indexes, and sorted (the keys are spelt so that no sort index is walked instead);
 * - "walk", for more: the first rows are read from an index in the order itself, checking each
 *   test against the search as it comes. None: assigned_tests_history_order_idx (account,
 *   created_at, id) backwards; name and email: the candidates search indexes (lower(...) COLLATE
 *   "C"); id: candidates_history_employee_id_idx; date: assigned_tests_history_date_idx (ties of
 *   the key sorted as they come). Office, health care role, test and method (a few values
 *   each): one branch per value, each walked newest first (a test's tests through
 *   assigned_tests_history_test_idx), merged in the value's order.
 *
 * Text keys compare lower-cased; the small tables' values are ranked by the database, as the
 * search sorted before.
 */

export type Strategy = "walk" | "gather";

/** How a search reads its rows (page.ts decides from PostgreSQL's estimate). */
export interface Plan {
  strategy: Strategy;
  /** A walk checks tests against the candidates found through an index of candidates (walkOf). */
  candidateSet: boolean;
}

/** Where a window resumes (downloads): the last row's rank or keys, assignment time and id. */
export interface Cursor {
  rank: number | null;
  keys: (string | null)[];
  created: string;
  id: number;
}

export interface OrderedRow {
  id: number;
  /** assigned_tests.created_at as text, exact to the microsecond (a Date would drop them). */
  created: string;
  rank: number | null;
  k0?: string | null;
  k1?: string | null;
}

export interface Window {
  limit: number;
  offset?: number;
  after?: Cursor;
}

/** One value of a sort by a small table: its rank in the sort order and which tests have it. */
export interface Branch {
  rank: number;
  /** A condition on the test or on its candidate. */
  on: "test" | "candidate";
  condition: SQL;
  /** The tests of a test or method branch (walked together in one lateral join, planned once). */
  testIds?: number[];
}

/** Past this many values, a sort by office, role, test or method is gathered and sorted instead of walked. */
const MAX_BRANCHES = 60;

interface Key {
  /** As an index of it spells it. */
  expr: SQL;
  /** Spelt so that no index matches: a gathered search sorts its few rows. */
  plain: SQL;
  type: "text" | "timestamptz";
  /** Null values possible (sorted last). */
  nullable?: boolean;
}

const textKey = (expr: SQL, nullable = false): Key => ({ expr, plain: sql`(${expr} || '')`, type: "text", nullable });
const DATE_KEY: Key = { expr: testDateSql, plain: sql`(${testDateSql} + interval '0 seconds')`, type: "timestamptz" };

/** The keys of a sort over the joined tables, and the joins they need. */
function keysOf(field: SortField | undefined): { keys: Key[]; joins: SQL } {
  const none = sql``;
  switch (field) {
    case undefined:
      return { keys: [], joins: none };
    case "name":
      return { keys: [textKey(LAST), textKey(FIRST)], joins: none };
    case "email":
      return { keys: [textKey(EMAIL)], joins: none };
    case "id":
      return { keys: [textKey(sql`${candidates.employeeId}`)], joins: none };
    case "date":
      return { keys: [DATE_KEY], joins: none };
    case "office":
      return { keys: [textKey(sql`lower(${offices.name})`, true)], joins: sql` left join ${offices} on ${offices.id} = ${candidates.officeId}` };
    case "health_care_role":
      return { keys: [textKey(sql`lower(${healthcareRoles.name})`, true)], joins: sql` left join ${healthcareRoles} on ${healthcareRoles.id} = ${candidates.healthCareRoleId}` };
    case "test":
      return { keys: [textKey(sql`lower(${tests.description})`)], joins: sql` join ${tests} on ${tests.id} = ${assignedTests.testId}` };
    case "method":
      return { keys: [textKey(sql`${tests.method}`)], joins: sql` join ${tests} on ${tests.id} = ${assignedTests.testId}` };
  }
}

const BRANCHED = new Set<SortField>(["office", "health_care_role", "test", "method"]);

const idArray = (ids: number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(",")}}'::int[]`);

/**
 * The branches of a walked sort by a small table (office, health care role, test, method)
 * within the query's scope and lookups, ranked in the sort's direction with no value last; null
 * when the sort is another or has too many values.
 */
export async function branchesOf(db: Db, scope: ClientScope, query: SearchQuery, lookups: Lookups): Promise<Branch[] | null> {
  const sort = query.sort;
  if (!sort || !BRANCHED.has(sort.field)) return null;
  const dir = sql.raw(sort.descending ? "desc" : "asc");
  const only = (ids: number[] | undefined, column: SQL) => (ids ? sql` and ${column} = any(${idArray(ids)})` : sql``);
  let values: SQL;
  let column: SQL;
  let on: Branch["on"] = "candidate";
  let noValue: SQL | null = null;
  switch (sort.field) {
    case "office":
      column = sql`${candidates.officeId}`;
      values = sql`select ${offices.id} as id, dense_rank() over (order by lower(${offices.name}) ${dir})::int as rank from ${offices}
        where ${officesInScope(scope)}${only(lookups.officeIds, sql`${offices.id}`)}`;
      if (scope.officeId === null && !lookups.officeIds) noValue = sql`${candidates.officeId} is null`;
      break;
    case "health_care_role":
      column = sql`${candidates.healthCareRoleId}`;
      values = sql`select ${healthcareRoles.id} as id, dense_rank() over (order by lower(${healthcareRoles.name}) ${dir})::int as rank
        from ${healthcareRoles} where true${only(lookups.roleIds, sql`${healthcareRoles.id}`)}`;
      if (!lookups.roleIds) noValue = sql`${candidates.healthCareRoleId} is null`;
      break;
    default: {
      // The tests the account's history holds: a skip scan of assigned_tests_history_test_idx.
      column = sql`${assignedTests.testId}`;
      on = "test";
      const key = sort.field === "test" ? sql`lower(${tests.description})` : sql`${tests.method}`;
      const account = scopeSql.inAccount(scope, "assigned_tests");
      values = sql`with recursive held(id) as (
          select min(test_id) from assigned_tests where ${account} and deleted_at is null
          union all
          select (select min(test_id) from assigned_tests where ${account} and deleted_at is null and test_id > held.id)
            from held where held.id is not null)
        select ${tests.id} as id, dense_rank() over (order by ${key} ${dir})::int as rank from ${tests}
        where ${tests.id} in (select id from held where id is not null)${only(lookups.testIds, sql`${tests.id}`)}`;
    }
  }
  const rows = await rowsOf<{ id: number; rank: number }>(db, values);
  if (rows.length + 1 > MAX_BRANCHES) return null;
  const byRank = new Map<number, number[]>();
  for (const r of rows) byRank.set(Number(r.rank), [...(byRank.get(Number(r.rank)) ?? []), Number(r.id)]);
  const branches: Branch[] = [...byRank.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rank, ids]) => ({ rank, on, condition: sql`${column} = any(${idArray(ids)})`, testIds: on === "test" ? ids : undefined }));
  if (noValue) branches.push({ rank: branches.length + 1, on, condition: noValue });
  return branches;
}

const page = (w: Window) => sql` limit ${w.limit}${w.offset ? sql` offset ${w.offset}` : sql``}`;
const createdText = sql`${assignedTests.createdAt}::text`;
const cursorValue = (k: Key, v: string | null) => (k.type === "timestamptz" ? sql`${v}::timestamptz` : sql`${v}`);

/**
 * Past a cursor in the order (keys in `dir`, no value last, then created_at and id descending):
 * the cursor's keys with an older (created_at, id), or keys after the cursor's.
 */
function afterSql(keys: { k: Key; e: SQL }[], descending: boolean, created: SQL, c: Cursor): SQL {
  const older = sql`(${created}, ${assignedTests.id}) < (${c.created}::timestamptz, ${c.id}::int)`;
  let rest = older;
  // From the last key to the first: equal here and past the cursor further on, or past it here.
  for (let i = keys.length - 1; i >= 0; i--) {
    const { k, e } = keys[i];
    const v = c.keys[i] ?? null;
    if (v === null) {
      rest = sql`(${e} is null and ${rest})`;
      continue;
    }
    const value = cursorValue(k, v);
    const past = sql`${e} ${sql.raw(descending ? "<" : ">")} ${value}`;
    rest = sql`(${past}${k.nullable ? sql` or ${e} is null` : sql``} or (${e} = ${value} and ${rest}))`;
  }
  // The same bound once more as a range of the first key, so that a walk starts at the cursor.
  const first = keys[0];
  const v = c.keys[0] ?? null;
  if (first && v !== null && !first.k.nullable) rest = sql`${first.e} ${sql.raw(descending ? "<=" : ">=")} ${cursorValue(first.k, v)} and ${rest}`;
  return rest;
}

/**
 * The ids of one window of the query's order, with what a cursor needs: `limit` rows after
 * `offset`, or after the cursor `after`. `branches` from branchesOf (walked small-table sorts).
 */
export function orderedIdsSql(scope: ClientScope, query: SearchQuery, lookups: Lookups, plan: Plan, branches: Branch[] | null, w: Window): SQL {
  const field = query.sort?.field;
  const descending = query.sort?.descending ?? false;
  const dir = sql.raw(descending ? " desc" : " asc");
  const { keys, joins } = keysOf(field);
  const walked = plan.strategy === "walk";

  if (walked && (branches || field === undefined)) {
    // Newest first within each value (or over all, without a sort), each part walked on its own.
    const n = (w.offset ?? 0) + w.limit;
    const newest = sql`${assignedTests.createdAt} desc, ${assignedTests.id} desc`;
    const cursorRank = w.after ? (w.after.rank ?? 1) : 0;
    const walk = (part: SQL, condition: SQL) =>
      sql`select ${assignedTests.id} as id, ${createdText} as created, ${assignedTests.createdAt} as created_at
        from ${part}${condition} order by ${newest} limit ${n}`;
    const subqueries: SQL[] = [];
    const laterals: Branch[] = [];
    for (const b of branches ?? [null]) {
      const rank = b?.rank ?? 1;
      if (rank < cursorRank) continue;
      // Tests past the cursor's rank walk in one lateral join (one plan for every test).
      if (b?.testIds && rank > cursorRank) {
        laterals.push(b);
        continue;
      }
      const { from, where, parts } = walkOf(scope, query, lookups, plan.candidateSet, b ?? undefined);
      const after = w.after && rank === cursorRank ? sql` and ${afterSql([], false, sql`${assignedTests.createdAt}`, w.after)}` : sql``;
      for (const part of parts) subqueries.push(sql`(select id, created, created_at, ${rank}::int as rank from (${walk(sql`${from} where ${where} and ${part}`, after)}) x)`);
    }
    if (laterals.length) {
      const { from, where, parts } = walkOf(scope, query, lookups, plan.candidateSet);
      const values = sql.raw(laterals.flatMap((b) => b.testIds!.map((id) => `(${b.rank}, ${Math.trunc(id)})`)).join(", "));
      for (const part of parts) {
        subqueries.push(sql`(select x.id, x.created, x.created_at, v.rank from (values ${values}) v(rank, test_id)
          cross join lateral (${walk(sql`${from} where ${where} and ${part}`, sql` and ${assignedTests.testId} = v.test_id`)}) x)`);
      }
    }
    if (subqueries.length === 0) return sql`select null::int as id, null::text as created, null::int as rank where false`;
    return sql`select id, created, rank from (${sql.join(subqueries, sql` union all `)}) b order by rank, created_at desc, id desc${page(w)}`;
  }

  // A walk reads its sort's index: none and date from assigned_tests (the walk's form of the
  // search), name, email and id from candidates (joined). A gathered search, or a small-table
  // sort with too many values, sorts the joined keys.
  const fromCandidates = walked && (field === "name" || field === "email" || field === "id");
  const { from, where } = walked && !fromCandidates ? walkOf(scope, query, lookups, plan.candidateSet) : { from: sql`${MATCH_FROM}${joins}`, where: matchSql(scope, query, lookups) };
  const spelt = keys.map((k) => ({ k, e: walked ? k.expr : k.plain }));
  const created = walked ? sql`${assignedTests.createdAt}` : sql`(${assignedTests.createdAt} + interval '0 seconds')`;
  const after = w.after ? sql` and ${afterSql(spelt, descending, created, w.after)}` : sql``;
  const selected = spelt.map(({ e }, i) => sql`, ${e}::text as ${sql.raw(`k${i}`)}`);
  const order = [...spelt.map(({ k, e }) => sql`${e}${dir}${k.nullable ? sql` nulls last` : sql``}`), sql`${created} desc`, sql`${assignedTests.id} desc`];
  return sql`select ${assignedTests.id} as id, ${createdText} as created, null::int as rank${sql.join(selected, sql``)}
    from ${from} where ${where}${after}
    order by ${sql.join(order, sql`, `)}${page(w)}`;
}

/**
 * Count (up to `cap` + 1) and one window of ids in one statement: the matches are gathered once,
 * counted, and the window sorted from them. No rows in the window gives one row whose id is null.
 */
export function gatheredPageSql(scope: ClientScope, query: SearchQuery, lookups: Lookups, offset: number, limit: number, cap: number): SQL {
  const { keys, joins } = keysOf(query.sort?.field);
  const dir = sql.raw(query.sort?.descending ? " desc" : " asc");
  const names = keys.map((_, i) => sql.raw(`k${i}`));
  const order = sql.join([...keys.map((k, i) => sql`${names[i]}${dir}${k.nullable ? sql` nulls last` : sql``}`), sql`created_at desc, id desc`], sql`, `);
  const selected = keys.map((k, i) => sql`, ${k.expr} as ${names[i]}`);
  return sql`with m as materialized (
      select ${assignedTests.id} as id, ${assignedTests.createdAt} as created_at${sql.join(selected, sql``)}
        from ${MATCH_FROM}${joins} where ${matchSql(scope, query, lookups)} limit ${cap + 1})
    select (select count(*) from m)::int as n, p.id from (select 1) one
      left join (select id, row_number() over (order by ${order}) as ord from m order by ${order} limit ${limit} offset ${offset}) p on true
    order by p.ord`;
}
