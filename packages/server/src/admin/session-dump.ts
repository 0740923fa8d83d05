import { eq } from "drizzle-orm";
import { roleName, type SessionDump } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";

/** GET /api/session: what the session holds, by name (never its secret nor the secret's hash). */
export async function sessionDump({ db }: { db: Db }, scope: Scope): Promise<SessionDump> {
  const [session] = await db.select().from(sessions).where(eq(sessions.idHash, scope.sessionIdHash)).limit(1);
  const [impersonator] = scope.impersonatorUserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, scope.impersonatorUserId)).limit(1)
    : [];
  const variables: SessionDump["variables"] = [
    { name: "user_id", value: scope.userId },
    { name: "email_address", value: scope.user.email },
    { name: "first_name", value: scope.user.firstName },
    { name: "last_name", value: scope.user.lastName },
    { name: "account_id", value: scope.user.accountId },
    { name: "office_id", value: scope.user.officeId },
    { name: "language", value: scope.user.language },
    { name: "method", value: session?.method ?? null },
    { name: "access_code_candidate_id", value: scope.candidateId },
    { name: "access_code_assigned_test_id", value: scope.codeTestId },
    { name: "impersonator_user_id", value: scope.impersonatorUserId },
    { name: "impersonator_email_address", value: impersonator?.email ?? null },
    { name: "created_at", value: session?.createdAt.toISOString() ?? null },
    { name: "last_seen_at", value: session?.lastSeenAt.toISOString() ?? null },
    { name: "expires_at", value: session?.expiresAt.toISOString() ?? null },
  ];
  return {
    variables,
    roles: [...scope.roles].sort((a, b) => a - b).map((id) => ({ id, name: roleName(id) })),
    permissions: [...scope.permissions].sort(),
  };
}
