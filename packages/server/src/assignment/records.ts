import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { assignmentMessages, type AssignmentMessage, type TestMethod } from "@parlance/contract";
import { accounts, accountTests, candidates, offices, testGroups, testGroupTests, tests } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { candidatesInScope, inAccount, type ClientScope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";

/** An error whose text is one of the assignment messages, sent with its i18n key. */
export const assignmentError = (status: number, name: AssignmentMessage) =>
  new HttpError(status, assignmentMessages[name], `assignment.messages.${name}`);

export const DAY_MS = 24 * 3600_000;

/** The candidate profile, if the caller reaches it (404 otherwise, like a missing one). */
export async function findCandidate(db: Tx, scope: ClientScope, id: number) {
  const [row] = await db
    .select()
    .from(candidates)
    .where(and(candidatesInScope(scope), eq(candidates.id, id)))
    .limit(1);
  if (!row) throw assignmentError(404, "candidateNotFound");
  return row;
}

export async function accountOf(db: Tx, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw assignmentError(404, "candidateNotFound");
  return row;
}

export async function officeOf(db: Tx, scope: Pick<ClientScope, "accountId">, officeId: number | null) {
  if (officeId === null) return null;
  const [row] = await db
    .select()
    .from(offices)
    .where(and(inAccount(scope, offices), eq(offices.id, officeId)))
    .limit(1);
  return row ?? null;
}

export interface AccountTestRow {
  accountTestId: number;
  testId: number;
  description: string;
  method: TestMethod;
  feeCents: number;
}

/** The account's active tests (active in the catalogue too), by account test id. */
export async function activeAccountTests(db: Tx, scope: Pick<ClientScope, "accountId">, ids?: number[]): Promise<Map<number, AccountTestRow>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({
      accountTestId: accountTests.id,
      testId: tests.id,
      description: tests.description,
      method: tests.method,
      feeCents: accountTests.feeCents,
    })
    .from(accountTests)
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .where(
      and(
        inAccount(scope, accountTests),
        eq(accountTests.isActive, true),
        eq(tests.isActive, true),
        ids ? inArray(accountTests.id, ids) : undefined,
      ),
    )
    .orderBy(asc(tests.description), asc(accountTests.id));
  return new Map(rows.map((r) => [r.accountTestId, r]));
}

/**
 * Test groups available to a candidate: their office's groups, the account's global groups, and,
 * for a caller who works at account level, the account-level groups too.
 */
export function groupsAvailable(scope: ClientScope, candidateOfficeId: number | null) {
  return and(
    inAccount(scope, testGroups),
    or(
      candidateOfficeId === null ? undefined : eq(testGroups.officeId, candidateOfficeId),
      eq(testGroups.isGlobal, true),
      scope.officeId === null ? isNull(testGroups.officeId) : undefined,
    ),
  )!;
}

/** Groups with their assignable tests (in the group's order); groups without any are left out. */
export async function availableGroups(db: Tx, scope: ClientScope, candidateOfficeId: number | null, ids?: number[]) {
  if (ids && ids.length === 0) return new Map<number, { description: string; tests: AccountTestRow[] }>();
  const groups = await db
    .select({ id: testGroups.id, description: testGroups.description })
    .from(testGroups)
    .where(and(groupsAvailable(scope, candidateOfficeId), ids ? inArray(testGroups.id, ids) : undefined))
    .orderBy(asc(sql`lower(${testGroups.description})`), asc(testGroups.id));
  const out = new Map<number, { description: string; tests: AccountTestRow[] }>();
  if (groups.length === 0) return out;
  const members = await db
    .select({ groupId: testGroupTests.groupId, accountTestId: testGroupTests.accountTestId })
    .from(testGroupTests)
    .where(
      inArray(
        testGroupTests.groupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(testGroupTests.position), asc(testGroupTests.accountTestId));
  const testsById = await activeAccountTests(db, scope, [...new Set(members.map((m) => m.accountTestId))]);
  for (const g of groups) {
    const list = members.filter((m) => m.groupId === g.id && testsById.has(m.accountTestId)).map((m) => testsById.get(m.accountTestId)!);
    if (list.length > 0) out.set(g.id, { description: g.description, tests: list });
  }
  return out;
}

