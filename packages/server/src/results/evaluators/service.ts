import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { evaluatorMessages, Role, type evaluatorRoutes, type EvaluatorRow, type scoringParams } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { candidateTests, assignedTests, evaluatorLanguages, evaluators, languages, scoringAssignments, tests, users } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import type { InputOf } from "../../http/implement-area.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import { logResult } from "../../result-log/index.js";
import { requireNotFinal, scoreableFor } from "../scoring/access.js";

/** Testing Executives' view of evaluators, and the manual assignment of a scoreable test. */

export async function listEvaluators(ctx: AppContext): Promise<{ evaluators: EvaluatorRow[] }> {
  const open = sql<number>`(select count(*)::int from ${scoringAssignments} where ${scoringAssignments.evaluatorUserId} = ${evaluators.userId} and ${scoringAssignments.completedAt} is null)`;
  const rows = await ctx.db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email, zone: evaluators.timeZone, lastAssignedAt: evaluators.lastAssignedAt, open })
    .from(evaluators)
    .innerJoin(users, eq(users.id, evaluators.userId))
    .where(and(eq(users.isActive, true), eq(evaluators.acceptsWork, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const langs = rows.length
    ? await ctx.db
        .select({ userId: evaluatorLanguages.evaluatorUserId, id: languages.id, name: languages.name })
        .from(evaluatorLanguages)
        .innerJoin(languages, eq(languages.id, evaluatorLanguages.languageId))
        .where(inArray(evaluatorLanguages.evaluatorUserId, rows.map((r) => r.id)))
        .orderBy(asc(languages.name))
    : [];
  return {
    evaluators: rows.map((r) => ({
      id: r.id,
      name: `${r.first} ${r.last}`,
      email: r.email,
      time_zone: r.zone,
      languages: langs.filter((l) => l.userId === r.id).map((l) => ({ id: l.id, name: l.name })),
      open_tests: r.open,
      last_assigned_at: r.lastAssignedAt?.toISOString() ?? null,
    })),
  };
}

/** Whether the user is an active evaluator who scores the language. */
async function scoresLanguage(db: Db, userId: number, languageId: number): Promise<"ok" | "notEvaluator" | "language"> {
  const [u] = await db
    .select({ roles: users.roles, active: users.isActive, profile: evaluators.userId })
    .from(users)
    .leftJoin(evaluators, eq(evaluators.userId, users.id))
    .where(eq(users.id, userId));
  if (!u || !u.active || !u.roles.includes(Role.Evaluator) || u.profile === null) return "notEvaluator";
  const [l] = await db
    .select({ id: evaluatorLanguages.languageId })
    .from(evaluatorLanguages)
    .where(and(eq(evaluatorLanguages.evaluatorUserId, userId), eq(evaluatorLanguages.languageId, languageId)));
  return l ? "ok" : "language";
}

/** POST assign_evaluator/{id}: (re)assigns an unscored test; the due time stays as routed. */
export async function assignEvaluator(
  ctx: AppContext,
  scope: Scope,
  { id, evaluator_id: evaluatorId }: z.output<typeof scoringParams> & InputOf<typeof evaluatorRoutes.assign>,
) {
  const s = await scoreableFor(ctx.db, scope, id);
  requireNotFinal(s);
  const [lang] = await ctx.db
    .select({ languageId: tests.languageId })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(eq(candidateTests.id, s.id));
  const check = await scoresLanguage(ctx.db, evaluatorId, lang.languageId);
  if (check === "notEvaluator") throw new HttpError(400, evaluatorMessages.notAnEvaluator, "scoringApi.messages.notAnEvaluator");
  if (check === "language") throw new HttpError(400, evaluatorMessages.cannotScoreLanguage, "scoringApi.messages.cannotScoreLanguage");
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(scoringAssignments)
      .set({ evaluatorUserId: evaluatorId, assignedAt: now })
      .where(and(eq(scoringAssignments.candidateTestId, s.id), isNull(scoringAssignments.completedAt)));
    await tx.update(evaluators).set({ lastAssignedAt: now }).where(eq(evaluators.userId, evaluatorId));
    await audit(
      { db: tx as Db },
      { actor: scope, accountId: s.accountId, action: "results.assign_evaluator", targetType: "candidate_test", targetId: s.id, details: { from: s.evaluatorUserId, to: evaluatorId } },
    );
    await logResult(tx, ctx.config.resultLog, { type: "result.audit", attemptId: s.id, at: now, action: "results.assign_evaluator" });
  });
  return { success: true, message: evaluatorMessages.assigned };
}
