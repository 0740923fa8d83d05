import { and, eq, lt, or, sql } from "drizzle-orm";
import { derivePermissions, parseLanguage, DEFAULT_LANGUAGE, Role, type Permission, type Service } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { accounts, candidates, sessions, users } from "../db/schema.js";
import type { Caller } from "../http/caller.js";
import { hashSecret, newSecret } from "./tokens.js";

export const SESSION_COOKIE = "parlance_session";

export interface SessionTimes {
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
}

/** What a session opens: a password (or single sign-on) session the whole user, an access code its one test (of one candidate profile). */
export type SessionGrant = { method: "password" } | { method: "sso" } | { method: "access_code"; candidateId: number; assignedTestId: number };

/** Creates a session and returns the secret for the cookie (only its hash is stored). */
export async function createSession(
  db: Db,
  times: SessionTimes,
  userId: number,
  grant: SessionGrant = { method: "password" },
  impersonatorUserId: number | null = null,
): Promise<string> {
  const secret = newSecret();
  const now = Date.now();
  await db.insert(sessions).values({
    idHash: hashSecret(secret),
    userId,
    impersonatorUserId,
    method: grant.method,
    candidateId: grant.method === "access_code" ? grant.candidateId : null,
    assignedTestId: grant.method === "access_code" ? grant.assignedTestId : null,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + times.sessionAbsoluteMs),
  });
  return secret;
}

export async function destroySession(db: Db, secret: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, hashSecret(secret)));
}

export async function destroyUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Only touch last_seen_at once a minute: idle expiry needs no finer grain, and it spares writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The caller behind a session secret, or null when the session is unknown, idle too long or past
 * its absolute lifetime (an expired session is deleted). An access-code session is a Candidate of
 * its profile's account only: its roles, account and office come from that profile, not the user.
 */
export async function loadCaller(db: Db, times: SessionTimes, secret: string): Promise<Caller | null> {
  const idHash = hashSecret(secret);
  const rows = await db
    .select({ session: sessions, user: users, account: accounts, profile: { accountId: candidates.accountId, officeId: candidates.officeId, deletedAt: candidates.deletedAt } })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(candidates, and(eq(candidates.id, sessions.candidateId), eq(candidates.userId, sessions.userId)))
    // The account the session acts in: the code's profile's, or the user's own.
    .leftJoin(accounts, eq(accounts.id, sql`CASE WHEN ${sessions.method} = 'access_code' THEN ${candidates.accountId} ELSE ${users.accountId} END`))
    .where(eq(sessions.idHash, idHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = Date.now();
  const idle = now - row.session.lastSeenAt.getTime() > times.sessionIdleMs;
  const expired = now >= row.session.expiresAt.getTime();
  const byCode = row.session.method === "access_code";
  // A code session whose profile is gone (deleted, or no longer this user's) ends with it.
  const profileGone = byCode && (row.session.candidateId === null || !row.profile || row.profile.deletedAt !== null);
  if (idle || expired || !row.user.isActive || profileGone) {
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash));
  }
  const { user } = row;
  const roles = byCode ? [Role.Candidate] : user.roles;
  const accountId = byCode ? row.profile!.accountId : user.accountId;
  const officeId = byCode ? row.profile!.officeId : user.officeId;
  const { account } = row;
  const permissions = derivePermissions(
    roles,
    account
      ? {
          services: account.services as Service[],
          usesProctorService: account.usesProctorService,
          prepay: account.prepay,
          invoiced: account.invoiced,
        }
      : null,
  );
  // An access-code session (role Candidate alone, no User) takes its test from the Language Testing home like a signed-in candidate.
  if (byCode && permissions.has("tests")) permissions.add("languageTesting");
  if (row.session.impersonatorUserId !== null) await keepImpersonatorsSessionView(db, row.session.impersonatorUserId, permissions);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    roles,
    accountId,
    officeId,
    permissions,
    language: parseLanguage(user.language) ?? DEFAULT_LANGUAGE,
    sessionIdHash: idHash,
    impersonatorUserId: row.session.impersonatorUserId,
    codeCandidateId: byCode ? row.session.candidateId : null,
    codeAssignedTestId: byCode ? row.session.assignedTestId : null,
  };
}

/**
 * Impersonating users inherit the impersonator's session-dump permission (evaluators-results-account.md
 * §6): an impersonator who may view the session page still may while acting as someone else.
 */
async function keepImpersonatorsSessionView(db: Db, impersonatorUserId: number, permissions: Set<Permission>): Promise<void> {
  const [impersonator] = await db.select({ roles: users.roles, isActive: users.isActive }).from(users).where(eq(users.id, impersonatorUserId));
  if (impersonator?.isActive && derivePermissions(impersonator.roles, null).has("viewSession")) permissions.add("viewSession");
}

/** Removes sessions past their absolute or idle lifetime (run as a periodic job). */
export async function purgeExpiredSessions(db: Db, times: SessionTimes): Promise<void> {
  const now = Date.now();
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - times.sessionIdleMs))),
    );
}

