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

const prefix = (v: string) => `${escapeLike(v)}%`;
const contains = (v: string) => `%${escapeLike(v)}%`;

const fullName = sql`(${candidates.firstName} || ' ' || ${candidates.lastName})`;

/** The date a test is searched and sorted by: its date, or when it was assigned before it has one. */
export const testDateSql = sql`coalesce(${assignedTests.scheduledAt}, ${candidateTests.startedAt}, ${candidateTests.receivedAt}, ${assignedTests.createdAt})`;

/** Same rule as testStatusOf's expired flag. */
const expiredSql = sql`(${assignedTests.state} = 'expired' or (${candidateTests.id} is null and ${assignedTests.expiresAt} < now() and ${assignedTests.state} <> 'taken'))`;

function nameMatches(v: string): SQL {
  return or(
    sql`${candidates.firstName} ilike ${prefix(v)}`,
    sql`${candidates.lastName} ilike ${prefix(v)}`,
    sql`${fullName} ilike ${prefix(v)}`,
  )!;
}

function freeTerm(v: string): SQL {
  return or(nameMatches(v), sql`${candidates.email} ilike ${prefix(v)}`, sql`${candidates.employeeId} ilike ${prefix(v)}`)!;
}

function dayRange(column: SQLWrapper, from?: string, to?: string): SQL {
  const day = sql`(${column} at time zone ${ZONE})::date`;
  return and(from ? sql`${day} >= ${from}::date` : undefined, to ? sql`${day} <= ${to}::date` : undefined) ?? sql`true`;
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
      return sql`${candidates.firstName} ilike ${prefix(v)}`;
    case "last":
      return sql`${candidates.lastName} ilike ${prefix(v)}`;
    case "middle":
      return sql`${candidates.middleName} ilike ${prefix(v)}`;
    case "id":
      return /^\d{1,9}$/.test(v)
        ? or(sql`${candidates.employeeId} ilike ${prefix(v)}`, eq(candidates.id, Number(v)))!
        : sql`${candidates.employeeId} ilike ${prefix(v)}`;
    case "office":
      return sql`${offices.name} ilike ${prefix(v)}`;
    case "health_care_role":
      return sql`${healthcareRoles.name} ilike ${prefix(v)}`;
    case "email":
      return sql`${candidates.email} ilike ${prefix(v)}`;
    case "notes":
      return sql`${candidates.clientNotes} ilike ${contains(v)}`;
    case "test":
      return sql`${tests.description} ilike ${contains(v)}`;
    case "method":
      return sql`${tests.method} = ${v.toLowerCase()}`;
    case "language":
      return or(sql`${languages.name} ilike ${prefix(v)}`, sql`lower(${languages.code}) = ${v.toLowerCase()}`)!;
    case "type":
      // "listening speaking", "listening_speaking" and "Listening" all find listening_speaking.
      return sql`${tests.testType} ilike ${prefix(v.toLowerCase().replace(/[\s-]+/g, "_").replace(/_and_/g, "_"))}`;
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

/** ORDER BY of a query: its sort, then newest assignment first; the id settles ties. */
export function orderOfQuery(query: SearchQuery): SQL[] {
  const sort = query.sort;
  const primary = sort ? SORT_COLUMNS[sort.field].map((c) => (sort.descending ? sql`${c} desc nulls last` : sql`${c} asc nulls last`)) : [];
  return [...primary, desc(assignedTests.createdAt), desc(assignedTests.id)];
}
