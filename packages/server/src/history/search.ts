import { and, eq, not, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SearchFilter, SearchQuery } from "@parlance/contract";
import { assignedTests, candidates, healthcareRoles, languages, offices, tests } from "../db/schema.js";
import { escapeLike, fullNameCoversFirst } from "../db/like.js";
import { candidatesInScope, inAccount, officesInScope, type ClientScope } from "../auth/scope.js";
import type { Db } from "../db/client.js";
import { rowsOf } from "../db/rows.js";
import { liveAssignedTests } from "./records.js";

/**
 * The search language (contract search/query.ts) over tests: every term holds (AND). Free terms
 * and name, id and email match candidates by prefix; notes and test by containing the value;
 * dates are days in Eastern time.
 *
 * A search is a condition on `assigned_tests` and `candidates` alone, so that PostgreSQL
 * estimates it from each column's statistics and answers it from their indexes:
 * - the keywords of the small tables (test, method, type, language, office, health_care_role)
 *   are looked up first and become lists of ids (`lookupsOf`);
 * - the test date and "has an attempt" are stored on the assigned test (test_date, has_attempt,
 *   kept by triggers of migration 0010), not read through candidate_tests;
 * - candidate prefixes spell the candidates search's indexed expressions (lower(...) COLLATE "C").
 */

const ZONE = "America/New_York";

const prefix = (v: string) => sql`lower(${`${escapeLike(v)}%`})`;
const contains = (v: string) => `%${escapeLike(v)}%`;
export const FIRST = sql`lower(${candidates.firstName}) COLLATE "C"`;
export const LAST = sql`lower(${candidates.lastName}) COLLATE "C"`;
const FULL_NAME = sql`lower((${candidates.firstName} || ' ') || ${candidates.lastName}) COLLATE "C"`;
export const EMAIL = sql`lower(${candidates.email}) COLLATE "C"`;
const EMPLOYEE_ID = sql`lower(${candidates.employeeId}) COLLATE "C"`;

/** The date a test is searched and sorted by: its date, or when it was assigned before it has one (stored, migration 0010). */
export const testDateSql = sql`${assignedTests.testDate}`;

/** Same rule as testStatusOf's expired flag. */
const expiredSql = sql`(${assignedTests.state} = 'expired' or (not ${assignedTests.hasAttempt} and ${assignedTests.expiresAt} < now() and ${assignedTests.state} <> 'taken'))`;

/** Ids the keywords of the small tables stand for; a list is absent when no keyword names its table. */
export interface Lookups {
  testIds?: number[];
  officeIds?: number[];
  roleIds?: number[];
}

const TEST_KEYWORDS = new Set<string>(["test", "method", "type", "language"]);

function testCondition(f: SearchFilter & { kind: "text" }): SQL {
  const v = f.value;
  switch (f.keyword) {
    case "test":
      return sql`${tests.description} ilike ${contains(v)}`;
    case "method":
      return sql`${tests.method} = ${v.toLowerCase()}`;
    case "type":
      // "listening speaking", "listening_speaking" and "Listening" all find listening_speaking.
      return sql`${tests.testType} like ${prefix(v.toLowerCase().replace(/[\s-]+/g, "_").replace(/_and_/g, "_"))}`;
    default: // language: its name or code
      return sql`${tests.languageId} in (select ${languages.id} from ${languages} where lower(${languages.name}) like ${prefix(v)} or lower(${languages.code}) = ${v.toLowerCase()})`;
  }
}

const idList = (ids: number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(",")}}'::int[]`);

/** Looks the small tables' keywords up in one round trip (none when the query names none). */
export async function lookupsOf(db: Db, scope: ClientScope, query: SearchQuery): Promise<Lookups> {
  const text = query.filters.filter((f): f is SearchFilter & { kind: "text" } => f.kind === "text");
  const testTerms = text.filter((f) => TEST_KEYWORDS.has(f.keyword)).map(testCondition);
  const officeTerms = text.filter((f) => f.keyword === "office").map((f) => sql`lower(${offices.name}) like ${prefix(f.value)}`);
  const roleTerms = text.filter((f) => f.keyword === "health_care_role").map((f) => sql`lower(${healthcareRoles.name}) like ${prefix(f.value)}`);
  const parts: SQL[] = [];
  const ids = (table: SQLWrapper, id: SQLWrapper, where: SQL, name: string) =>
    sql`(select coalesce(array_agg(${id}), '{}') from ${table} where ${where}) as ${sql.raw(name)}`;
  if (testTerms.length) parts.push(ids(tests, tests.id, and(...testTerms)!, "test_ids"));
  // An office user's search names their own office or none (so PostgreSQL never expects matches in another).
  if (officeTerms.length) parts.push(ids(offices, offices.id, and(officesInScope(scope), ...officeTerms)!, "office_ids"));
  if (roleTerms.length) parts.push(ids(healthcareRoles, healthcareRoles.id, and(...roleTerms)!, "role_ids"));
  if (parts.length === 0) return {};
  const [row] = await rowsOf<{ test_ids?: number[]; office_ids?: number[]; role_ids?: number[] }>(db, sql`select ${sql.join(parts, sql`, `)}`);
  return { testIds: row.test_ids?.map(Number), officeIds: row.office_ids?.map(Number), roleIds: row.role_ids?.map(Number) };
}

/** A term of the query: alternatives (any may hold) on the test or on its candidate. */
interface Term {
  on: "test" | "candidate";
  alternatives: SQL[];
  /** Each alternative is a range of an index of candidates (search indexes, created, updated, office, role, adjustments). */
  indexed?: boolean;
  /** The same condition as PostgreSQL estimates it best, when the indexed spelling misleads it. */
  estimated?: SQL;
  /** A test date's upper bound (end_date): a test on or before it was assigned before it, unless its date precedes its assignment. */
  testDateBefore?: SQL;
}

const onTest = (condition: SQL): Term => ({ on: "test", alternatives: [condition] });
const onCandidate = (condition: SQL): Term => ({ on: "candidate", alternatives: [condition] });
const indexed = (...alternatives: SQL[]): Term => ({ on: "candidate", alternatives, indexed: true });

// "ann" starts "ann smith", so the full name covers the first name.
const nameAlternatives = (v: string) => [sql`${FULL_NAME} like ${prefix(v)}`, sql`${LAST} like ${prefix(v)}`];

function freeTerm(v: string): Term {
  return indexed(...nameAlternatives(v), sql`${EMAIL} like ${prefix(v)}`, sql`${EMPLOYEE_ID} like ${prefix(v)}`);
}

// Days are bounded on the column itself (Eastern midnights), so an index on it is a range.
const dayStart = (d: string) => sql`((${d}::date)::timestamp at time zone ${ZONE})`;
const dayAfter = (d: string) => sql`((${d}::date + 1)::timestamp at time zone ${ZONE})`;

function dayRange(column: SQLWrapper, from?: string, to?: string): SQL {
  return and(from ? sql`${column} >= ${dayStart(from)}` : undefined, to ? sql`${column} < ${dayAfter(to)}` : undefined) ?? sql`true`;
}

/** The term of one keyword; the small tables' keywords are in `lookups` (termsOf). */
function filterTerm(f: SearchFilter): Term | undefined {
  if (f.kind === "flag") {
    if (f.keyword === "expired") return onTest(f.value ? expiredSql : not(expiredSql));
    // Few candidates have adjustments: those are read from candidates_history_adjustments_idx.
    return f.value ? indexed(sql`${candidates.adjustments}`) : onCandidate(sql`not ${candidates.adjustments}`);
  }
  if (f.kind === "date") {
    switch (f.keyword) {
      case "start_date":
      case "end_date":
        return { ...onTest(dayRange(testDateSql, f.from, f.to)), testDateBefore: f.to ? dayAfter(f.to) : undefined };
      case "created":
        return indexed(dayRange(candidates.createdAt, f.from, f.to));
      case "updated":
        return indexed(dayRange(candidates.updatedAt, f.from, f.to));
      case "assigned":
        return onTest(dayRange(assignedTests.createdAt, f.from, f.to));
    }
  }
  const v = f.value;
  switch (f.keyword) {
    case "name":
      return indexed(...nameAlternatives(v));
    case "first":
      // The full name's index finds them; with a space in the value the first name decides too (PostgreSQL
      // would take the two for independent ones). The count is estimated from the first name's statistics.
      return {
        ...indexed(fullNameCoversFirst(v) ? sql`${FULL_NAME} like ${prefix(v)}` : sql`${FULL_NAME} like ${prefix(v)} and ${FIRST} like ${prefix(v)}`),
        estimated: sql`${FIRST} like ${prefix(v)}`,
      };
    case "last":
      return indexed(sql`${LAST} like ${prefix(v)}`);
    case "middle":
      return onCandidate(sql`lower(${candidates.middleName}) like ${prefix(v)}`);
    case "id":
      return /^\d{1,9}$/.test(v) ? indexed(sql`${EMPLOYEE_ID} like ${prefix(v)}`, eq(candidates.id, Number(v))) : indexed(sql`${EMPLOYEE_ID} like ${prefix(v)}`);
    case "email":
      return indexed(sql`${EMAIL} like ${prefix(v)}`);
    case "notes":
      return onCandidate(sql`${candidates.clientNotes} ilike ${contains(v)}`);
    default: // test, method, type, language, office, health_care_role: lookups
      return undefined;
  }
}

function termsOf(query: SearchQuery, lookups: Lookups): Term[] {
  const terms = [...query.free.map(freeTerm), ...query.filters.map(filterTerm)].filter((t): t is Term => t !== undefined);
  const ids = (column: SQLWrapper, list: number[] | undefined) =>
    list === undefined ? [] : [list.length === 0 ? sql`false` : sql`${column} = any(${idList(list)})`];
  return [
    ...terms,
    ...ids(assignedTests.testId, lookups.testIds).map(onTest),
    // Ranges of candidates_account_office_idx and candidates_history_role_idx, after the terms above.
    ...ids(candidates.officeId, lookups.officeIds).map((c) => indexed(c)),
    ...ids(candidates.healthCareRoleId, lookups.roleIds).map((c) => indexed(c)),
  ];
}

const whole = (t: Term) => (t.alternatives.length === 1 ? t.alternatives[0] : or(...t.alternatives)!);

/** The account's live tests: the scope on assigned_tests. */
const testScope = (scope: ClientScope) => and(inAccount(scope, assignedTests), liveAssignedTests)!;

/** The tables a search reads: the test and its candidate. */
export const MATCH_FROM = sql`${assignedTests} join ${candidates} on ${candidates.id} = ${assignedTests.candidateId}`;

/**
 * The tests a query finds within the scope, as a condition on assigned_tests joined with
 * candidates (MATCH_FROM): the account's live tests of candidates the caller reaches. `estimate`:
 * spelt for PostgreSQL's estimate rather than for the indexes.
 */
export function matchSql(scope: ClientScope, query: SearchQuery, lookups: Lookups, spelling: "index" | "estimate" = "index"): SQL {
  const terms = termsOf(query, lookups).map((t) => (spelling === "estimate" && t.estimated ? t.estimated : whole(t)));
  return and(candidatesInScope(scope), testScope(scope), ...terms)!;
}

/** How long before its assignment a test is dated (negative for a few; statistics of migration 0010 tell PostgreSQL how few). */
const EARLY = sql`${testDateSql} - ${assignedTests.createdAt}`;

export interface Walk {
  from: SQL;
  where: SQL;
  /**
   * Conditions that split the matches into parts each walked on its own (newest first) and
   * merged: with an end_date, the tests assigned before it whose date is not earlier than their
   * assignment (a walk that starts at that day) and the few whose date is
   * (assigned_tests_history_date_early_idx). Otherwise one part.
   */
  parts: SQL[];
  /** The candidates the walk checks each test against, when it reads them from an index. */
  candidateSet?: SQL;
}

/**
 * The same search for a walk through an index of assigned_tests. With `candidateSet`, when a term
 * finds its candidates through an index of candidates, they are read there once (each
 * alternative a range of its index) and the walk checks each test against that set instead of
 * reading every walked test's candidate row (worth it while the set is small, see page.ts);
 * otherwise the candidate of each test is joined (MATCH_FROM).
 */
export function walkOf(scope: ClientScope, query: SearchQuery, lookups: Lookups, candidateSet: boolean, extra?: { on: "test" | "candidate"; condition: SQL }): Walk {
  const terms = [...termsOf(query, lookups), ...(extra ? [{ on: extra.on, alternatives: [extra.condition] }] : [])];
  const before = terms.find((t) => t.testDateBefore)?.testDateBefore;
  const parts = before
    ? [sql`${assignedTests.createdAt} < ${before} and ${EARLY} >= interval '0 seconds'`, sql`${EARLY} < interval '0 seconds'`]
    : [sql`true`];
  const first = candidateSet ? terms.find((t) => t.indexed) : undefined;
  if (!first) return { from: MATCH_FROM, where: and(candidatesInScope(scope), testScope(scope), ...terms.map(whole))!, parts };
  const others = terms.filter((t) => t.on === "candidate" && t !== first).map(whole);
  const branches = first.alternatives.map((alt) => sql`select ${candidates.id} from ${candidates} where ${and(candidatesInScope(scope), alt, ...others)}`);
  // "is true" keeps the set a hashed subplan of the walk (a join would give up the index's order);
  // an empty set ends the walk before it starts.
  const set = sql.join(branches, sql` union all `);
  const inSet = sql`(${assignedTests.candidateId} in (${set})) is true and exists (${set})`;
  return { from: sql`${assignedTests}`, where: and(testScope(scope), ...terms.filter((t) => t.on === "test").map(whole), inSet)!, parts, candidateSet: set };
}
