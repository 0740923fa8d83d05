import { and, eq, ne, sql } from "drizzle-orm";
import { accountProfileMessages, passwordProblem, type AccountProfileMessage, type accountRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { sessions, users } from "../db/schema.js";
import { pgCode } from "../db/pg-code.js";
import { audit } from "../audit/audit.js";
import type { Scope } from "../auth/scope.js";
import { authError } from "../auth/messages.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { limitedTry, type RateRule } from "../auth/rate-limit.js";
import { HttpError, notFound, tooManyRequests } from "../http/errors.js";
import type { InputOf } from "../http/implement-area.js";

type Ctx = Pick<AppContext, "db">;
type SaveInput = InputOf<typeof accountRoutes.saveProfile>;

export const profileError = (status: number, key: AccountProfileMessage) =>
  new HttpError(status, accountProfileMessages[key], `accountProfile.body.${key}`);

/** Wrong current passwords: at most 5 in 15 minutes per user, as sign-in allows per address. */
export const profileRules = (userId: number): RateRule[] => [{ bucket: `profile:user:${userId}`, limit: 5, windowMs: 15 * 60_000 }];

async function ownUser({ db }: Ctx, scope: Scope) {
  const [user] = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash, accountId: users.accountId })
    .from(users)
    .where(and(eq(users.id, scope.userId), eq(users.isActive, true)))
    .limit(1);
  if (!user) throw notFound("Your profile");
  return user;
}

/** The Profile screen's data: the caller's own email address. */
export async function profileOf(ctx: Ctx, scope: Scope): Promise<{ emailAddress: string }> {
  return { emailAddress: (await ownUser(ctx, scope)).email };
}

/**
 * Saves the caller's own email address and/or password (spec §3, §5). Everything is checked before
 * anything is written: the current password (failures counted per user), the new password by the
 * activation rules of the auth area, and the email not another user's. A new password ends the
 * user's other sessions; this one stays signed in.
 */
export async function saveProfile(ctx: Ctx, scope: Scope, input: SaveInput): Promise<void> {
  // Someone acting as the user never learns or sets their credentials.
  if (scope.impersonatorUserId !== null) throw profileError(403, "notWhileImpersonating");
  const user = await ownUser(ctx, scope);
  const changesPassword = input.new_password1 !== "" || input.new_password2 !== "";
  if (changesPassword) {
    const problem = passwordProblem(input.new_password1, input.new_password2);
    if (problem) throw authError(400, problem);
  }
  const changesEmail = input.email_address !== user.email;
  if (!changesPassword && !changesEmail) throw profileError(400, "nothingChanged");

  await limitedTry(ctx.db, profileRules(user.id), tooManyRequests, async () =>
    (await verifyPassword(user.passwordHash, input.password)) ? { ok: true, value: undefined } : { ok: false, error: profileError(400, "currentPasswordWrong") },
  );

  if (changesEmail) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email_address})`, ne(users.id, user.id)))
      .limit(1);
    if (taken) throw profileError(409, "emailTaken");
  }
  const passwordHash = changesPassword ? await hashPassword(input.new_password1) : undefined;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: input.email_address, ...(passwordHash ? { passwordHash } : {}) })
        .where(eq(users.id, user.id));
      if (passwordHash) await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.idHash, scope.sessionIdHash)));
      await audit({ db: tx }, {
        actor: scope,
        action: "account.profile_saved",
        targetType: "user",
        targetId: user.id,
        details: { emailChanged: changesEmail, passwordChanged: changesPassword },
      });
    });
  } catch (err) {
    // Another user took the address between the check and the write.
    if (pgCode(err) === "23505") throw profileError(409, "emailTaken");
    throw err;
  }
}
