import { scopeSql, type ClientScope } from "../auth/scope.js";
import { sql, type SQL } from "drizzle-orm";
import { TEST_METHOD_LABELS, TEST_METHODS, TEST_TYPES, type SearchFilter, type SearchQuery, type SortField } from "@parlance/contract";
import { escapeLike, fullNameCoversFirst } from "../db/like.js";

/**
 * The candidates search as SQL (client spec §5). The query language's free terms and keywords
 * become conditions on `candidates c`; its sort becomes a list of text keys plus the id.
 *
 * Speed at a million candidates comes from the search indexes of db/schema.ts: name, email and
 * employee id matches are prefix ranges on lower(...) COLLATE "C", and each index also carries
 * the id, office and names, so a search is answered from the indexes alone. A free term matches
 * the name OR the email OR the employee id; instead of one OR (which would visit the table for
 * every match) each alternative is a branch of its own, counted as a union of ids and paged as a
 * union of each branch's first rows. docs/api.md (Candidates) gives the meaning of every keyword.
 */

/** Whom a search reaches: one account, and for office-bound callers one office (auth/scope.ts). */
type CandidateScope = Pick<ClientScope, "accountId" | "officeId">;

/** The day boundaries of date keywords are days in Eastern time, the product's default zone. */
const ZONE = "America/New_York";

type SearchIndex = "name" | "full" | "email" | "employee";

// The indexed expressions: a query must spell them exactly so for the planner to use the index.
const FULL_NAME = sql.raw(`lower((c.first_name || ' ') || c.last_name) COLLATE "C"`);
const FIRST = sql.raw(`lower(c.first_name) COLLATE "C"`);
const LAST = sql.raw(`lower(c.last_name) COLLATE "C"`);
const EMAIL = sql.raw(`lower(c.email) COLLATE "C"`);
const EMPLOYEE_ID = sql.raw(`lower(c.employee_id) COLLATE "C"`);

/** A lower-cased LIKE pattern the planner folds to a constant, so a prefix becomes an index range. */
const prefix = (value: string) => sql`lower(${escapeLike(value) + "%"})`;
const contains = (value: string) => sql`lower(${"%" + escapeLike(value) + "%"})`;

const dayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${ZONE})`;
const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${ZONE})`;

function inRange(column: SQL, f: { from?: string; to?: string }): SQL {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${column} >= ${dayStart(f.from)}`);
  if (f.to) parts.push(sql`${column} < ${dayAfter(f.to)}`);
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

export const TEST_TYPE_LABELS: Record<(typeof TEST_TYPES)[number], string> = {
  listening_speaking: "Listening and Speaking",
  reading: "Reading",
  writing: "Writing",
  translation: "Translation",
  interpretation: "Interpretation",
};

/** Codes of a fixed list whose code or English label starts with what was typed. */
export function matchingCodes<T extends string>(codes: readonly T[], label: (code: T) => string, typed: string): T[] {
  const norm = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, " ").trim();
  const v = norm(typed);
  return codes.filter((c) => norm(c).startsWith(v) || norm(label(c)).startsWith(v));
}

const inList = (column: SQL, values: readonly string[]) =>
  values.length === 0 ? sql`FALSE` : sql`${column} IN (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/** A test's date: its appointment, else when it was started or received, else when it was assigned (as in test history). */
export const TEST_DATE_SQL = `coalesce(a.scheduled_at, ct.started_at, ct.received_at, a.created_at)`;
const TEST_DATE = sql.raw(TEST_DATE_SQL);
/** The rule of testStatusOf (contract history/display-status.ts): expired, or not started by its expiry. */
const EXPIRED = sql.raw(`(a.state = 'expired' OR (ct.id IS NULL AND a.expires_at < now() AND a.state <> 'taken'))`);

const TEST_KEYWORDS = new Set<string>(["test", "method", "language", "type", "start_date", "end_date", "assigned", "expired"]);
/** Test keywords about the test itself (its row in tests, "t"); the others are about the assignment ("a") and its attempt ("ct"). */
const TEST_ROW_KEYWORDS = new Set<string>(["test", "method", "language", "type"]);
/** Test keywords that need the attempt (candidate_tests) as well. */
const ATTEMPT_KEYWORDS = new Set<string>(["start_date", "end_date", "expired"]);

function testCondition(f: SearchFilter): SQL {
  if (f.kind === "flag") return f.value ? EXPIRED : sql`NOT ${EXPIRED}`; // "expired"
  if (f.kind === "date") return f.keyword === "assigned" ? inRange(sql.raw("a.created_at"), f) : inRange(TEST_DATE, f);
  switch (f.keyword) {
    case "test":
      return sql`lower(t.description) LIKE ${contains(f.value)}`;
    case "method":
      return inList(sql.raw("t.method"), matchingCodes(TEST_METHODS, (m) => TEST_METHOD_LABELS[m], f.value));
    case "type":
      return inList(sql.raw("t.test_type"), matchingCodes(TEST_TYPES, (t) => TEST_TYPE_LABELS[t], f.value));
    case "language":
      return sql`t.language_id IN (SELECT l.id FROM languages l WHERE lower(l.name) LIKE ${prefix(f.value)} OR lower(l.code) = lower(${f.value}))`;
    default:
      return sql`TRUE`;
  }
}

/** One condition, and the search index whose range it is (if any). */
interface Cond {
  sql: SQL;
  index?: SearchIndex;
  /** A condition on the candidate's tests (EXISTS): PostgreSQL cannot estimate how often it holds. */
  onTests?: boolean;
  /** The same condition spelt for a query that reads rows in its sort order and stops at a page. */
  inPageOrder?: SQL;
}

const nameAlternatives = (v: string): Cond[] => [
  { sql: sql`${FULL_NAME} LIKE ${prefix(v)}`, index: "full" },
  { sql: sql`${LAST} LIKE ${prefix(v)}`, index: "name" },
];

/** A free term: the start of the name (first, last, or "first last"), of the email or of the employee id. */
const freeTermAlternatives = (v: string): Cond[] => [
  ...nameAlternatives(v),
  { sql: sql`${EMAIL} LIKE ${prefix(v)}`, index: "email" },
  { sql: sql`${EMPLOYEE_ID} LIKE ${prefix(v)}`, index: "employee" },
];

/** Conditions on the candidate row: one condition, or alternatives (any of which may hold). */
function candidateCondition(f: SearchFilter, scope: CandidateScope): Cond | Cond[] {
  if (f.kind === "flag") return { sql: sql`c.adjustments = ${f.value}` }; // "adjustments"
  if (f.kind === "date") return { sql: inRange(sql.raw(f.keyword === "created" ? "c.created_at" : "c.updated_at"), f) };
  const p = prefix(f.value);
  switch (f.keyword) {
    case "name":
      return nameAlternatives(f.value);
    case "first":
      // The full-name index finds the rows ("ann" starts "ann smith"); with a space in the value the first name decides too.
      return { sql: fullNameCoversFirst(f.value) ? sql`${FULL_NAME} LIKE ${p}` : sql`${FULL_NAME} LIKE ${p} AND ${FIRST} LIKE ${p}`, index: "full" };
    case "last":
      return { sql: sql`${LAST} LIKE ${p}`, index: "name" };
    case "middle":
      return { sql: sql`lower(c.middle_name) LIKE ${p}` };
    case "id":
      return { sql: sql`${EMPLOYEE_ID} LIKE ${p}`, index: "employee" };
    case "email":
      return { sql: sql`${EMAIL} LIKE ${p}`, index: "email" };
    case "notes":
      return { sql: sql`lower(c.client_notes) LIKE ${contains(f.value)}` };
    case "office": {
      const offices = sql`SELECT o2.id FROM offices o2 WHERE ${scopeSql.inAccount(scope, "o2")} AND lower(o2.name) LIKE ${p}`;
      // A page reads an array: with IN the planner joined offices to the name index by office, lost
      // its order and checked every match's tests before sorting (last:seo office:Boston
      // method:online, 2,528 probes for a page of 20 at a million candidates); with the array it
      // walks the index in page order and stops at the page. A count reads every match up to its
      // limit anyway, and IN lets it skip the other offices' entries.
      return { sql: sql`c.office_id IN (${offices})`, inPageOrder: sql`c.office_id = ANY(ARRAY(${offices}))` };
    }
    case "health_care_role":
      // The role's name, as the test history reads it (issue 23: a specialty's name matched here only).
      return { sql: sql`c.health_care_role_id IN (SELECT r2.id FROM healthcare_roles r2 WHERE lower(r2.name) LIKE ${p})` };
    default:
      return { sql: sql`TRUE` };
  }
}

const orOf = (alternatives: Cond[]): Cond => ({ sql: sql`(${sql.join(alternatives.map((a) => sql`(${a.sql})`), sql` OR `)})` });

/**
 * The search as branches: each branch is a list of conditions that must all hold, and a row
 * matches when any branch holds. The first group of alternatives (a free term, or name:) is split
 * into branches; further groups stay ORs inside every branch.
 */
export function searchBranches(scope: CandidateScope, query: SearchQuery): Cond[][] {
  // The scope's conditions, joined by a bare AND like the rest: the indexes' leading columns.
  const base: Cond[] = [{ sql: scopeSql.candidates(scope, "c") }];
  const groups: Cond[][] = [];
  const addGroup = (alternatives: Cond[]) => {
    if (groups.length === 0) groups.push(alternatives);
    else base.push(orOf(alternatives));
  };
  for (const term of query.free) addGroup(freeTermAlternatives(term));
  const testFilters: SearchFilter[] = [];
  for (const f of query.filters) {
    if (TEST_KEYWORDS.has(f.keyword)) {
      testFilters.push(f);
      continue;
    }
    const c = candidateCondition(f, scope);
    if (Array.isArray(c)) addGroup(c);
    else base.push(c);
  }
  if (testFilters.length > 0) {
    // One assigned test (not deleted) must meet every test keyword together.
    const attempt = testFilters.some((f) => ATTEMPT_KEYWORDS.has(f.keyword)) ? sql` LEFT JOIN candidate_tests ct ON ct.assigned_test_id = a.id` : sql``;
    // The catalogue's tests that qualify, found once: each candidate's check then stays in the index
    // of its assigned tests (candidate, test) instead of reading each test's row (at a million
    // candidates a count of 1,000 made ~1,800 such reads, half its pages).
    const onTestRow = testFilters.filter((f) => TEST_ROW_KEYWORDS.has(f.keyword));
    const conditions = [
      ...(onTestRow.length ? [sql`a.test_id = ANY(ARRAY(SELECT t.id FROM tests t WHERE ${sql.join(onTestRow.map(testCondition), sql` AND `)}))`] : []),
      ...testFilters.filter((f) => !TEST_ROW_KEYWORDS.has(f.keyword)).map(testCondition),
    ];
    base.push({
      onTests: true,
      sql: sql`EXISTS (SELECT 1 FROM assigned_tests a${attempt}
        WHERE a.candidate_id = c.id AND a.deleted_at IS NULL AND ${sql.join(conditions, sql` AND `)})`,
    });
  }
  return groups.length === 0 ? [base] : groups[0].map((alt) => [...base, alt]);
}

export const whereOf = (branch: Cond[], inPageOrder = false) => sql.join(
  branch.map((c) => (inPageOrder && c.inPageOrder) || c.sql),
  sql` AND `,
);

// --- sorting -------------------------------------------------------------------------------------

/** A sort key as the index spells it (the planner may read rows in index order) and a plain spelling of the same value. */
interface Key {
  indexed: SQL;
  plain: SQL;
}
const key = (column: string): Key => ({
  indexed: sql.raw(`lower(${column}) COLLATE "C"`),
  plain: sql.raw(`(lower(${column}) || '') COLLATE "C"`),
});
const plainKey = (expr: string): Key => ({ indexed: sql.raw(expr), plain: sql.raw(expr) });
const NAME_KEYS = [key("c.last_name"), key("c.first_name")];

interface SortPlan {
  keys: Key[];
  /** The index whose order is this sort's order. */
  index: SearchIndex | null;
  /** Joins the keys need. */
  joins: SQL;
}

/** The latest assigned test of each candidate, for the test, method and date sorts. */
const LATEST_TEST = sql.raw(`LEFT JOIN LATERAL (
    SELECT t.description, t.method, ${TEST_DATE_SQL} AS test_date
      FROM assigned_tests a JOIN tests t ON t.id = a.test_id LEFT JOIN candidate_tests ct ON ct.assigned_test_id = a.id
     WHERE a.candidate_id = c.id AND a.deleted_at IS NULL
     ORDER BY a.created_at DESC, a.id DESC LIMIT 1) lt ON TRUE`);

function sortPlan(field: SortField): SortPlan {
  switch (field) {
    case "name":
      return { keys: NAME_KEYS, index: "name", joins: sql`` };
    // Ties (many share no employee id) by name, as every other sort (issue 23), then the id.
    case "id":
      return { keys: [key("c.employee_id"), ...NAME_KEYS], index: "employee", joins: sql`` };
    case "email":
      return { keys: [key("c.email"), ...NAME_KEYS], index: "email", joins: sql`` };
    case "office":
      return { keys: [plainKey(`lower(coalesce(so.name, '')) COLLATE "C"`), ...NAME_KEYS], index: null, joins: sql.raw(`LEFT JOIN offices so ON so.id = c.office_id`) };
    case "health_care_role":
      return {
        keys: [plainKey(`lower(coalesce(sr.name, '')) COLLATE "C"`), ...NAME_KEYS],
        index: null,
        joins: sql.raw(`LEFT JOIN healthcare_roles sr ON sr.id = c.health_care_role_id`),
      };
    case "test":
      return { keys: [plainKey(`lower(coalesce(lt.description, '')) COLLATE "C"`), ...NAME_KEYS], index: null, joins: LATEST_TEST };
    case "method":
      return { keys: [plainKey(`coalesce(lt.method, '') COLLATE "C"`), ...NAME_KEYS], index: null, joins: LATEST_TEST };
    case "date":
      return {
        keys: [plainKey(`coalesce(to_char(lt.test_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US'), '') COLLATE "C"`), ...NAME_KEYS],
        index: null,
        joins: LATEST_TEST,
      };
  }
}

/**
 * The keys of one branch. A branch that searches the sort's own index, or nothing narrower, reads
 * its rows in index order. Otherwise it finds its rows through its own index and sorts them (the
 * plain spelling keeps the planner from walking the whole sort index instead), with one
 * exception: sorted by name, a branch whose conditions are all on the candidate's row leaves the
 * choice to PostgreSQL, whose statistics estimate them: walk the name index checking each row (a
 * common first-name or email prefix: "mar" finds 20,000 candidates, 1 in 50, so the first page
 * is a thousand rows in, instead of sorting 20,000) or read the range and sort it (a rare one).
 * Not for other sorts: an email starts with the first name, so a first-name prefix walked in
 * email order is all at one place the planner does not expect; nor with a condition on the
 * tests (EXISTS), which it cannot estimate.
 */
function readsInOrder(plan: SortPlan, branch: Cond[]): boolean {
  const ranges = branch.map((c) => c.index).filter((i): i is SearchIndex => i !== undefined);
  const plannerChooses = plan.index === "name" && !branch.some((c) => c.onTests);
  return plan.index !== null && (ranges.length === 0 || ranges.includes(plan.index) || plannerChooses);
}

function branchKeys(plan: SortPlan, branch: Cond[]): SQL[] {
  const ordered = readsInOrder(plan, branch);
  return plan.keys.map((k) => (ordered ? k.indexed : k.plain));
}

/** Where a download page resumes: the sort keys and id of the last row sent. */
export interface ResumeAfter {
  keys: string[];
  id: number;
}

export interface CandidateRow {
  id: number;
  first_name: string;
  middle_name: string;
  last_name: string;
  employee_id: string;
  email: string;
  client_notes: string;
  adjustments: boolean;
  phone_number: string;
  street_address: string;
  city: string;
  state: string;
  postal_code: string;
  time_zone_id: number;
  language_id: number;
  created_at: Date | string;
  updated_at: Date | string;
  office_name: string | null;
  role_name: string | null;
  specialty_name: string | null;
  /** The sort keys k0, k1, … of the row. */
  [k: `k${number}`]: string;
}

/**
 * One page of matching candidates in the query's order: `limit` rows after `offset`, or after
 * the row `after` (keyset paging for downloads), with every column the list and the CSV show.
 */
export function candidatePageSql(scope: CandidateScope, query: SearchQuery, page: { limit: number; offset?: number; after?: ResumeAfter }): SQL {
  const plan = sortPlan(query.sort?.field ?? "name");
  const descending = query.sort?.descending ?? false;
  const dir = sql.raw(descending ? " DESC" : " ASC");
  const branches = searchBranches(scope, query);
  const offset = page.offset ?? 0;
  const names = plan.keys.map((_, i) => sql.raw(`k${i}`));

  const branchSql = (branch: Cond[], limit: number, offsetHere: number) => {
    const keys = branchKeys(plan, branch);
    const conds = [whereOf(branch, true)];
    if (page.after) {
      const cmp = sql.raw(descending ? "<" : ">");
      const left = sql.join([...keys, sql.raw("c.id")], sql`, `);
      const right = sql.join([...page.after.keys.map((k) => sql`${k}`), sql`${page.after.id}::int`], sql`, `);
      conds.push(sql`(${left}) ${cmp} (${right})`);
    }
    return sql`SELECT c.id, ${sql.join(
      keys.map((k, i) => sql`${k} AS ${names[i]}`),
      sql`, `,
    )} FROM candidates c ${plan.joins} WHERE ${sql.join(conds, sql` AND `)}
      ORDER BY ${sql.join([...keys, sql.raw("c.id")].map((k) => sql`${k}${dir}`), sql`, `)} LIMIT ${limit}${offsetHere ? sql` OFFSET ${offsetHere}` : sql``}`;
  };

  const pageIds =
    branches.length === 1
      ? branchSql(branches[0], page.limit, offset)
      : sql`SELECT * FROM (${sql.join(
          branches.map((b) => sql`(${branchSql(b, offset + page.limit, 0)})`),
          sql` UNION `,
        )}) u ORDER BY ${sql.join([...names, sql.raw("id")].map((k) => sql`${k}${dir}`), sql`, `)} LIMIT ${page.limit}${offset ? sql` OFFSET ${offset}` : sql``}`;

  return detailsSql(pageIds, names, dir);
}

/** The list and CSV columns of the candidates of `pageIds` (id and keys k0…), in its order. */
function detailsSql(pageIds: SQL, names: SQL[], dir: SQL): SQL {
  return sql`SELECT c.id, c.first_name, c.middle_name, c.last_name, c.employee_id, c.email, c.client_notes, c.adjustments,
      c.phone_number, c.street_address, c.city, c.state, c.postal_code, c.time_zone_id, c.language_id, c.created_at, c.updated_at,
      o.name AS office_name, r.name AS role_name, s.name AS specialty_name, ${sql.join(
        names.map((n) => sql`p.${n}`),
        sql`, `,
      )}
    FROM (${pageIds}) p
    JOIN candidates c ON c.id = p.id
    LEFT JOIN offices o ON o.id = c.office_id
    LEFT JOIN healthcare_roles r ON r.id = c.health_care_role_id
    LEFT JOIN healthcare_specialties s ON s.id = c.health_care_specialty_id
    ORDER BY ${sql.join([...names.map((n) => sql`p.${n}`), sql.raw("p.id")].map((k) => sql`${k}${dir}`), sql`, `)}`;
}

/**
 * Whether count and page are best found in one pass: a single branch with a test keyword, where
 * each match costs a look at the candidate's tests, whose page is sorted from all its matches
 * (not read in its sort's index). The matches are then gathered once, counted, and the page
 * sorted from them, instead of checking every candidate twice. A page read in index order stops
 * after its rows, and its count at its limit (count.ts): "last:men method:online" by name.
 */
export function searchInOnePass(scope: CandidateScope, query: SearchQuery): boolean {
  const branches = searchBranches(scope, query);
  return branches.length === 1 && query.filters.some((f) => TEST_KEYWORDS.has(f.keyword)) && !readsInOrder(sortPlan(query.sort?.field ?? "name"), branches[0]);
}

/** Count and page in one query (see searchInOnePass): every row carries the count `n`; no page rows gives one row of nulls. */
export function candidateCountedPageSql(scope: CandidateScope, query: SearchQuery, page: { limit: number; offset: number }): SQL {
  const plan = sortPlan(query.sort?.field ?? "name");
  const dir = sql.raw(query.sort?.descending ? " DESC" : " ASC");
  const [branch] = searchBranches(scope, query);
  const names = plan.keys.map((_, i) => sql.raw(`k${i}`));
  const keys = plan.keys.map((k) => k.plain);
  const matches = sql`SELECT c.id, ${sql.join(
    keys.map((k, i) => sql`${k} AS ${names[i]}`),
    sql`, `,
  )} FROM candidates c ${plan.joins} WHERE ${whereOf(branch)}`;
  const pageIds = sql`SELECT * FROM m ORDER BY ${sql.join([...names, sql.raw("id")].map((k) => sql`${k}${dir}`), sql`, `)} LIMIT ${page.limit}${page.offset ? sql` OFFSET ${page.offset}` : sql``}`;
  return sql`WITH m AS MATERIALIZED (${matches})
    SELECT cnt.n, d.* FROM (SELECT count(*)::int AS n FROM m) cnt LEFT JOIN (${detailsSql(pageIds, names, dir)}) d ON TRUE
    ORDER BY ${sql.join([...names.map((n) => sql`d.${n}`), sql.raw("d.id")].map((k) => sql`${k}${dir}`), sql`, `)}`;
}
