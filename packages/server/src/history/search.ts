import { and, desc, eq, not, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { SearchFilter, SearchQuery, SortField } from "@parlance/contract";
import { assignedTests, candidates, candidateTests, healthcareRoles, languages, offices, tests } from "../db/schema.js";
import { escapeLike } from "../db/like.js";

/**
 * The search language (contract search/query.ts) over tests: every term holds (AND). Free terms
 * and name, id and email match candidates by prefix; notes and test by containing the value;
 * dates are days in Eastern time.
 */

const ZONE = "America/New_York";

// Prefix matches on the candidate spell the candidates search's indexed expressions
// (lower(...) COLLATE "C", db/schema/candidates.ts), so a name, email or id finds its
// candidates through those indexes and their tests through assigned_tests_candidate_idx.
const prefix = (v: string) => sql`lower(${`${escapeLike(v)}%`})`;
const contains = (v: string) => `%${escapeLike(v)}%`;
const FIRST = sql`lower(${candidates.firstName}) COLLATE "C"`;
const LAST = sql`lower(${candidates.lastName}) COLLATE "C"`;
const FULL_NAME = sql`lower((${candidates.firstName} || ' ') || ${candidates.lastName}) COLLATE "C"`;
const EMAIL = sql`lower(${candidates.email}) COLLATE "C"`;
const EMPLOYEE_ID = sql`lower(${candidates.employeeId}) COLLATE "C"`;

/** The date a test is searched and sorted by: its date, or when it was assigned before it has one. */
export const testDateSql = sql`coalesce(${assignedTests.scheduledAt}, ${candidateTests.startedAt}, ${candidateTests.receivedAt}, ${assignedTests.createdAt})`;

/** Same rule as testStatusOf's expired flag. */
const expiredSql = sql`(${assignedTests.state} = 'expired' or (${candidateTests.id} is null and ${assignedTests.expiresAt} < now() and ${assignedTests.state} <> 'taken'))`;

function nameMatches(v: string): SQL {
  // "ann" starts "ann smith", so the full name covers the first name.
  return or(sql`${FULL_NAME} like ${prefix(v)}`, sql`${LAST} like ${prefix(v)}`)!;
}

function freeTerm(v: string): SQL {
  return or(nameMatches(v), sql`${EMAIL} like ${prefix(v)}`, sql`${EMPLOYEE_ID} like ${prefix(v)}`)!;
}

function dayRange(column: SQLWrapper, from?: string, to?: string): SQL {
  // Bounds on the column itself (Eastern midnights), so an index on it is a range.
  const start = (d: string) => sql`((${d}::date)::timestamp at time zone ${ZONE})`;
  const after = (d: string) => sql`((${d}::date + 1)::timestamp at time zone ${ZONE})`;
  return and(from ? sql`${column} >= ${start(from)}` : undefined, to ? sql`${column} < ${after(to)}` : undefined) ?? sql`true`;
}

function filterSql(f: SearchFilter): SQL {
  if (f.kind === "flag") {
    if (f.keyword === "expired") return f.value ? expiredSql : not(expiredSql);
    return eq(candidates.adjustments, f.value);
  }
  if (f.kind === "date") {
    switch (f.keyword) {
      case "start_date":
      case "end_date":
        return dayRange(testDateSql, f.from, f.to);
      case "created":
        return dayRange(candidates.createdAt, f.from, f.to);
      case "updated":
        return dayRange(candidates.updatedAt, f.from, f.to);
      case "assigned":
        return dayRange(assignedTests.createdAt, f.from, f.to);
    }
  }
  const v = f.value;
  switch (f.keyword) {
    case "name":
      return nameMatches(v);
    case "first":
      return sql`${FULL_NAME} like ${prefix(v)} and ${FIRST} like ${prefix(v)}`;
    case "last":
      return sql`${LAST} like ${prefix(v)}`;
    case "middle":
      return sql`lower(${candidates.middleName}) like ${prefix(v)}`;
    case "id":
      return /^\d{1,9}$/.test(v)
        ? or(sql`${EMPLOYEE_ID} like ${prefix(v)}`, eq(candidates.id, Number(v)))!
        : sql`${EMPLOYEE_ID} like ${prefix(v)}`;
    case "office":
      return sql`lower(${offices.name}) like ${prefix(v)}`;
    case "health_care_role":
      return sql`lower(${healthcareRoles.name}) like ${prefix(v)}`;
    case "email":
      return sql`${EMAIL} like ${prefix(v)}`;
    case "notes":
      return sql`${candidates.clientNotes} ilike ${contains(v)}`;
    case "test":
      return sql`${tests.description} ilike ${contains(v)}`;
    case "method":
      return sql`${tests.method} = ${v.toLowerCase()}`;
    case "language":
      return or(sql`lower(${languages.name}) like ${prefix(v)}`, sql`lower(${languages.code}) = ${v.toLowerCase()}`)!;
    case "type":
      // "listening speaking", "listening_speaking" and "Listening" all find listening_speaking.
      return sql`${tests.testType} like ${prefix(v.toLowerCase().replace(/[\s-]+/g, "_").replace(/_and_/g, "_"))}`;
  }
}

export function whereOfQuery(query: SearchQuery): SQL | undefined {
  const parts = [...query.free.map(freeTerm), ...query.filters.map(filterSql)];
  return parts.length === 0 ? undefined : and(...parts);
}

const SORT_COLUMNS: Record<SortField, SQL[]> = {
  name: [sql`lower(${candidates.lastName})`, sql`lower(${candidates.firstName})`],
  id: [sql`${candidates.employeeId}`],
  office: [sql`lower(${offices.name})`],
  email: [sql`lower(${candidates.email})`],
  test: [sql`lower(${tests.description})`],
  method: [sql`${tests.method}`],
  date: [testDateSql],
  health_care_role: [sql`lower(${healthcareRoles.name})`],
};

/** Keywords that find their candidates through a candidates search index (a few rows). */
const CANDIDATE_PREFIX_KEYWORDS = new Set<string>(["name", "first", "last", "id", "email"]);

/**
 * ORDER BY of a query: its sort, then newest assignment first; the id settles ties. When the
 * candidates are found through their indexes, the newest-first key is spelt so that the planner
 * sorts those few tests instead of walking assigned_tests_history_order_idx for matches.
 */
export function orderOfQuery(query: SearchQuery): SQL[] {
  const sort = query.sort;
  const primary = sort ? SORT_COLUMNS[sort.field].map((c) => (sort.descending ? sql`${c} desc nulls last` : sql`${c} asc nulls last`)) : [];
  const narrow = query.free.length > 0 || query.filters.some((f) => CANDIDATE_PREFIX_KEYWORDS.has(f.keyword));
  const newest = narrow ? sql`(${assignedTests.createdAt} + interval '0 seconds') desc` : desc(assignedTests.createdAt);
  return [...primary, newest, desc(assignedTests.id)];
}
