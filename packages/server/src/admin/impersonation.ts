import { and, asc, eq, ne, sql } from "drizzle-orm";
import { CLIENT_ROLES, impersonationMessages, Role, USER_SEARCH_LIMIT, type impersonationRoutes, type UserSearchResult } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { users } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";

/**
 * Who may act as whom (evaluators-results-account.md §6: roles 4, 5, 13, 34 and 40 impersonate).
 * Client-side roles — the client and candidate roles and the base role User — are anyone's with
 * the permission to act as; any other role (provider staff) only the impersonator's own, and an
 * Administrator never: acting as someone never opens more than the impersonator holds themselves.
 */
const CLIENT_SIDE_ROLES: ReadonlySet<number> = new Set([
  ...CLIENT_ROLES,
  Role.Candidate,
  Role.User,
  7, // Client
  8, // Translation Client
  9, // Testing Client
  21, // Training Client
  29, // Solutions Client
  36, // Interpretation Client
]);

export function mayActAs(impersonatorRoles: readonly number[], targetRoles: readonly number[]): boolean {
  if (targetRoles.includes(Role.Administrator)) return false;
  return targetRoles.every((r) => CLIENT_SIDE_ROLES.has(r) || impersonatorRoles.includes(r));
}

const refused = (status: number, key: keyof typeof impersonationMessages) => new HttpError(status, impersonationMessages[key], `admin.impersonate.errors.${key}`);

/** `%term%` for LIKE, with the term's own wildcards taken literally. */
const containing = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /search_users: active users the caller may act as, by name or email; label "Name <email>", value the email. */
export async function searchUsers({ db }: { db: Db }, scope: Scope, { term }: InputOf<typeof impersonationRoutes.searchUsers>): Promise<UserSearchResult[]> {
  const like = containing(term);
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, roles: users.roles })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        ne(users.id, scope.userId),
        sql`(lower(${users.email}) LIKE ${like} OR lower(${users.firstName} || ' ' || ${users.lastName}) LIKE ${like})`,
        // Administrators are never offered (checked again below with the staff roles).
        sql`NOT (${Role.Administrator} = ANY(${users.roles}))`,
      ),
    )
    .orderBy(asc(sql`lower(${users.email})`))
    // More than shown: some of them may hold a staff role the caller lacks.
    .limit(USER_SEARCH_LIMIT * 5);
  await audit({ db }, { actor: scope, action: "impersonation.search", details: { term } });
  return rows
    .filter((u) => mayActAs(scope.roles, u.roles))
    .slice(0, USER_SEARCH_LIMIT)
    .map((u) => ({ label: `${u.firstName} ${u.lastName} <${u.email}>`, value: u.email }));
}

/**
 * Checks that the caller may act as the user with this address and returns that user. Every refusal
 * is audited with its reason before it is answered.
 */
export async function impersonationTarget({ db }: { db: Db }, scope: Scope, { email_address }: InputOf<typeof impersonationRoutes.impersonateUser>) {
  const [target] = await db
    .select({ id: users.id, email: users.email, roles: users.roles, accountId: users.accountId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email_address})`, eq(users.isActive, true)))
    .limit(1);
  const refuse = async (status: number, key: keyof typeof impersonationMessages) => {
    await audit({ db }, { actor: scope, action: "impersonation.refused", targetType: "user", targetId: target?.id, details: { email: email_address, reason: key } });
    return refused(status, key);
  };
  if (scope.impersonatorUserId !== null) throw await refuse(409, "alreadyActing");
  if (!target) throw await refuse(404, "noSuchUser");
  if (target.id === scope.userId) throw await refuse(409, "self");
  if (!mayActAs(scope.roles, target.roles)) throw await refuse(403, "notAllowed");
  return target;
}

/** The impersonator of an impersonated session, still able to sign in (else there is nothing to return to). */
export async function returningUser({ db }: { db: Db }, scope: Scope) {
  if (scope.impersonatorUserId === null) throw refused(409, "notActing");
  const [back] = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(and(eq(users.id, scope.impersonatorUserId), eq(users.isActive, true)))
    .limit(1);
  return back ?? null;
}

/** Who is really acting in an impersonated session, as the "acting as" banner names them. */
export async function impersonatorOf({ db }: { db: Db }, impersonatorUserId: number): Promise<{ name: string; email: string } | undefined> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, impersonatorUserId)).limit(1);
  return row ? { name: `${row.firstName} ${row.lastName}`, email: row.email } : undefined;
}
