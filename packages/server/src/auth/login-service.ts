import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { Role, safeNextPath, type loginInput } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../context.js";
import { accessCodes, assignedTests, candidates, tests, users } from "../db/schema.js";
import { entryHref } from "../taking/index.js";
import { tooManyRequests } from "../http/errors.js";
import { actorWithoutSession, audit } from "../audit/audit.js";
import { authError } from "./messages.js";
import { verifyPassword } from "./passwords.js";
import { clearBucket, limitedTry, type RateRule } from "./rate-limit.js";

const FIFTEEN_MINUTES = 15 * 60_000;

/** Failed sign-ins: at most 5 per 15 minutes per email address and 20 per client address. */
export const loginRules = (email: string | null, ip: string): RateRule[] => [
  ...(email ? [{ bucket: `login:email:${email.toLowerCase()}`, limit: 5, windowMs: FIFTEEN_MINUTES }] : []),
  { bucket: `login:ip:${ip}`, limit: 20, windowMs: FIFTEEN_MINUTES },
];

/** What the sign-in form sends (the contract's loginInput, as validated). */
type LoginInput = z.output<typeof loginInput>;

export interface SignedIn {
  userId: number;
  accountId: number | null;
  roles: number[];
  method: "password" | "access_code";
  /** The code's candidate profile and test (and that test's page), for an access-code sign-in. */
  code?: { candidateId: number; assignedTestId: number; testPath?: string | null };
}

type Ctx = Pick<AppContext, "db">;

/** An access code is used when one is given and no email address is. */
export const isCodeSignIn = (input: LoginInput) => input.access_code !== undefined && !input.email_address;

/**
 * Checks email and password, or an access code. Each try is counted against the limits before it
 * is checked (rate-limit.ts limitedTry), so over a limit it answers 429 without looking at the
 * password at all; every failure is audited.
 */
export async function authenticate(ctx: Ctx, input: LoginInput, ip: string): Promise<SignedIn> {
  if (isCodeSignIn(input)) return authenticateCode(ctx, input.access_code ?? "", ip);
  const email = (input.email_address ?? "").trim();
  if (!email) throw authError(400, "provideEmail");
  if (!input.password) throw authError(400, "providePassword");
  const password = input.password;
  const rules = loginRules(email, ip);
  const who = await limitedTry(ctx.db, rules, tooManyRequests, async () => {
    const [user] = await ctx.db
      .select({ id: users.id, accountId: users.accountId, roles: users.roles, passwordHash: users.passwordHash, isActive: users.isActive })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    // verifyPassword spends the same time without a hash, so an unknown address is not revealed.
    const ok = await verifyPassword(user?.isActive ? user.passwordHash : null, password);
    if (user && ok) return { ok: true as const, value: user };
    await audit(ctx, { action: "auth.sign_in_failed", actor: actorWithoutSession(user?.id, ip), accountId: user?.accountId, targetType: "user", targetId: user?.id, details: { email, method: "password" } });
    return { ok: false as const, error: authError(401, "invalidCredentials") };
  });
  await clearBucket(ctx.db, rules[0].bucket);
  return { userId: who.id, accountId: who.accountId, roles: who.roles, method: "password" };
}

/**
 * An access code names one assigned test: the session it opens is a Candidate session of that
 * test's candidate profile (its account only), whatever else the linked user holds.
 */
async function authenticateCode(ctx: Ctx, rawCode: string, ip: string): Promise<SignedIn> {
  const code = rawCode.trim();
  if (!code) throw authError(400, "provideAccessCode");
  return limitedTry(ctx.db, loginRules(null, ip), tooManyRequests, async () => {
    const [row] = await ctx.db
      .select({
        userId: users.id,
        candidateId: candidates.id,
        accountId: candidates.accountId,
        assignedTestId: assignedTests.id,
        method: tests.method,
        scheduledAt: assignedTests.scheduledAt,
      })
      .from(accessCodes)
      .innerJoin(users, eq(users.id, accessCodes.userId))
      .innerJoin(assignedTests, eq(assignedTests.accessCode, accessCodes.code))
      .innerJoin(tests, eq(tests.id, assignedTests.testId))
      .innerJoin(candidates, and(eq(candidates.id, assignedTests.candidateId), eq(candidates.userId, users.id)))
      .where(
        and(
          sql`upper(${accessCodes.code}) = upper(${code})`,
          gt(accessCodes.expiresAt, new Date()),
          eq(users.isActive, true),
          isNull(candidates.deletedAt),
          isNull(assignedTests.deletedAt),
        ),
      )
      .limit(1);
    if (row) {
      const value: SignedIn = {
        userId: row.userId,
        accountId: row.accountId,
        roles: [Role.Candidate],
        method: "access_code",
        // The code opens its test: the page the Take a Test list links that test to.
        code: { candidateId: row.candidateId, assignedTestId: row.assignedTestId, testPath: entryHref("takable", row, row.assignedTestId) },
      };
      return { ok: true as const, value };
    }
    await audit(ctx, { actor: actorWithoutSession(null, ip), action: "auth.sign_in_failed", details: { method: "access_code" } });
    return { ok: false as const, error: authError(401, "invalidAccessCode") };
  });
}

/** Records the sign-in: last_login_at and the audit line. */
export async function recordSignIn(ctx: Ctx, who: SignedIn, ip: string): Promise<void> {
  await ctx.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, who.userId));
  await audit(ctx, { action: "auth.sign_in", actor: actorWithoutSession(who.userId, ip), accountId: who.accountId, targetType: "user", targetId: who.userId, details: { method: who.method, ...(who.code ? { candidateId: who.code.candidateId, assignedTestId: who.code.assignedTestId } : {}) } });
}

/**
 * Where to go after signing in: a same-site `next` path when given, the code's test after an
 * access code (the candidate's tests if it has no page), otherwise the overview.
 */
export function redirectAfterSignIn(who: SignedIn, next: string | undefined): string {
  const safe = safeNextPath(next);
  if (safe) return safe;
  if (who.method === "access_code" && who.roles.includes(Role.Candidate)) return who.code?.testPath ?? "/testing";
  return "/overview";
}
