import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { assignedTests, evaluatorLanguages, tests } from "../db/schema.js";

/**
 * The demo history's booked live and video tests still to come are given an evaluator who scores
 * their language, so the evaluators' Scheduled Tests and the times offered for booking reflect
 * them. Soonest first, each goes to the first evaluator of its language free then; one that
 * would overlap every such evaluator's bookings keeps no evaluator (as a real unstaffed booking).
 */
export async function bookDemoEvaluators(db: Db, now: Date): Promise<number> {
  const booked = await db
    .select({ id: assignedTests.id, at: assignedTests.scheduledAt, minutes: tests.durationMinutes, languageId: tests.languageId })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        inArray(tests.method, ["live", "video"]),
        gt(assignedTests.scheduledAt, now),
        isNull(assignedTests.scheduledEvaluatorUserId),
        isNull(assignedTests.deletedAt),
        eq(assignedTests.state, "takeable"),
      ),
    )
    .orderBy(asc(assignedTests.scheduledAt), asc(assignedTests.id));
  const speakers = await db.select().from(evaluatorLanguages).orderBy(asc(evaluatorLanguages.evaluatorUserId));
  const busy = new Map<number, { start: number; end: number }[]>();
  let count = 0;
  for (const b of booked) {
    const start = b.at!.getTime();
    const end = start + b.minutes * 60_000;
    const free = speakers.find(
      (s) => s.languageId === b.languageId && !(busy.get(s.evaluatorUserId) ?? []).some((x) => x.start < end && start < x.end),
    );
    if (!free) continue;
    busy.set(free.evaluatorUserId, [...(busy.get(free.evaluatorUserId) ?? []), { start, end }]);
    await db.update(assignedTests).set({ scheduledEvaluatorUserId: free.evaluatorUserId }).where(eq(assignedTests.id, b.id));
    count++;
  }
  return count;
}
