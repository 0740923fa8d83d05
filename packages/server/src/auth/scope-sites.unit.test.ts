import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema.js";

/**
 * The tenant rule is written once (auth/scope.ts): a filter on a client table's account, office
 * or user column written anywhere else fails here, unless SCOPE_SITE_EXCEPTIONS gives the line a
 * reason. A client table is one that records an account (it has `accountId`).
 */
const root = join(import.meta.dirname, "..");

interface Finding {
  file: string;
  lineNo: number;
  line: string;
}

interface Tables {
  /** Tables that record an account: their account, office and user columns are tenant keys. */
  clientTables: ReadonlySet<string>;
  /** Every table: a comparison with another table's column is a join, not a filter. */
  allTables: ReadonlySet<string>;
}

const TENANT_COLUMN = "(accountId|officeId|userId)";
// eq(t.accountId, x), ne(...), inArray(t.officeId, ids): the table and what it is compared with.
const DRIZZLE = new RegExp(`\\b(?:eq|ne|inArray|notInArray)\\(\\s*(\\w+)\\.${TENANT_COLUMN}\\s*,\\s*([\\w.]+)?`, "g");
// sql`${t.accountId} = ${x}` in a template.
const TEMPLATE = new RegExp(`\\$\\{(\\w+)\\.${TENANT_COLUMN}\\}\\s*(?:=|<>|!=|\\bin\\b|\\bIN\\b)\\s*([\\w.]+)?`, "g");
// Hand-written SQL: [alias.]account_id = …, unless the other side is a column (a join).
const RAW = /\b(?:\w+\.)?(?:account_id|office_id|user_id)\s*(?:=|<>|!=|\bin\b|\bIN\b)\s*(\$\{|\$\d|\d|\(|\w+\.\w+|\w+)?/g;

/** Names a file gives the schema's tables (`candidateTestMediaGrants as grants`). */
function tableAliases(code: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const m of code.matchAll(/\b(\w+) as (\w+)\b/g)) aliases.set(m[2], m[1]);
  return aliases;
}

/** The tenant filters written in one source file. */
function findTenantFilters(file: string, code: string, { clientTables, allTables }: Tables): Finding[] {
  const aliases = tableAliases(code);
  const table = (name: string) => aliases.get(name) ?? name;
  const isColumnOfTable = (other: string | undefined) => other !== undefined && other.includes(".") && allTables.has(table(other.split(".")[0]));
  const found: Finding[] = [];
  code.split("\n").forEach((line, i) => {
    const hit = () => found.push({ file, lineNo: i + 1, line });
    for (const m of [...line.matchAll(DRIZZLE), ...line.matchAll(TEMPLATE)]) {
      if (clientTables.has(table(m[1])) && !isColumnOfTable(m[3])) return hit();
    }
    for (const m of line.matchAll(RAW)) {
      const other = m[1];
      // alias.column on the other side: a join; a bare word is SQL (e.g. "= any").
      if (other === undefined || /^\w+\.\w+$/.test(other)) continue;
      if (/^[a-z_]+$/i.test(other) && !/^\d/.test(other) && other.toLowerCase() !== "any") continue;
      return hit();
    }
  });
  return found;
}

const clientTables = new Set(
  Object.entries(schema)
    .filter(([, t]) => is(t, PgTable) && "accountId" in getTableColumns(t as PgTable))
    .map(([name]) => name),
);
const allTables = new Set(Object.entries(schema).filter(([, t]) => is(t, PgTable)).map(([name]) => name));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "migrations" ? [] : sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

function findingsOf(): Finding[] {
  return sources(root)
    .map((path) => relative(root, path).replaceAll("\\", "/"))
    .filter((file) => file !== "auth/scope.ts")
    .flatMap((file) => findTenantFilters(file, readFileSync(join(root, file), "utf8"), { clientTables, allTables }));
}

/** A filter written outside auth/scope.ts on purpose: the file, a piece of the line, and why. */
interface Exception {
  file: string;
  match: string;
  reason: string;
}

/** Reasons shared by several lines. */
const BACK_OFFICE = "the provider's back office: staff act on any account, the one the request names (not tenant-scoped; staff permissions guard it)";
const RESULT_RECIPIENTS = "a result mails its own account's recipients (the result's office's and the account's): no session, the result decides";
const OWN_OFFICE = "one office's own rows, the office found in the caller's scope first (findOffice / listOffices): counted, checked or deleted with it";
const LIST_LEVEL = "one level of a settings list, resolved in the caller's scope first (resolveLevel); the account is inAccount's";

const SCOPE_SITE_EXCEPTIONS: Exception[] = [
  { file: "backoffice/accounts/people.ts", match: "eq(offices.accountId, accountId)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/people.ts", match: "eq(offices.accountId, input.accountId)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/people.ts", match: "eq(users.accountId, opts.accountId)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/people.ts", match: "eq(users.accountId, input.accountId)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/service.ts", match: "inArray(offices.accountId, ids)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/service.ts", match: "inArray(users.accountId, ids)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/service.ts", match: "eq(offices.accountId, id)", reason: BACK_OFFICE },
  { file: "backoffice/accounts/service.ts", match: "eq(users.accountId, id)", reason: BACK_OFFICE },
  { file: "backoffice/catalogue/accounts.ts", match: "eq(accountTests.accountId, account.id)", reason: BACK_OFFICE },
  { file: "demo/evaluators.ts", match: "northwind.id", reason: "the demo world's seed: no session, it writes one known account's rows" },
  { file: "payments/test-fixtures.ts", match: "eq(invoices.accountId, accountId)", reason: "a fixture of the payments tests: reads what a test made, no session" },
  { file: "results/scoring/notify.ts", match: "eq(resultRecipients.accountId, r.accountId)", reason: RESULT_RECIPIENTS },
  { file: "results/scoring/notify.ts", match: "eq(resultRecipients.officeId, r.officeId)", reason: RESULT_RECIPIENTS },
  { file: "settings/offices/service.ts", match: "inArray(users.officeId, officeIds)", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "inArray(assignedTests.officeId, officeIds)", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "${users.officeId} = ${officeId}", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "${candidates.officeId} = ${officeId}", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "${assignedTests.officeId} = ${officeId}", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "eq(testGroups.officeId, id)", reason: OWN_OFFICE },
  { file: "settings/offices/service.ts", match: "eq(resultRecipients.officeId, id)", reason: OWN_OFFICE },
  { file: "settings/test-groups/service.ts", match: "eq(testGroups.officeId, level)", reason: LIST_LEVEL },
  { file: "settings/recipients/service.ts", match: "eq(resultRecipients.officeId, level)", reason: LIST_LEVEL },
  { file: "settings/users/service.ts", match: "eq(users.officeId, level)", reason: LIST_LEVEL },
  { file: "settings/users/service.ts", match: "eq(candidates.userId, userId)", reason: "whether a user in the caller's list (found in scope before) has candidate profiles that must keep pointing at them" },
  { file: "assignment/records.ts", match: "eq(testGroups.officeId, candidateOfficeId)", reason: "which groups a candidate may take: their office's (the candidate was found in scope); the account is inAccount's" },
  { file: "candidates/search.ts", match: "c.office_id IN (${offices})", reason: "the office: keyword, offices by name; scopeSql.inAccount keeps them the account's, and the scope's own condition the office user's" },
];

const covers = (e: Exception, f: Finding) => e.file === f.file && f.line.includes(e.match);

describe("tenant filters are written in auth/scope.ts only", () => {
  const findings = findingsOf();

  it("finds the filters it looks for (the scanner is not blind)", () => {
    const probe = (code: string) => findTenantFilters("x.ts", code, { clientTables, allTables }).length;
    expect(probe("and(eq(candidates.accountId, scope.accountId))")).toBe(1);
    expect(probe("where(inArray(users.officeId, ids))")).toBe(1);
    expect(probe("sql`select 1 from offices o where o.account_id = ${id}`")).toBe(1);
    expect(probe("sql`${paperPackages.officeId} = ${scope.officeId}`")).toBe(1);
    // Joins, and tables without an account (sessions, evaluators), are not tenant filters.
    expect(probe("leftJoin(candidates, eq(candidates.userId, users.id))")).toBe(0);
    expect(probe("sql`JOIN candidates c ON c.user_id = s.user_id`")).toBe(0);
    expect(probe("where(eq(sessions.userId, user.id))")).toBe(0);
  });

  it("every tenant filter outside auth/scope.ts is an argued exception", () => {
    const unexplained = findings.filter((f) => !SCOPE_SITE_EXCEPTIONS.some((e) => covers(e, f)));
    expect(unexplained.map((f) => `${f.file}:${f.lineNo}: ${f.line.trim()}`)).toEqual([]);
  });

  it("every exception still matches a filter and gives a reason", () => {
    const stale = SCOPE_SITE_EXCEPTIONS.filter((e) => !findings.some((f) => covers(e, f)) || e.reason.trim().length < 20);
    expect(stale).toEqual([]);
  });
});
