import { and, asc, count, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  mayChangeRole,
  PAGE_SIZE,
  pageCountOf,
  parseLanguage,
  Role,
  roleName,
  STAFF_ROLES,
  staffMessages,
  DEFAULT_LANGUAGE,
  type backofficeStaffRoutes,
  type StaffDetail,
  type StaffList,
  type StaffMessage,
  type StaffRoleOption,
} from "@parlance/contract";
import type { AppContext, DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { authKeys, evaluators, sessions, users } from "../../db/schema.js";
import { escapeLike } from "../../db/like.js";
import { pgCode } from "../../db/pg-code.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { sendActivationMail } from "../../auth/keys.js";
import { activatedSql, backOfficeScope } from "../accounts/service.js";
import { resendActivationTo } from "../accounts/people.js";

/**
 * The provider's staff users in the back office: people without a client account who hold a staff
 * role of the catalogue. The rules (docs/api.md "Back office"): only an Administrator grants or
 * removes Administrator; anyone else grants or removes only roles they hold, and changes only users
 * whose every role they hold; nobody changes their own roles or deactivates themselves; client-side
 * roles are never staff roles. New users get an activation link, never a password.
 */

export const staffError = (status: number, name: StaffMessage, values?: Record<string, string>) => {
  let text: string = staffMessages[name];
  for (const [k, v] of Object.entries(values ?? {})) text = text.replace(`{{${k}}}`, v);
  return new HttpError(status, text, `backofficeStaff.messages.${name}`, values);
};

const intArray = (values: readonly number[]) => sql.raw(`ARRAY[${values.map((v) => Math.trunc(v)).join(",")}]::int[]`);

/** Staff users: no client account, and some staff role. */
export const isStaffUser: SQL = and(isNull(users.accountId), sql`${users.roles} && ${intArray(STAFF_ROLES)}`)!;

/** The caller's own roles, read afresh (the scope carries permissions, not roles). */
export async function callerRoles(db: Tx, scope: Scope): Promise<number[]> {
  const [me] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, scope.userId));
  return me?.roles ?? [];
}

/** Whether the caller may change a user holding `roles`: an Administrator, or one who holds each of the user's staff roles. */
export const mayActOn = (mine: readonly number[], theirs: readonly number[]) =>
  mine.includes(Role.Administrator) || theirs.filter((r) => STAFF_ROLES.includes(r)).every((r) => mine.includes(r));

const staffRolesOf = (roles: readonly number[]) => roles.filter((r) => STAFF_ROLES.includes(r)).sort((a, b) => a - b);

export async function listStaff({ db }: DbContext, scope: Scope, input: InputOf<typeof backofficeStaffRoutes.list>): Promise<StaffList> {
  backOfficeScope(scope);
  const conditions: (SQL | undefined)[] = [isStaffUser];
  if (!input.includeInactive) conditions.push(eq(users.isActive, true));
  if (typeof input.role === "number") conditions.push(sql`${input.role} = any(${users.roles})`);
  if (input.q) {
    const like = `%${escapeLike(input.q)}%`;
    conditions.push(or(sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`, sql`${users.email} ilike ${like}`));
  }
  const where = and(...conditions);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(users).where(where);
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email, roles: users.roles, isActive: users.isActive, activated: activatedSql, lastLoginAt: users.lastLoginAt })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((input.page - 1) * PAGE_SIZE);
  return {
    users: rows.map((r) => ({
      id: r.id,
      name: `${r.first} ${r.last}`.trim(),
      email: r.email,
      roles: staffRolesOf(r.roles),
      isActive: r.isActive,
      activated: r.activated,
      lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
    })),
    itemCount,
    pageCount: pageCountOf(itemCount),
  };
}

/** The catalogue's staff roles, each with whether the caller may grant and remove it. */
export async function staffRoleOptions({ db }: DbContext, scope: Scope): Promise<{ roles: StaffRoleOption[] }> {
  backOfficeScope(scope);
  const mine = await callerRoles(db, scope);
  return { roles: STAFF_ROLES.map((id) => ({ id, name: roleName(id), grantable: mayChangeRole(mine, id) })) };
}

/** A staff user (active or not), locked for an edit when asked; anyone else 404. */
async function findStaff(db: Tx, id: number, lock = false) {
  const query = db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, roles: users.roles, language: users.language, isActive: users.isActive, lastLoginAt: users.lastLoginAt, activated: activatedSql })
    .from(users)
    .where(and(isStaffUser, eq(users.id, id)));
  const [row] = lock ? await query.for("update", { of: users }) : await query;
  if (!row) throw staffError(404, "notFound");
  return row;
}

export async function getStaff({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<StaffDetail> {
  backOfficeScope(scope);
  const user = await findStaff(db, id);
  const mine = await callerRoles(db, scope);
  const [profile] = await db.select({ id: evaluators.userId }).from(evaluators).where(eq(evaluators.userId, id));
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    language: parseLanguage(user.language) ?? DEFAULT_LANGUAGE,
    roles: staffRolesOf(user.roles),
    isActive: user.isActive,
    activated: user.activated,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    isSelf: user.id === scope.userId,
    canEdit: mayActOn(mine, user.roles),
    isEvaluator: profile !== undefined,
  };
}

/** Refuses a role outside the staff catalogue (400) or one the caller may not grant or remove (403). */
function checkRoleChanges(mine: readonly number[], changed: readonly number[]) {
  const client = changed.find((r) => !STAFF_ROLES.includes(r));
  if (client !== undefined) throw staffError(400, "clientRole", { role: roleName(client) });
  for (const r of changed) {
    if (mayChangeRole(mine, r)) continue;
    if (r === Role.Administrator) throw staffError(403, "onlyAdministratorGrantsAdministrator");
    throw staffError(403, "roleNotHeld", { role: roleName(r) });
  }
}

/**
 * Creates a staff user (no id) and mails them an activation link, or changes one's name, email,
 * language and roles. Returns the id and whether they were created.
 */
export async function saveStaff(ctx: AppContext, anyScope: Scope, input: InputOf<typeof backofficeStaffRoutes.edit>): Promise<{ id: number; created: boolean }> {
  const scope = backOfficeScope(anyScope);
  let result: { id: number; created: boolean };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const mine = await callerRoles(tx, scope);
      const emailTaken = async (exceptId?: number) =>
        (await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${input.emailAddress})`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
          .limit(1)).length > 0;

      if (input.id === undefined) {
        checkRoleChanges(mine, input.roles);
        if (await emailTaken()) throw staffError(409, "emailTaken");
        const roles = [...input.roles, Role.User];
        const [created] = await tx
          .insert(users)
          .values({ accountId: null, officeId: null, email: input.emailAddress, firstName: input.firstName, lastName: input.lastName, roles, language: input.language, passwordHash: null })
          .returning({ id: users.id });
        await audit({ db: tx }, { actor: scope, action: "backoffice.staff_create", targetType: "user", targetId: created.id, details: { email: input.emailAddress, roles } });
        return { id: created.id, created: true };
      }

      const before = await findStaff(tx, input.id, true);
      if (!mayActOn(mine, before.roles)) throw staffError(403, "userOutranks");
      const oldStaff = staffRolesOf(before.roles);
      const added = input.roles.filter((r) => !oldStaff.includes(r));
      const removed = oldStaff.filter((r) => !input.roles.includes(r));
      if ((added.length > 0 || removed.length > 0) && before.id === scope.userId) throw staffError(422, "notOwnRoles");
      checkRoleChanges(mine, [...added, ...removed]);
      if (await emailTaken(before.id)) throw staffError(409, "emailTaken");
      // Roles outside the staff catalogue (say, a candidate's) stay as they were; User (14) is always there.
      const kept = before.roles.filter((r) => !STAFF_ROLES.includes(r) && r !== Role.User);
      const roles = [...input.roles, ...kept, Role.User];
      await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, email: input.emailAddress, language: input.language, roles })
        .where(eq(users.id, before.id));
      await audit(
        { db: tx },
        {
          actor: scope,
          action: "backoffice.staff_update",
          targetType: "user",
          targetId: before.id,
          details: { rolesBefore: before.roles, roles, ...(before.email === input.emailAddress ? {} : { emailBefore: before.email, email: input.emailAddress }) },
        },
      );
      return { id: before.id, created: false };
    });
  } catch (err) {
    if (pgCode(err) === "23505") throw staffError(409, "emailTaken");
    throw err;
  }
  if (result.created) await sendActivationMail(ctx, result.id);
  return result;
}

/** Deactivates (sessions and open links end at once) or reactivates a staff user. */
export async function setStaffActive({ db }: DbContext, anyScope: Scope, input: InputOf<typeof backofficeStaffRoutes.setActive>): Promise<void> {
  const scope = backOfficeScope(anyScope);
  await db.transaction(async (tx) => {
    const user = await findStaff(tx, input.id, true);
    if (user.id === scope.userId) throw staffError(422, "notSelf");
    if (!mayActOn(await callerRoles(tx, scope), user.roles)) throw staffError(403, "userOutranks");
    if (user.isActive === input.active) return;
    await tx.update(users).set({ isActive: input.active }).where(eq(users.id, user.id));
    if (!input.active) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(authKeys).where(and(eq(authKeys.userId, user.id), isNull(authKeys.usedAt)));
    }
    await audit({ db: tx }, { actor: scope, action: input.active ? "backoffice.staff_reactivate" : "backoffice.staff_deactivate", targetType: "user", targetId: user.id, details: { email: user.email } });
  });
}

export async function resendStaffActivation(ctx: AppContext, anyScope: Scope, { id }: { id: number }): Promise<void> {
  const scope = backOfficeScope(anyScope);
  const user = await findStaff(ctx.db, id);
  if (!mayActOn(await callerRoles(ctx.db, scope), user.roles)) throw staffError(403, "userOutranks");
  await resendActivationTo(ctx, scope, user.id, {
    accountId: null,
    notFound: () => staffError(404, "notFound"),
    alreadyActivated: () => staffError(409, "alreadyActivated"),
  });
}
