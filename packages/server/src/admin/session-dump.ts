import { eq } from "drizzle-orm";
import { roleName, type SessionDump } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { sessions, users } from "../db/schema.js";
import type { Caller } from "../http/caller.js";

/** GET /api/session: what the session holds, by name (never its secret nor the secret's hash). */
export async function sessionDump({ db }: { db: Db }, caller: Caller): Promise<SessionDump> {
  const [session] = await db.select().from(sessions).where(eq(sessions.idHash, caller.sessionIdHash)).limit(1);
  const [impersonator] = caller.impersonatorUserId
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, caller.impersonatorUserId)).limit(1)
    : [];
  const variables: SessionDump["variables"] = [
    { name: "user_id", value: caller.userId },
    { name: "email_address", value: caller.email },
    { name: "first_name", value: caller.firstName },
    { name: "last_name", value: caller.lastName },
    { name: "account_id", value: caller.accountId },
    { name: "office_id", value: caller.officeId },
    { name: "language", value: caller.language },
    { name: "method", value: session?.method ?? null },
    { name: "access_code_candidate_id", value: caller.codeCandidateId },
    { name: "access_code_assigned_test_id", value: caller.codeAssignedTestId },
    { name: "impersonator_user_id", value: caller.impersonatorUserId },
    { name: "impersonator_email_address", value: impersonator?.email ?? null },
    { name: "created_at", value: session?.createdAt.toISOString() ?? null },
    { name: "last_seen_at", value: session?.lastSeenAt.toISOString() ?? null },
    { name: "expires_at", value: session?.expiresAt.toISOString() ?? null },
  ];
  return {
    variables,
    roles: [...caller.roles].sort((a, b) => a - b).map((id) => ({ id, name: roleName(id) })),
    permissions: [...caller.permissions].sort(),
  };
}
