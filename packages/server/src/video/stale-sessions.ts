import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { assignedTests, candidateTests, scoringAssignments, tests } from "../db/schema.js";
import { contentOf } from "../content/read.js";
import { finalizeAttempt, lockAttempt } from "../attempts/index.js";
import { notifySessionSubmitted } from "../notifications/index.js";

/**
 * No live or video attempt stays in progress for ever (issue 15 point 4). The evaluator ends one by
 * administering it or recording a no-show; if neither happens, once the appointment is over by
 * STALE_SESSION_HOURS the attempt is submitted as it stands (received, the test taken) and goes to
 * scoring with the evaluator it was booked with, where it waits, overdue, for their result or a
 * no-show. A job runs this every 15 minutes (video/jobs.ts).
 */
export const STALE_SESSION_HOURS = 24;
export const STALE_SESSIONS_JOB = "video.staleSessions";

/** Submits every overdue live or video attempt; answers how many. */
export async function endStaleSessions(ctx: Pick<AppContext, "db" | "jobs" | "config">, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_SESSION_HOURS * 3_600_000);
  const stale = await ctx.db
    .select({
      id: candidateTests.id,
      assignedTestId: assignedTests.id,
      versionId: candidateTests.contentVersionId,
      evaluatorUserId: assignedTests.scheduledEvaluatorUserId,
    })
    .from(candidateTests)
    .innerJoin(assignedTests, eq(assignedTests.id, candidateTests.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        eq(candidateTests.state, "in_progress"),
        inArray(tests.method, ["live", "video"]),
        sql`${candidateTests.contentVersionId} is not null`,
        // The appointment's end (its start plus the test's length), or the start itself without one.
        lt(sql`coalesce(${assignedTests.scheduledAt} + make_interval(mins => ${tests.durationMinutes}), ${candidateTests.startedAt})`, cutoff),
      ),
    )
    .limit(500);
  let ended = 0;
  for (const s of stale) {
    const content = await contentOf(ctx.db, s.versionId!);
    const done = await ctx.db.transaction(async (tx) => {
      // Checked again under the lock: the evaluator may have administered it meanwhile.
      const attempt = await lockAttempt(tx, s.id);
      if (attempt.state !== "in_progress") return false;
      await finalizeAttempt(tx, attempt, content, "deadline", now);
      if (s.evaluatorUserId !== null) {
        // The evaluator who was to conduct it records what happened.
        await tx
          .update(scoringAssignments)
          .set({ evaluatorUserId: s.evaluatorUserId, assignedAt: now })
          .where(and(eq(scoringAssignments.candidateTestId, s.id), isNull(scoringAssignments.completedAt)));
      }
      return true;
    });
    if (!done) continue;
    ended++;
    // Submitted by nobody: the candidate and the evaluator are told (issue 23 §3).
    await notifySessionSubmitted(ctx, s.assignedTestId);
  }
  return ended;
}

export async function registerVideoJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work(STALE_SESSIONS_JOB, async () => {
    await endStaleSessions(ctx);
  });
  await ctx.jobs.schedule(STALE_SESSIONS_JOB, "*/15 * * * *");
}
