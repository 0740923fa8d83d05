import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { officeMessages, Role, type backofficeAccountRoutes } from "@parlance/contract";
import type { AppContext, DbContext } from "../../context.js";
import type { Tx } from "../../db/tx.js";
import { authKeys, offices, users } from "../../db/schema.js";
import { pgCode } from "../../db/pg-code.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { sendActivationMail } from "../../auth/keys.js";
import { accountError, activatedSql, backOfficeScope, findAccount } from "./service.js";

/**
 * An account's offices (add, rename, Billed Individually, close and reopen) and its account
 * administrators (created without a password: an activation link is mailed, never a password set
 * or shown). An office or user of another account answers 404, like a missing one.
 */

const officeError = (status: number, name: "nameTaken") => new HttpError(status, officeMessages[name], `offices.messages.${name}`);

async function findOffice(db: Tx, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(offices)
    .where(and(eq(offices.accountId, accountId), eq(offices.id, id)))
    .for("update");
  if (!row) throw accountError(404, "officeNotFound");
  return row;
}

/** Adds (no id) or renames an office of the account; names are unique within the account, ignoring case. */
export async function saveAccountOffice({ db }: DbContext, anyScope: Scope, input: InputOf<typeof backofficeAccountRoutes.editOffice>): Promise<number> {
  const scope = backOfficeScope(anyScope);
  return db.transaction(async (tx) => {
    // The account row lock makes office writes of one account take turns (as the client's own office screens do).
    await findAccount(tx, input.accountId, true);
    const before = input.id === undefined ? null : await findOffice(tx, input.accountId, input.id);
    const [taken] = await tx
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.accountId, input.accountId), sql`lower(${offices.name}) = lower(${input.name})`, before ? ne(offices.id, before.id) : undefined))
      .limit(1);
    if (taken) throw officeError(409, "nameTaken");
    if (!before) {
      const [created] = await tx
        .insert(offices)
        .values({ accountId: input.accountId, name: input.name, isInvoiced: input.is_invoiced ?? false })
        .returning({ id: offices.id });
      await audit({ db: tx }, { actor: scope, accountId: input.accountId, action: "backoffice.office_create", targetType: "office", targetId: created.id, details: { name: input.name, isInvoiced: input.is_invoiced ?? false } });
      return created.id;
    }
    const isInvoiced = input.is_invoiced ?? before.isInvoiced;
    await tx.update(offices).set({ name: input.name, isInvoiced }).where(eq(offices.id, before.id));
    await audit(
      { db: tx },
      { actor: scope, accountId: input.accountId, action: "backoffice.office_update", targetType: "office", targetId: before.id, details: { name: { from: before.name, to: input.name }, isInvoiced: { from: before.isInvoiced, to: isInvoiced } } },
    );
    return before.id;
  });
}

/** Closes an office (history kept, no new assignments: assignment/ honours is_closed) or reopens it. */
export async function closeAccountOffice({ db }: DbContext, anyScope: Scope, input: InputOf<typeof backofficeAccountRoutes.closeOffice>): Promise<void> {
  const scope = backOfficeScope(anyScope);
  await db.transaction(async (tx) => {
    await findAccount(tx, input.accountId, true);
    const office = await findOffice(tx, input.accountId, input.id);
    if (office.isClosed === input.closed) return;
    await tx.update(offices).set({ isClosed: input.closed }).where(eq(offices.id, office.id));
    await audit({ db: tx }, { actor: scope, accountId: input.accountId, action: input.closed ? "backoffice.office_close" : "backoffice.office_reopen", targetType: "office", targetId: office.id, details: { name: office.name } });
  });
}

/**
 * Creates a Testing Account Administrator of the account, without a password, and mails them an
 * activation link in their language. The address must be free across the portal.
 */
export async function createAccountAdministrator(ctx: AppContext, anyScope: Scope, input: InputOf<typeof backofficeAccountRoutes.createAdministrator>): Promise<number> {
  const scope = backOfficeScope(anyScope);
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      await findAccount(tx, input.accountId, true);
      const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${input.emailAddress})`).limit(1);
      if (taken) throw accountError(409, "emailTaken");
      const roles = [Role.TestingAccountAdministrator, Role.User];
      const [created] = await tx
        .insert(users)
        .values({ accountId: input.accountId, officeId: null, email: input.emailAddress, firstName: input.firstName, lastName: input.lastName, roles, language: input.language, passwordHash: null })
        .returning({ id: users.id });
      await audit(
        { db: tx },
        { actor: scope, accountId: input.accountId, action: "backoffice.account_admin_create", targetType: "user", targetId: created.id, details: { email: input.emailAddress, roles } },
      );
      return created.id;
    });
  } catch (err) {
    if (pgCode(err) === "23505") throw accountError(409, "emailTaken");
    throw err;
  }
  // After the commit: the mail job must find the user.
  await sendActivationMail(ctx, id);
  return id;
}

/**
 * Mails a fresh activation link to a user who has not activated, spending their earlier links
 * (only the newest works). Shared with the staff screens; `where` keeps the user in the caller's reach.
 */
export async function resendActivationTo(ctx: AppContext, scope: Scope, userId: number, opts: { accountId: number | null; notFound: () => HttpError; alreadyActivated: () => HttpError }): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, activated: activatedSql })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), opts.accountId === null ? isNull(users.accountId) : eq(users.accountId, opts.accountId)));
  if (!user) throw opts.notFound();
  if (user.activated) throw opts.alreadyActivated();
  await ctx.db
    .update(authKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(authKeys.userId, user.id), eq(authKeys.kind, "activation"), isNull(authKeys.usedAt)));
  await sendActivationMail(ctx, user.id);
  await audit(ctx, { actor: scope, accountId: opts.accountId, action: "backoffice.activation_resent", targetType: "user", targetId: user.id, details: { email: user.email } });
}

export async function resendAdministratorActivation(ctx: AppContext, anyScope: Scope, input: InputOf<typeof backofficeAccountRoutes.resendActivation>): Promise<void> {
  const scope = backOfficeScope(anyScope);
  await findAccount(ctx.db, input.accountId);
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.id), eq(users.accountId, input.accountId), sql`${Role.TestingAccountAdministrator} = any(${users.roles})`));
  if (!admin) throw accountError(404, "administratorNotFound");
  await resendActivationTo(ctx, scope, admin.id, {
    accountId: input.accountId,
    notFound: () => accountError(404, "administratorNotFound"),
    alreadyActivated: () => accountError(409, "alreadyActivated"),
  });
}
