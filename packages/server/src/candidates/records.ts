import { and, eq, isNull, sql } from "drizzle-orm";
import { candidateMessages, type CandidateMessage } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { accounts, assignedTests, candidates, candidateTests } from "../db/schema.js";
import { candidatesInScope, type ClientScope } from "../auth/scope.js";
import { forbidden, HttpError } from "../http/errors.js";

/** What the candidate services share: the one way to find a candidate in scope, and open tests. */

/** An error whose text is one of the candidate messages, sent with its i18n key. */
export const candidateError = (status: number, name: CandidateMessage) =>
  new HttpError(status, candidateMessages[name], `candidates.messages.${name}`);

/** The candidate in the caller's scope (not deleted); 404 otherwise, exactly like a missing one. */
export async function findCandidate(db: Tx, scope: ClientScope, id: number, lock = false) {
  const query = db.select().from(candidates).where(and(eq(candidates.id, id), candidatesInScope(scope)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw candidateError(404, "notFound");
  return row;
}

export async function accountOptions(db: Tx, accountId: number) {
  const [account] = await db
    .select({ id: accounts.id, name: accounts.name, medicalOption: accounts.medicalOption, usesProctorService: accounts.usesProctorService })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) throw forbidden();
  return account;
}


/** The day (YYYY-MM-DD) of an instant in Eastern time. */
export const easternDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(d);

/** Open tests: assigned, not deleted, not started, not expired, not cancelled. */
export const openTestConditions = (candidateId: number) =>
  and(
    eq(assignedTests.candidateId, candidateId),
    isNull(assignedTests.deletedAt),
    isNull(assignedTests.cancellation),
    sql`${assignedTests.state} IN ('takeable', 'needs_scheduling', 'needs_payment')`,
    sql`${assignedTests.expiresAt} > now()`,
    sql`NOT EXISTS (SELECT 1 FROM ${candidateTests} WHERE ${candidateTests.assignedTestId} = ${assignedTests.id})`,
  );

export async function testInProgress(db: Tx, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: candidateTests.id })
    .from(candidateTests)
    .where(and(eq(candidateTests.candidateId, candidateId), eq(candidateTests.state, "in_progress")))
    .limit(1);
  return row !== undefined;
}
