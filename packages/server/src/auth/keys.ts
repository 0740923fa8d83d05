import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { parseLanguage, DEFAULT_LANGUAGE } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { authKeys, users } from "../db/schema.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { queueMail } from "../mail/outbox.js";
import { linkMail } from "../mail/templates.js";
import { authError } from "./messages.js";
import { passwordProblem } from "@parlance/contract";
import { hashPassword } from "./passwords.js";
import { destroyUserSessions } from "./sessions.js";
import { hashSecret, newSecret } from "./tokens.js";

export type KeyKind = "reset" | "activation";

type Ctx = Pick<AppContext, "db" | "config" | "jobs">;

/** Creates a single-use key for a user; only its hash is stored. Returns the secret for the link. */
export async function issueKey(ctx: Pick<AppContext, "db" | "config">, userId: number, kind: KeyKind): Promise<string> {
  const secret = newSecret();
  const lifetime = kind === "reset" ? ctx.config.resetKeyMs : ctx.config.activationKeyMs;
  await ctx.db.insert(authKeys).values({ keyHash: hashSecret(secret), userId, kind, expiresAt: new Date(Date.now() + lifetime) });
  return secret;
}

export const resetLink = (publicUrl: string, secret: string) => `${publicUrl}/set_reset_password?key=${encodeURIComponent(secret)}`;
export const activationLink = (publicUrl: string, secret: string) => `${publicUrl}/setup_account/${encodeURIComponent(secret)}`;

/** The user a key belongs to, when the key is of this kind, unused, unexpired and the user active. */
export async function findUsableKey(ctx: Pick<AppContext, "db">, secret: string, kind: KeyKind) {
  const [row] = await ctx.db
    .select({ userId: users.id, email: users.email, accountId: users.accountId })
    .from(authKeys)
    .innerJoin(users, eq(users.id, authKeys.userId))
    .where(
      and(
        eq(authKeys.keyHash, hashSecret(secret)),
        eq(authKeys.kind, kind),
        isNull(authKeys.usedAt),
        gt(authKeys.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Sets a password with a reset or activation key: the key must be usable, the password strong
 * enough and typed twice alike. The key is spent atomically (a second use, even concurrent, fails),
 * every other open key of that kind is spent too, and every session of the user ends.
 */
export async function setPasswordWithKey(
  ctx: Pick<AppContext, "db">,
  opts: { secret: string; kind: KeyKind; password: string; password2: string; ip: string },
): Promise<void> {
  const owner = await findUsableKey(ctx, opts.secret, opts.kind);
  if (!owner) throw authError(400, "invalidKey");
  const problem = passwordProblem(opts.password, opts.password2);
  if (problem) throw authError(400, problem);
  const passwordHash = await hashPassword(opts.password);
  await ctx.db.transaction(async (tx) => {
    const spent = await tx
      .update(authKeys)
      .set({ usedAt: new Date() })
      .where(and(eq(authKeys.keyHash, hashSecret(opts.secret)), isNull(authKeys.usedAt), gt(authKeys.expiresAt, new Date())))
      .returning({ userId: authKeys.userId });
    if (spent.length === 0) throw authError(400, "invalidKey");
    await tx
      .update(authKeys)
      .set({ usedAt: new Date() })
      .where(and(eq(authKeys.userId, owner.userId), eq(authKeys.kind, opts.kind), isNull(authKeys.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, owner.userId));
    await destroyUserSessions(tx, owner.userId);
    await audit({ db: tx }, {
      action: opts.kind === "reset" ? "auth.password_reset" : "auth.account_activated",
      actor: actorWithoutSession(owner.userId, opts.ip),
      accountId: owner.accountId,
      targetType: "user",
      targetId: owner.userId,
    });
  });
}

async function loadUser(ctx: Pick<AppContext, "db">, userId: number) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language, accountId: users.accountId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ?? null;
}

/** Creates an activation key for a user and returns the link to /setup_account/{key}. */
export async function createActivationKey(ctx: Pick<AppContext, "db" | "config">, userId: number): Promise<string> {
  return activationLink(ctx.config.publicUrl, await issueKey(ctx, userId, "activation"));
}

/** Creates an activation key and mails its link to the user in their language; returns the link. */
export async function sendActivationMail(ctx: Ctx, userId: number): Promise<string> {
  const user = await loadUser(ctx, userId);
  if (!user) throw new Error(`no user ${userId}`);
  const link = await createActivationKey(ctx, userId);
  const days = Math.round(ctx.config.activationKeyMs / 86_400_000);
  const language = parseLanguage(user.language) ?? DEFAULT_LANGUAGE;
  await queueMail(ctx, linkMail(language, { template: "activation", to: user.email, firstName: user.firstName, link, vars: { days } }));
  return link;
}

/**
 * Mails a reset link when the address belongs to an active user; does nothing otherwise, so the
 * caller answers the same either way.
 */
export async function mailResetLink(ctx: Ctx, email: string, ip: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language, accountId: users.accountId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  if (!user) return;
  const link = resetLink(ctx.config.publicUrl, await issueKey(ctx, user.id, "reset"));
  const minutes = Math.round(ctx.config.resetKeyMs / 60_000);
  const language = parseLanguage(user.language) ?? DEFAULT_LANGUAGE;
  await queueMail(ctx, linkMail(language, { template: "passwordReset", to: user.email, firstName: user.firstName, link, vars: { minutes } }));
  await audit(ctx, { action: "auth.password_reset_requested", actor: actorWithoutSession(user.id, ip), accountId: user.accountId, targetType: "user", targetId: user.id});
}
