import { and, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { candidateTests } from "../db/schema.js";
import { contentOf } from "../content/read.js";
import { finalizeAttempt, GRACE_MS, isOverdue, lockAttempt } from "./attempt.js";

/**
 * The server owns the clock (DESIGN.md §6): an attempt whose deadline plus grace has passed is
 * submitted with the answers saved in time, whether or not the browser is still there. Each
 * start queues one job for its own deadline; a sweep every minute catches any job that was lost
 * (a restart, a queue outage). Both go through the row lock, so they never race a manual submit.
 */
export const EXPIRE_JOB = "taking.expire";
export const SWEEP_JOB = "taking.sweep";

/** Submits the attempt if it is still open and overdue; otherwise does nothing (safe to repeat). */
export async function expireAttempt(ctx: Pick<AppContext, "db">, candidateTestId: number): Promise<boolean> {
  const [first] = await ctx.db.select().from(candidateTests).where(eq(candidateTests.id, candidateTestId));
  if (!first || first.state !== "in_progress" || first.contentVersionId === null) return false;
  const content = await contentOf(ctx.db, first.contentVersionId);
  return ctx.db.transaction(async (tx) => {
    // Checked again under the lock: the candidate may have submitted meanwhile.
    const now = new Date();
    const attempt = await lockAttempt(tx, candidateTestId);
    if (attempt.state !== "in_progress" || !isOverdue(attempt, now)) return false;
    await finalizeAttempt(tx, attempt, content, "deadline", now);
    return true;
  });
}

/** Every open attempt past deadline + grace, submitted one by one. Answers how many. */
export async function sweepOverdueAttempts(ctx: Pick<AppContext, "db">): Promise<number> {
  const due = await ctx.db
    .select({ id: candidateTests.id })
    .from(candidateTests)
    .where(and(eq(candidateTests.state, "in_progress"), lt(candidateTests.deadlineAt, sql`now() - make_interval(secs => ${GRACE_MS / 1000})`)))
    .limit(500);
  let n = 0;
  for (const { id } of due) if (await expireAttempt(ctx, id)) n++;
  return n;
}

export async function registerTakingJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work<{ candidateTestId: number }>(EXPIRE_JOB, async (data) => {
    await expireAttempt(ctx, data.candidateTestId);
  });
  await ctx.jobs.work(SWEEP_JOB, async () => {
    await sweepOverdueAttempts(ctx);
  });
  await ctx.jobs.schedule(SWEEP_JOB, "* * * * *");
}
