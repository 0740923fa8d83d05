import { eq, sql } from "drizzle-orm";
import { scoringMessages, type scoringParams, type submitResultsInput } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { candidateTests, itemObjectiveResults, scoreSheets, scoringAssignments } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { HttpError } from "../../http/errors.js";
import { audit } from "../../audit/audit.js";
import type { Tx } from "../../db/tx.js";
import { answersOf, lockAttempt, moveAttempt } from "../../attempts/index.js";
import { requireNotFinal, scoreableFor } from "./access.js";
import { noShowApplies, scoringContentOf } from "./scoreable-content.js";
import { checkSubmission } from "./validate-submission.js";
import { newVerificationKey } from "../verify/verification-key.js";
import { RESULTS_NOTIFY_JOB } from "./notify.js";
import { issueCredential } from "../credentials/index.js";
import { logResult } from "../../result-log/index.js";

/**
 * POST submit_results/{id} and noshow/{id}: the result is recorded once and is final. The checks
 * run before anything is written; the row lock makes two evaluators' simultaneous submissions
 * take turns, and the second finds the result recorded (409).
 */

type Submission = z.output<typeof submitResultsInput>;

/** The automatic objective states of a test, keyed "item\0objective". */
async function automaticStates(db: Db, candidateTestId: number): Promise<Map<string, string>> {
  const rows = await db.select().from(itemObjectiveResults).where(eq(itemObjectiveResults.candidateTestId, candidateTestId));
  return new Map(rows.map((r) => [`${r.itemId}\u0000${r.objectiveId}`, r.stateId]));
}

/** Locks the candidate test and checks, under the lock, that no result was recorded meanwhile. */
async function lockOpen(tx: Tx, candidateTestId: number) {
  const locked = await lockAttempt(tx, candidateTestId);
  requireNotFinal({ isFinal: locked.resultState !== null || locked.state === "no_show" });
  return locked;
}

export async function submitResults(ctx: AppContext, scope: Scope, { id }: z.output<typeof scoringParams>, input: Submission) {
  const s = await scoreableFor(ctx.db, scope, id);
  requireNotFinal(s);
  const content = await scoringContentOf(ctx.db, s);
  const checked = checkSubmission(input, s.testType, content, await automaticStates(ctx.db, s.id));
  const now = new Date();
  const verificationKey = newVerificationKey();

  await ctx.db.transaction(async (tx) => {
    await lockOpen(tx, s.id);
    await tx
      .update(candidateTests)
      .set({ resultState: checked.resultState, resultValue: checked.resultValue, resultReason: checked.resultReason, scoredAt: now, verificationKey })
      .where(eq(candidateTests.id, s.id));
    for (const o of checked.objectives) {
      await tx
        .insert(itemObjectiveResults)
        .values({ candidateTestId: s.id, ...o, automatic: false, recordedAt: now })
        .onConflictDoUpdate({
          target: [itemObjectiveResults.candidateTestId, itemObjectiveResults.itemId, itemObjectiveResults.objectiveId],
          // Confirming the automatic state keeps it automatic; changing it makes it the evaluator's.
          set: {
            automatic: sql`${itemObjectiveResults.automatic} and ${itemObjectiveResults.stateId} = excluded.state_id`,
            stateId: sql`excluded.state_id`,
            recordedAt: now,
          },
        });
    }
    await tx.insert(scoreSheets).values({
      candidateTestId: s.id,
      evaluatorUserId: scope.userId,
      didFinish: checked.resultState !== "not_completed",
      categories: checked.categories,
      sectionCategories: checked.sectionCategories,
      skippedSections: checked.skippedSections,
      checkedScoringItems: checked.checkedScoringItems,
      recommendations: checked.recommendations,
      comments: checked.comments,
      submittedAt: now,
    });
    await tx.update(scoringAssignments).set({ completedAt: now }).where(eq(scoringAssignments.candidateTestId, s.id));
    await audit(
      { db: tx as Db },
      {
        actor: scope,
        accountId: s.accountId,
        action: "results.submit",
        targetType: "candidate_test",
        targetId: s.id,
        details: { resultState: checked.resultState, resultValue: checked.resultValue, resultReason: checked.resultReason, assignedEvaluator: s.evaluatorUserId },
      },
    );
    // The result log's entry (its lock is held until this commits, so little follows it).
    await logResult(tx, ctx.config.resultLog, { type: "result.issued", attemptId: s.id, at: now });
    // The result is released: its signed credential is issued with it, or not at all.
    await issueCredential(ctx, tx as Db, s.id, now);
  });
  await ctx.jobs.send(RESULTS_NOTIFY_JOB, { candidateTestId: s.id });
  return { success: true, message: scoringMessages.submitted, result_state: checked.resultState, result_value: checked.resultValue, verification_key: verificationKey };
}

/** POST noshow/{id}: the candidate gave nothing (docs/scoring.md). Final like a result. */
export async function markNoShow(ctx: AppContext, scope: Scope, { id }: z.output<typeof scoringParams>) {
  const s = await scoreableFor(ctx.db, scope, id);
  requireNotFinal(s);
  const responses = (await answersOf(ctx.db, s.id)).size;
  if (!noShowApplies(s, responses)) throw new HttpError(422, scoringMessages.noShowNotApplicable, "scoringApi.messages.noShowNotApplicable");
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOpen(tx, s.id);
    await moveAttempt(tx, locked, "no_show", { scoredAt: now });
    await tx.insert(scoreSheets).values({ candidateTestId: s.id, evaluatorUserId: scope.userId, didFinish: false, noShow: true, submittedAt: now });
    await tx.update(scoringAssignments).set({ completedAt: now }).where(eq(scoringAssignments.candidateTestId, s.id));
    await audit({ db: tx as Db }, { actor: scope, accountId: s.accountId, action: "results.noshow", targetType: "candidate_test", targetId: s.id });
    await logResult(tx, ctx.config.resultLog, { type: "result.audit", attemptId: s.id, at: now, action: "results.noshow" });
  });
  await ctx.jobs.send(RESULTS_NOTIFY_JOB, { candidateTestId: s.id });
  return { success: true, message: scoringMessages.noShowRecorded };
}
