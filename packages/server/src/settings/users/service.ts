import { and, asc, count, eq, isNull, ne, sql, type SQL } from "drizzle-orm";
import {
  CLIENT_ROLES,
  OFFICE_ROLES,
  PAGE_SIZE,
  pageCountOf,
  Role,
  specMessages,
  userMessages,
  userPasswordProblem,
  type TestingUserList,
  type TestingUserRow,
  type UserMessage,
} from "@parlance/contract";
import { assignedTests, authKeys, candidates, sessions, users } from "../../db/schema.js";
import type { DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { inAccount, type ClientScope, type Scope } from "../../auth/scope.js";
import { badRequest, HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { hashPassword } from "../../auth/passwords.js";
import { listReachOf, resolveLevel, type ListReach } from "../lists/scope.js";
import { pgCode } from "../../db/pg-code.js";

/** An error whose text is one of the user messages, sent with its i18n key. */
const userError = (status: number, name: UserMessage) =>
  new HttpError(status, userMessages[name], `settingsLists.users.messages.${name}`);

/** The two roles of a level: [regular, administrator]. Account level 15/16, office level 17/18. */
function rolesOfLevel(level: number | null): [number, number] {
  return level === null
    ? [Role.TestingAccountUser, Role.TestingAccountAdministrator]
    : [Role.TestingOfficeUser, Role.TestingOfficeAdministrator];
}

const intArray = (values: readonly number[]) => sql.raw(`ARRAY[${values.map((v) => Math.trunc(v)).join(",")}]::int[]`);

/** Active testing users of one level of the account. */
function atLevel(reach: Pick<ClientScope, "accountId">, level: number | null): SQL {
  return and(
    inAccount(reach, users),
    level === null ? isNull(users.officeId) : eq(users.officeId, level),
    sql`${users.roles} && ${intArray(rolesOfLevel(level))}`,
    eq(users.isActive, true),
  )!;
}

/** Active testing users the scope reaches: any level of the account, or their own office's. */
function inReach(reach: ListReach): SQL {
  const accountWide = and(inAccount(reach, users), eq(users.isActive, true))!;
  if (reach.officeId !== null) return and(accountWide, atLevel(reach, reach.officeId))!;
  return and(
    accountWide,
    sql`((${users.officeId} IS NULL AND ${users.roles} && ${intArray(rolesOfLevel(null))})
      OR (${users.officeId} IS NOT NULL AND ${users.roles} && ${intArray(OFFICE_ROLES)}))`,
  )!;
}

const columns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  roles: users.roles,
  officeId: users.officeId,
};
type UserRecord = { id: number; firstName: string; lastName: string; email: string; roles: number[]; officeId: number | null };

function rowOf(u: UserRecord, scope: Scope): TestingUserRow {
  const [, admin] = rolesOfLevel(u.officeId);
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    isAdministrator: u.roles.includes(admin),
    officeId: u.officeId,
    isSelf: u.id === scope.userId,
  };
}

/** One page of a level's testing users, by last name, first name, then id. */
export async function listUsers({ db }: DbContext, scope: Scope, { officeId, page }: { officeId?: number; page: number }): Promise<TestingUserList> {
  const level = await resolveLevel(db, scope, officeId);
  const where = atLevel(level, level.level);
  const [{ itemCount }] = await db.select({ itemCount: count() }).from(users).where(where);
  const rows = await db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { users: rows.map((u) => rowOf(u, scope)), itemCount, pageCount: pageCountOf(itemCount) };
}

async function findUser(db: Tx, reach: ListReach, id: number, lock = false): Promise<UserRecord> {
  const query = db.select(columns).from(users).where(and(inReach(reach), eq(users.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  // Another account's user, another office's, a candidate, a deactivated user, or no user at all.
  if (!row) throw userError(404, "notFound");
  return row;
}

export async function getUser({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<TestingUserRow> {
  return rowOf(await findUser(db, listReachOf(scope), id), scope);
}

export interface UserChanges {
  id?: number;
  officeId?: number;
  /** Trimmed and length-checked by the contract. */
  firstName: string;
  lastName: string;
  emailAddress: string;
  password?: string;
  isAdministrator?: boolean;
}

/**
 * Creates (no id) or updates a testing user at a level; returns the id. A new user needs a
 * password; an existing user's password changes only when they edit themselves. Emails are
 * unique across the portal, ignoring case.
 */
export async function saveUser({ db }: DbContext, scope: Scope, changes: UserChanges): Promise<number> {
  const isSelf = changes.id !== undefined && changes.id === scope.userId;
  if (changes.id === undefined && !changes.password) throw badRequest(specMessages.requiredFieldMissing, "specMessages.requiredFieldMissing");
  // Checked before anything is read, so that the answer says nothing about the user.
  if (changes.password !== undefined && changes.id !== undefined && !isSelf) throw userError(422, "notOwnPassword");
  if (changes.password !== undefined) {
    const problem = userPasswordProblem(changes.password);
    if (problem) throw userError(400, problem);
  }
  const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);

  try {
    return await db.transaction(async (tx) => {
      const level = await resolveLevel(tx, scope, changes.officeId);
      const [regular, admin] = rolesOfLevel(level.level);
      const otherWithEmail = (exceptId?: number) =>
        tx
          .select({ id: users.id, accountId: users.accountId, roles: users.roles, isActive: users.isActive })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${changes.emailAddress})`, exceptId === undefined ? undefined : ne(users.id, exceptId)))
          .limit(1);

      if (changes.id !== undefined) {
        // Found only at the level the form belongs to: users do not move between levels.
        const existing = await findUser(tx, level, changes.id, true);
        if ((existing.officeId ?? null) !== level.level) throw userError(404, "notFound");
        const wasAdmin = existing.roles.includes(admin);
        const isAdmin = changes.isAdministrator ?? wasAdmin;
        if (isSelf && isAdmin !== wasAdmin) throw userError(422, "cannotChangeOwnAccess");
        const [taken] = await otherWithEmail(existing.id);
        if (taken) throw userError(409, "emailTaken");
        const roles = [...existing.roles.filter((r) => r !== regular && r !== admin), isAdmin ? admin : regular];
        await tx
          .update(users)
          .set({
            firstName: changes.firstName,
            lastName: changes.lastName,
            email: changes.emailAddress,
            roles,
            ...(passwordHash === undefined ? {} : { passwordHash }),
          })
          .where(eq(users.id, existing.id));
        await audit({ db: tx }, { actor: scope, accountId: level.accountId, action: "users.update", targetType: "user", targetId: existing.id, details: { rolesBefore: existing.roles, roles } });
        return existing.id;
      }

      const role = changes.isAdministrator ? admin : regular;
      const [taken] = await otherWithEmail();
      if (taken) {
        // A deactivated testing user of this account comes back rather than blocking their address.
        const isOwnDeactivated =
          !taken.isActive && taken.accountId === level.accountId && taken.roles.some((r) => CLIENT_ROLES.includes(r));
        if (!isOwnDeactivated) throw userError(409, "emailTaken");
        await tx
          .update(users)
          .set({
            firstName: changes.firstName,
            lastName: changes.lastName,
            email: changes.emailAddress,
            officeId: level.level,
            roles: [...taken.roles.filter((r) => !CLIENT_ROLES.includes(r) && r !== Role.User), role, Role.User],
            passwordHash: passwordHash!,
            isActive: true,
          })
          .where(eq(users.id, taken.id));
        await audit({ db: tx }, { actor: scope, accountId: level.accountId, action: "users.reactivate", targetType: "user", targetId: taken.id, details: { rolesBefore: taken.roles, roles: [role, Role.User] } });
        return taken.id;
      }
      const [created] = await tx
        .insert(users)
        .values({
          accountId: level.accountId,
          officeId: level.level,
          email: changes.emailAddress,
          firstName: changes.firstName,
          lastName: changes.lastName,
          // Role 14 (User) is every signed-in person's base role.
          roles: [role, Role.User],
          passwordHash: passwordHash!,
        })
        .returning({ id: users.id });
      await audit({ db: tx }, { actor: scope, accountId: level.accountId, action: "users.create", targetType: "user", targetId: created.id, details: { roles: [role, Role.User] } });
      return created.id;
    });
  } catch (err) {
    // Two saves racing for one address: the unique index decides, the loser hears why.
    if (pgCode(err) === "23505") throw userError(409, "emailTaken");
    throw err;
  }
}

/** Whether a user has records that must keep pointing at them. */
async function userHasHistory(tx: Tx, userId: number): Promise<boolean> {
  const [assigned] = await tx.select({ id: assignedTests.id }).from(assignedTests).where(eq(assignedTests.assignedByUserId, userId)).limit(1);
  if (assigned) return true;
  const [candidate] = await tx.select({ id: candidates.id }).from(candidates).where(eq(candidates.userId, userId)).limit(1);
  return candidate !== undefined;
}

export type DeleteOutcome = "deleted" | "deactivated";

/**
 * Deletes a testing user. A user who is also something else (a candidate, say) only loses their
 * testing role; one with history (tests they assigned) is deactivated: gone from the lists and
 * from sign-in, while the history keeps pointing at them. Every delete is audited.
 */
export async function deleteUser({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<DeleteOutcome> {
  const reach = listReachOf(scope);
  return db.transaction(async (tx) => {
    const user = await findUser(tx, reach, id, true);
    if (user.id === scope.userId) throw userError(422, "cannotDeleteSelf");
    const otherRoles = user.roles.filter((r) => !CLIENT_ROLES.includes(r) && r !== Role.User);
    let outcome: DeleteOutcome = "deleted";
    let how: "removed" | "rolesRemoved" | "deactivated";
    if (otherRoles.length > 0) {
      await tx
        .update(users)
        .set({ roles: user.roles.filter((r) => !CLIENT_ROLES.includes(r)) })
        .where(eq(users.id, user.id));
      how = "rolesRemoved";
    } else if (await userHasHistory(tx, user.id)) {
      how = "deactivated";
    } else {
      try {
        // A savepoint: if some other table still points at the user, fall back to deactivating.
        await tx.transaction(async (sp) => {
          await sp.delete(users).where(eq(users.id, user.id));
        });
        how = "removed";
      } catch (err) {
        if (pgCode(err) !== "23503") throw err;
        how = "deactivated";
      }
    }
    if (how === "deactivated") {
      outcome = "deactivated";
      await tx.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(authKeys).where(eq(authKeys.userId, user.id));
    }
    await audit(
      { db: tx },
      {
        actor: scope,
        action: "testingusers.delete",
        targetType: "user",
        targetId: user.id,
        details: { email: user.email, name: `${user.firstName} ${user.lastName}`.trim(), officeId: user.officeId, how },
      },
    );
    return outcome;
  });
}
