import { and, eq, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { candidateTests } from "../db/schema.js";
import { contentOf } from "../content/read.js";
import { GRACE_MS, isOverdue, lockAttempt } from "./attempt.js";
import { submitAttempt } from "./submit.js";

/**
 * The server owns the clock (DESIGN.md §6): an attempt whose deadline plus grace has passed is
 * submitted with the answers saved in time, whether or not the browser is still there. Each
 * start queues one job for its own deadline; a sweep every minute catches any job that was lost
 * (a restart, a queue outage). Both go through the row lock, so they never race a manual submit.
 * A test that continues by phone (phone-part.ts): its time over, its online part is submitted and
 * the phone part has its own deadline; that one over, the attempt is received with what it holds.
 */
export const EXPIRE_JOB = "taking.expire";
export const SWEEP_JOB = "taking.sweep";

/** The attempt states the deadline jobs end: open attempts, and those waiting for their phone part. */
const DUE_STATES = ["in_progress", "partially_received"] as const;

/** Whether the deadline jobs end an attempt in this state: open, or (a test that continues by phone) waiting for its phone part. */
const isDue = (state: string, content: { continues_by_phone?: boolean }) => state === "in_progress" || (state === "partially_received" && content.continues_by_phone === true);

/** Submits the attempt if it is still open and overdue; otherwise does nothing (safe to repeat). */
export async function expireAttempt(ctx: Pick<AppContext, "db">, candidateTestId: number): Promise<boolean> {
  const [first] = await ctx.db.select().from(candidateTests).where(eq(candidateTests.id, candidateTestId));
  if (!first || first.contentVersionId === null) return false;
  const content = await contentOf(ctx.db, first.contentVersionId);
  if (!isDue(first.state, content)) return false;
  return ctx.db.transaction(async (tx) => {
    // Checked again under the lock: the candidate may have submitted meanwhile.
    const now = new Date();
    const attempt = await lockAttempt(tx, candidateTestId);
    if (!isDue(attempt.state, content) || !isOverdue(attempt, now)) return false;
    await submitAttempt(tx, attempt, content, "deadline", now);
    return true;
  });
}

/** Every open attempt past deadline + grace, submitted one by one. Answers how many. */
export async function sweepOverdueAttempts(ctx: Pick<AppContext, "db">): Promise<number> {
  let n = 0;
  // One query per state: each is served by its own partial index of deadlines.
  for (const state of DUE_STATES) {
    const due = await ctx.db
      .select({ id: candidateTests.id })
      .from(candidateTests)
      .where(and(eq(candidateTests.state, state), lt(candidateTests.deadlineAt, sql`now() - make_interval(secs => ${GRACE_MS / 1000})`)))
      .limit(500);
    for (const { id } of due) if (await expireAttempt(ctx, id)) n++;
  }
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
