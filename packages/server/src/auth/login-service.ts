import { and, eq, gt, sql } from "drizzle-orm";
import { Role } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { accessCodes, users } from "../db/schema.js";
import { tooManyRequests } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { authError } from "./messages.js";
import { verifyPassword } from "./passwords.js";
import { addHit, clearBucket, isLimited, type RateRule } from "./rate-limit.js";

const FIFTEEN_MINUTES = 15 * 60_000;

/** Failed sign-ins: at most 5 per 15 minutes per email address and 20 per client address. */
export const loginRules = (email: string | null, ip: string): RateRule[] => [
  ...(email ? [{ bucket: `login:email:${email.toLowerCase()}`, limit: 5, windowMs: FIFTEEN_MINUTES }] : []),
  { bucket: `login:ip:${ip}`, limit: 20, windowMs: FIFTEEN_MINUTES },
];

export interface LoginInput {
  email_address?: string;
  password?: string;
  access_code?: string;
}

export interface SignedIn {
  userId: number;
  accountId: number | null;
  roles: number[];
  method: "password" | "access_code";
}

type Ctx = Pick<AppContext, "db">;

/** An access code is used when one is given and no email address is. */
export const isCodeSignIn = (input: LoginInput) => input.access_code !== undefined && !input.email_address;

/**
 * Checks email and password, or an access code. Over a rate limit it answers 429 without looking
 * at the password at all; every failure counts against the limits and is audited.
 */
export async function authenticate(ctx: Ctx, input: LoginInput, ip: string): Promise<SignedIn> {
  if (isCodeSignIn(input)) return authenticateCode(ctx, input.access_code ?? "", ip);
  const email = (input.email_address ?? "").trim();
  if (!email) throw authError(400, "provideEmail");
  if (!input.password) throw authError(400, "providePassword");
  const rules = loginRules(email, ip);
  if (await isLimited(ctx.db, rules)) throw tooManyRequests();

  const [user] = await ctx.db
    .select({ id: users.id, accountId: users.accountId, roles: users.roles, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  // verifyPassword spends the same time without a hash, so an unknown address is not revealed.
  const ok = await verifyPassword(user?.isActive ? user.passwordHash : null, input.password);
  if (!user || !ok) {
    for (const rule of rules) await addHit(ctx.db, rule);
    await audit(ctx, { action: "auth.sign_in_failed", actorUserId: user?.id, accountId: user?.accountId, targetType: "user", targetId: user?.id, details: { email, method: "password" }, ip });
    throw authError(401, "invalidCredentials");
  }
  await clearBucket(ctx.db, rules[0].bucket);
  return { userId: user.id, accountId: user.accountId, roles: user.roles, method: "password" };
}

async function authenticateCode(ctx: Ctx, rawCode: string, ip: string): Promise<SignedIn> {
  const code = rawCode.trim();
  if (!code) throw authError(400, "provideAccessCode");
  const rules = loginRules(null, ip);
  if (await isLimited(ctx.db, rules)) throw tooManyRequests();
  const [row] = await ctx.db
    .select({ id: users.id, accountId: users.accountId, roles: users.roles })
    .from(accessCodes)
    .innerJoin(users, eq(users.id, accessCodes.userId))
    .where(and(sql`upper(${accessCodes.code}) = upper(${code})`, gt(accessCodes.expiresAt, new Date()), eq(users.isActive, true)))
    .limit(1);
  if (!row) {
    for (const rule of rules) await addHit(ctx.db, rule);
    await audit(ctx, { action: "auth.sign_in_failed", details: { method: "access_code" }, ip });
    throw authError(401, "invalidAccessCode");
  }
  return { userId: row.id, accountId: row.accountId, roles: row.roles, method: "access_code" };
}

/** Records the sign-in: last_login_at and the audit line. */
export async function recordSignIn(ctx: Ctx, who: SignedIn, ip: string): Promise<void> {
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, who.userId));
  await audit(ctx, { action: "auth.sign_in", actorUserId: who.userId, accountId: who.accountId, targetType: "user", targetId: who.userId, details: { method: who.method }, ip });
}

/**
 * Where to go after signing in: a same-site `next` path when given, the candidate's tests after
 * an access code, otherwise the overview.
 */
export function redirectAfterSignIn(who: SignedIn, next: string | undefined): string {
  const safe = safeNextPath(next);
  if (safe) return safe;
  if (who.method === "access_code" && who.roles.includes(Role.Candidate)) return "/testing";
  return "/overview";
}

/** A path on this site only: no scheme, no host, no `//` or backslash tricks, never back to sign-in/out. */
export function safeNextPath(next: string | undefined): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const url = new URL(next, "http://same.site");
    if (url.origin !== "http://same.site") return null;
    if (url.pathname === "/login" || url.pathname === "/logout") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
