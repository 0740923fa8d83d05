import { and, eq, isNull } from "drizzle-orm";
import { PROCTOR_PASSWORD_ATTEMPTS, PROCTOR_PASSWORD_WINDOW_MINUTES, proctorMessages, type proctoringRoutes } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { proctorAgreements, proctorPasswords } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { conflict, HttpError, tooManyRequests, unprocessable } from "../http/errors.js";
import { verifyPassword } from "../auth/passwords.js";
import { limitedTry, type RateRule } from "../auth/rate-limit.js";
import { audit } from "../audit/audit.js";
import { heldTest } from "../attempts/index.js";
import { groupKeyOf, isProctored, usesExamPassword } from "./steps.js";
import { normalizeExamPassword } from "./exam-password.js";

/** The proctor's two steps at the candidate's desk: the exam password and the agreement. */

const say = (key: keyof typeof proctorMessages, status = 400) => new HttpError(status, proctorMessages[key], `proctor.messages.${key}`);

/** Wrong passwords per assigned test: a guessed password is not worth trying. */
const passwordRule = (assignedTestId: number): RateRule => ({
  bucket: `proctor-password:${assignedTestId}`,
  limit: PROCTOR_PASSWORD_ATTEMPTS,
  windowMs: PROCTOR_PASSWORD_WINDOW_MINUTES * 60_000,
});

/** POST /api/proctorservice/authorize {id, password}. */
export async function authorizeProctor(ctx: AppContext, scope: Scope, input: InputOf<typeof proctoringRoutes.authorize>): Promise<{ success: true }> {
  const held = await heldTest(ctx.db, scope, input.id);
  if (!isProctored(held)) throw say("notProctored", 409);
  if (!usesExamPassword(held)) throw say("noExamPassword", 409);
  // Counted before it is checked: simultaneous guesses cannot all slip under the limit.
  const row = await limitedTry(ctx.db, [passwordRule(held.id)], tooManyRequests, async () => {
    const [found] = await ctx.db.select().from(proctorPasswords).where(eq(proctorPasswords.assignedTestId, held.id));
    if (found?.authorizedAt) return { ok: true as const, value: found };
    // Without an issued password every guess is wrong, and is counted like one.
    const right = await verifyPassword(found?.passwordHash ?? null, normalizeExamPassword(input.password));
    if (right && found) return { ok: true as const, value: found };
    return { ok: false as const, error: unprocessable(proctorMessages.passwordIncorrect, "proctor.messages.passwordIncorrect") };
  });
  if (row.authorizedAt) return { success: true };
  await ctx.db
    .update(proctorPasswords)
    .set({ authorizedAt: new Date(), authorizedByUserId: scope.userId })
    .where(and(eq(proctorPasswords.assignedTestId, held.id), isNull(proctorPasswords.authorizedAt)));
  await audit(ctx, { actor: scope, accountId: held.accountId, action: "proctor.authorize", targetType: "assigned_test", targetId: held.id, details: {} });
  return { success: true };
}

/** POST /api/test_content/submit_proctor_agreement: once per group; a second one answers 409. */
export async function submitAgreement(ctx: AppContext, scope: Scope, input: InputOf<typeof proctoringRoutes.agreement>): Promise<{ success: true; signed_at: string }> {
  const held = await heldTest(ctx.db, scope, input.assigned_test_id);
  if (!isProctored(held)) throw say("notProctored", 409);
  const groupKey = await groupKeyOf(ctx.db, held);
  if (groupKey !== input.group_key) throw say("wrongGroup");
  const now = new Date();
  const rows = await ctx.db
    .insert(proctorAgreements)
    .values({ groupKey, candidateId: held.candidateId, assignedTestId: held.id, proctorName: input.proctor_name, signedAt: now, signedByUserId: scope.userId, ip: scope.ip })
    .onConflictDoNothing({ target: proctorAgreements.groupKey })
    .returning({ id: proctorAgreements.id });
  if (rows.length === 0) throw conflict(proctorMessages.alreadySigned, "proctor.messages.alreadySigned");
  await audit(ctx, { actor: scope, accountId: held.accountId, action: "proctor.agreement", targetType: "assigned_test", targetId: held.id, details: { groupKey, proctorName: input.proctor_name } });
  return { success: true, signed_at: now.toISOString() };
}
