import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { CLIENT_ROLES, Role, type Language, type Permission } from "@parlance/contract";
import { assignedTests, candidates, offices, proctoringReservations, proctoringReservationTests } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { forbidden } from "../http/errors.js";

/**
 * The one tenant scope: which rows a request may reach. Every service is called as
 * `(ctx, scope, input)` and restricts its queries with the helpers below and nothing else, so the
 * rule is written once: a client session reaches its account (and an office-bound one its office),
 * a candidate session its own candidate profiles (an access-code session the code's profile only),
 * provider staff no client rows except through their own staff permissions. Hand-written SQL uses
 * the same rule through `scopeSql`; scope-sites.unit.test.ts fails on a tenant filter written
 * anywhere else.
 */
export type SessionKind = "staff" | "client" | "candidate" | "candidateByCode";

export interface Scope {
  kind: SessionKind;
  userId: number;
  /** The account of a client session, or of an access code's profile; null for staff and password candidates. */
  accountId: number | null;
  /** Set for office-bound client users (and a code profile's office): their rows are that office's. */
  officeId: number | null;
  /** An access-code session's one candidate profile; null otherwise. */
  candidateId: number | null;
  /** An access-code session's one assigned test (the code names it); null otherwise. */
  codeTestId: number | null;
  permissions: ReadonlySet<Permission>;
  /** The session's roles (an access-code session: Candidate alone, whatever the user holds). */
  roles: number[];
  /** The session row's key (a password change ends the user's other sessions). */
  sessionIdHash: string;
  /** The signed-in user as screens and mails show them. */
  user: SessionUser;
  /** Recorded with every audited action of this request. */
  impersonatorUserId: number | null;
  ip: string | undefined;
}

/**
 * The signed-in user's own details. Their account and office are the user's as the session holds
 * them (a password candidate's user keeps its account, which the scope's reach leaves out): for
 * display only, never to restrict rows.
 */
export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  accountId: number | null;
  officeId: number | null;
}

/** A scope that reaches one client account's rows (and perhaps one office's only). */
export interface ClientScope extends Scope {
  accountId: number;
}

function kindOf(caller: Caller): SessionKind {
  if (caller.codeCandidateId !== null) return "candidateByCode";
  if (caller.accountId !== null && caller.roles.some((r) => CLIENT_ROLES.includes(r))) return "client";
  // Any other role than Candidate is the provider's own staff.
  if (caller.roles.some((r) => r !== Role.Candidate && !CLIENT_ROLES.includes(r))) return "staff";
  return "candidate";
}

export function scopeOf(caller: Caller, ip?: string): Scope {
  const kind = kindOf(caller);
  return {
    kind,
    userId: caller.userId,
    // A password candidate's rows are their profiles, across employers: no one account.
    accountId: kind === "candidate" || kind === "staff" ? null : caller.accountId,
    officeId: kind === "candidate" || kind === "staff" ? null : caller.officeId,
    candidateId: caller.codeCandidateId,
    codeTestId: caller.codeAssignedTestId ?? null,
    permissions: caller.permissions,
    roles: caller.roles,
    sessionIdHash: caller.sessionIdHash,
    user: {
      email: caller.email,
      firstName: caller.firstName,
      lastName: caller.lastName,
      language: caller.language,
      accountId: caller.accountId,
      officeId: caller.officeId,
    },
    impersonatorUserId: caller.impersonatorUserId,
    ip,
  };
}

/** The client scope of a client session; anyone else is refused (403). */
export function clientScope(scope: Scope): ClientScope {
  if (scope.kind !== "client" || scope.accountId === null) throw forbidden();
  return scope as ClientScope;
}

/** Whether the scope is bound to one office (office users and office administrators). */
export const officeBound = (scope: ClientScope): boolean => scope.officeId !== null;

/** What the client helpers read of a scope (a search's, a job's for one account). */
type Reach = Pick<ClientScope, "accountId" | "officeId">;

/**
 * Rows of the scope's account whatever their office: account-wide records (the account's tests,
 * its assigned tests before their candidate is checked) and lookups narrowed by other means.
 */
export function inAccount(scope: Pick<ClientScope, "accountId">, table: { accountId: AnyPgColumn }): SQL {
  return eq(table.accountId, scope.accountId);
}

/**
 * Rows of a client table that records each row's account and office (paper packages, invoices,
 * uploads): the account's, and for an office-bound caller only their office's.
 */
export function rowsInScope(scope: Reach, table: { accountId: AnyPgColumn; officeId: AnyPgColumn }): SQL {
  return scope.officeId === null ? inAccount(scope, table) : and(inAccount(scope, table), eq(table.officeId, scope.officeId))!;
}

/**
 * Candidates a client reaches: the account's, not deleted, and for an office-bound caller only
 * their office's (an account-level candidate is outside an office user's reach).
 */
export function candidatesInScope(scope: Reach): SQL {
  return and(
    eq(candidates.accountId, scope.accountId),
    isNull(candidates.deletedAt),
    scope.officeId === null ? undefined : eq(candidates.officeId, scope.officeId),
  )!;
}

/** Offices a client reaches: the account's, and an office-bound caller's own office only. */
export function officesInScope(scope: Reach): SQL {
  const account = inAccount(scope, offices);
  return scope.officeId === null ? account : and(account, eq(offices.id, scope.officeId))!;
}

/**
 * The candidate profiles a session takes tests as: every profile linked to the user after a
 * password sign-in (one per employer: the Choose Employer case), only the code's profile after an
 * access-code sign-in. Every candidate-side query restricts `candidates` with this.
 */
export function ownCandidateProfiles(scope: Pick<Scope, "userId" | "candidateId">): SQL {
  return and(eq(candidates.userId, scope.userId), scope.candidateId === null ? undefined : eq(candidates.id, scope.candidateId))!;
}

/**
 * The assigned tests a candidate session reaches: its profiles' (ownCandidateProfiles), and for an
 * access-code session only the code's own test — a code opens the one test it names. Queries of
 * `assigned_tests` joined to `candidates` on the candidate side restrict with this.
 */
export function ownAssignedTests(scope: Pick<Scope, "userId" | "candidateId" | "codeTestId">): SQL {
  return and(ownCandidateProfiles(scope), scope.codeTestId === null ? undefined : eq(assignedTests.id, scope.codeTestId))!;
}

/**
 * Rows a person keeps for themselves (an evaluator's or proctor's availability): the signed-in
 * user's own and nobody else's, whatever their role or account. Anyone else's row answers 404.
 */
export function ownRows(userIdColumn: AnyPgColumn, scope: Pick<Scope, "userId">): SQL {
  return eq(userIdColumn, scope.userId);
}

/**
 * The tests a proctor reaches: those held by the live proctoring reservations booked with them
 * (a cancelled reservation releases its tests), whatever their role or account; on a query that
 * joins proctoring_reservation_tests to proctoring_reservations. The proctor's list of proctored
 * tests and the answers file upload both restrict with this.
 */
export function proctoredBy(scope: Pick<Scope, "userId">): SQL {
  return and(eq(proctoringReservations.proctorUserId, scope.userId), isNull(proctoringReservationTests.releasedAt))!;
}

/** A table alias of hand-written SQL: a plain name, never input. */
function alias(name: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a table alias: ${name}`);
  return sql.raw(name);
}

/**
 * The same rules for hand-written SQL (the tuned searches), on a table alias. Conditions are
 * joined by a bare AND, with no parentheses, so that a list of conditions stays the same text
 * the planner's indexes were tuned for.
 */
export const scopeSql = {
  /** inAccount: `<a>.account_id = …`. */
  inAccount(scope: Pick<ClientScope, "accountId">, a: string): SQL {
    return sql`${alias(a)}.account_id = ${scope.accountId}`;
  },
  /** rowsInScope: the account's rows, an office-bound caller's office's only. */
  rows(scope: Reach, a: string): SQL {
    return scope.officeId === null ? scopeSql.inAccount(scope, a) : sql`${scopeSql.inAccount(scope, a)} AND ${alias(a)}.office_id = ${scope.officeId}`;
  },
  /** candidatesInScope on an alias of `candidates`. */
  candidates(scope: Reach, a: string): SQL {
    const office = scope.officeId === null ? sql`` : sql` AND ${alias(a)}.office_id = ${scope.officeId}`;
    return sql`${scopeSql.inAccount(scope, a)} AND ${alias(a)}.deleted_at IS NULL${office}`;
  },
  /** officesInScope on an alias of `offices`. */
  offices(scope: Reach, a: string): SQL {
    return scope.officeId === null ? scopeSql.inAccount(scope, a) : sql`${scopeSql.inAccount(scope, a)} AND ${alias(a)}.id = ${scope.officeId}`;
  },
};
