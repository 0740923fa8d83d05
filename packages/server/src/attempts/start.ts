import { eq } from "drizzle-orm";
import type { TestContent } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { candidateTests } from "../db/schema.js";
import { GRACE_MS, timeLimitMs, type Attempt, type HeldTest } from "./attempt.js";
import { EXPIRE_JOB } from "./expiry.js";
import { startValues } from "./state-machine.js";

/**
 * The first start of an attempt, online or at a live, video or sight-translation session: pins the
 * content, sets the server's deadline and queues the job that submits the attempt when time is
 * over. Null when another start (a second tab) created the attempt first: the caller resumes it.
 */
export async function openAttempt(
  ctx: Pick<AppContext, "db" | "jobs">,
  held: HeldTest,
  version: { versionId: number; content: TestContent },
  now: Date,
): Promise<Attempt | null> {
  const limitMs = timeLimitMs(version.content.time_limit_minutes, held.adjustments);
  const fields = { contentVersionId: version.versionId, deadlineAt: limitMs ? new Date(now.getTime() + limitMs) : null, startedAt: now, lastHeartbeatAt: now };
  if (held.attempt) {
    // An attempt recorded before online taking (no pinned content), or opened by the call of a test
    // that continues by phone (no start yet), gets its content and clock now.
    const [updated] = await ctx.db.update(candidateTests).set(fields).where(eq(candidateTests.id, held.attempt.id)).returning();
    if (limitMs) await ctx.jobs.send(EXPIRE_JOB, { candidateTestId: updated.id }, { startAfterSeconds: Math.ceil((limitMs + GRACE_MS) / 1000) + 1 });
    return updated;
  }
  const [created] = await ctx.db
    .insert(candidateTests)
    .values(startValues("in_progress", { assignedTestId: held.id, candidateId: held.candidateId, accountId: held.accountId, ...fields }))
    // Two tabs starting at once: one row wins (unique assigned test); the other resumes it.
    .onConflictDoNothing({ target: candidateTests.assignedTestId })
    .returning();
  if (!created) return null;
  if (limitMs) {
    // The deadline job; the minute sweep (expiry.ts) catches it if this one is lost.
    await ctx.jobs.send(EXPIRE_JOB, { candidateTestId: created.id }, { startAfterSeconds: Math.ceil((limitMs + GRACE_MS) / 1000) + 1 });
  }
  return created;
}
