import { and, eq, lt, sql } from "drizzle-orm";
import { emailDomain, safeNextPath, type SsoError } from "@parlance/contract";
import type { AppContext } from "../context.js";
import type { SsoConfig } from "../config.js";
import { accounts, ssoAttempts, ssoIdentities, users } from "../db/schema.js";
import { hashSecret, newSecret } from "../auth/tokens.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { authorizationUrl, finishSignIn, newChecks, type SsoIdentity } from "./oidc-client.js";

/**
 * Single sign-on's rules: who may start it (an address of an allowed domain), and who a provider's
 * answer signs in — the user already linked to the identity, or at the first sign-in the user whose
 * address is the provider's *verified* email, which links them. Nothing here creates a user or
 * changes anyone's roles: the sign-in opens exactly the account that was already there.
 */

/** A sign-in under way lasts this long (the provider's login page included). */
export const SSO_ATTEMPT_MS = 10 * 60_000;

type Ctx = Pick<AppContext, "db" | "config">;

/** A refusal, with the reason recorded in the audit log and the error key the sign-in page shows. */
export class SsoRefusal extends Error {
  constructor(
    readonly error: SsoError,
    readonly detail?: string,
  ) {
    super(error);
  }
}

/** Whether an address may sign in by single sign-on: a domain of SSO_DOMAINS, or of a client account (back office). */
export async function ssoDomainAllowed(ctx: Ctx, sso: SsoConfig, email: string): Promise<boolean> {
  const domain = emailDomain(email);
  if (domain === "") return false;
  if (sso.domains.includes(domain)) return true;
  const [account] = await ctx.db.select({ id: accounts.id }).from(accounts).where(sql`${domain} = any(${accounts.ssoDomains})`).limit(1);
  return account !== undefined;
}

/** The domains the sign-in page sends to single sign-on: SSO_DOMAINS and every client account's. */
export async function allSsoDomains(ctx: Ctx, sso: SsoConfig): Promise<string[]> {
  const rows = await ctx.db.select({ domain: sql<string>`unnest(${accounts.ssoDomains})` }).from(accounts);
  return [...new Set([...sso.domains, ...rows.map((r) => r.domain)])];
}

export function enabledSso(ctx: Ctx): SsoConfig {
  if (!ctx.config.sso) throw new SsoRefusal("notConfigured");
  return ctx.config.sso;
}

/**
 * Starts a sign-in for an address of an allowed domain: stores the state, nonce and PKCE verifier
 * under the hash of a new secret (the browser keeps the secret in a cookie) and answers the
 * provider's URL to send the browser to.
 */
export async function startSso(ctx: Ctx, input: { email_address?: string; next?: string }): Promise<{ secret: string; url: URL }> {
  const sso = enabledSso(ctx);
  const email = input.email_address?.trim() ?? "";
  if (!(await ssoDomainAllowed(ctx, sso, email))) throw new SsoRefusal("domainNotAllowed");
  const checks = newChecks();
  let url: URL;
  try {
    url = await authorizationUrl(sso, checks, email);
  } catch (err) {
    throw new SsoRefusal("failed", `discovery: ${(err as Error).message}`);
  }
  const secret = newSecret();
  // Attempts never finished are cleared as new ones begin (the expiry index keeps this cheap).
  await ctx.db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, new Date()));
  await ctx.db.insert(ssoAttempts).values({
    idHash: hashSecret(secret),
    ...checks,
    nextPath: safeNextPath(input.next),
    expiresAt: new Date(Date.now() + SSO_ATTEMPT_MS),
  });
  return { secret, url };
}

/**
 * Finishes a sign-in: the attempt of the browser's cookie is used up (single use, even when what
 * follows fails), the provider's answer is checked against its state, nonce and verifier, and the
 * user it names is found. Returns the user to sign in and where to go.
 */
export async function finishSso(ctx: Ctx, secret: string | undefined, currentUrl: URL, ip: string): Promise<{ userId: number; accountId: number | null; next: string | null }> {
  const sso = enabledSso(ctx);
  const [attempt] = secret ? await ctx.db.delete(ssoAttempts).where(eq(ssoAttempts.idHash, hashSecret(secret))).returning() : [];
  if (!attempt || attempt.expiresAt <= new Date()) throw new SsoRefusal("expired");
  const providerError = currentUrl.searchParams.get("error");
  if (providerError) throw new SsoRefusal("failed", `provider: ${providerError}`);
  let identity: SsoIdentity;
  try {
    identity = await finishSignIn(sso, currentUrl, attempt);
  } catch (err) {
    throw new SsoRefusal("failed", whatFailed(err));
  }
  const user = await userOf(ctx, sso, identity, ip);
  return { ...user, next: attempt.nextPath };
}

/** openid-client's error, with its code and cause (which name the check that failed: state, nonce, …). */
function whatFailed(err: unknown): string {
  const e = err as { message?: string; code?: string; cause?: { message?: string } | string; error?: string };
  const cause = typeof e.cause === "string" ? e.cause : e.cause?.message;
  return [e.message, e.code, e.error, cause].filter(Boolean).join(" | ");
}

/** The linked user, or the user the verified email names (then linked); refusals otherwise. */
async function userOf(ctx: Ctx, sso: SsoConfig, identity: SsoIdentity, ip: string): Promise<{ userId: number; accountId: number | null }> {
  if (!identity.email || !identity.emailVerified) throw new SsoRefusal("unverifiedEmail", identity.email ?? undefined);
  if (!(await ssoDomainAllowed(ctx, sso, identity.email))) throw new SsoRefusal("domainNotAllowed", identity.email);
  const [linked] = await ctx.db
    .select({ id: users.id, accountId: users.accountId, isActive: users.isActive })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    if (!linked.isActive) throw new SsoRefusal("noAccount", identity.email);
    return { userId: linked.id, accountId: linked.accountId };
  }
  const [user] = await ctx.db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${identity.email})`, eq(users.isActive, true)))
    .limit(1);
  if (!user) throw new SsoRefusal("noAccount", identity.email);
  // One identity per user and provider: a second subject claiming the same address is not linked again.
  const [other] = await ctx.db
    .select({ subject: ssoIdentities.subject })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, identity.issuer), eq(ssoIdentities.userId, user.id)))
    .limit(1);
  if (other) throw new SsoRefusal("noAccount", `${identity.email} is linked to another subject`);
  await ctx.db.insert(ssoIdentities).values({ issuer: identity.issuer, subject: identity.subject, userId: user.id, email: identity.email }).onConflictDoNothing();
  await audit(ctx, { action: "auth.sso_linked", actor: actorWithoutSession(user.id, ip), accountId: user.accountId, targetType: "user", targetId: user.id, details: { issuer: identity.issuer, subject: identity.subject, email: identity.email } });
  return { userId: user.id, accountId: user.accountId };
}
