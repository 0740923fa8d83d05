import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { CLIENT_ROLES, Role, type Permission } from "@parlance/contract";
import { assignedTests, candidates, offices } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { forbidden } from "../http/errors.js";

/**
 * The one tenant scope: which rows a request may reach. Every service is called as
 * `(ctx, scope, input)` and restricts its queries with the helpers below and nothing else, so the
 * rule is written once: a client session reaches its account (and an office-bound one its office),
 * a candidate session its own candidate profiles (an access-code session the code's profile only),
 * provider staff no client rows except through their own staff permissions.
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
  /** Recorded with every audited action of this request. */
  impersonatorUserId: number | null;
  ip: string | undefined;
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

/**
 * Candidates a client reaches: the account's, not deleted, and for an office-bound caller only
 * their office's (an account-level candidate is outside an office user's reach).
 */
export function candidatesInScope(scope: ClientScope): SQL {
  return and(
    eq(candidates.accountId, scope.accountId),
    isNull(candidates.deletedAt),
    scope.officeId === null ? undefined : eq(candidates.officeId, scope.officeId),
  )!;
}

/** Offices a client reaches: the account's, and an office-bound caller's own office only. */
export function officesInScope(scope: ClientScope): SQL {
  const account = eq(offices.accountId, scope.accountId);
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
