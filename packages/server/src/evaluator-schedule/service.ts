import { and, asc, eq, gte, isNull, ne, notInArray, or } from "drizzle-orm";
import { DateTime } from "luxon";
import type { EvaluatorScheduleOutput } from "@parlance/contract";
import type { AppContext } from "../context.js";
import { assignedTests, candidates, evaluatorDeclines, evaluators, tests } from "../db/schema.js";
import { ownRows, type Scope } from "../auth/scope.js";
import { validZone } from "../results/index.js";
import { scheduleGroupOf, startOfToday } from "./groups.js";

/** The most rows one list answers (an evaluator's bookings of some months at the busiest). */
export const SCHEDULE_LIMIT = 1000;

/**
 * GET /api/evaluators/schedule: the live and video tests booked with the signed-in evaluator (or
 * proctor) from the start of their today on, soonest first, with date and time in their zone.
 * Cancelled, expired and taken tests have left the schedule; a declined one stays at the time
 * declined, marked so (evaluator_declines), unless the booking came back to the evaluator.
 */
export async function evaluatorSchedule(ctx: AppContext, scope: Scope, now = new Date()): Promise<EvaluatorScheduleOutput> {
  const [evaluator] = await ctx.db.select({ zone: evaluators.timeZone }).from(evaluators).where(eq(evaluators.userId, scope.userId));
  const zone = validZone(evaluator?.zone);
  const rows = await ctx.db
    .select({
      id: assignedTests.id,
      scheduledAt: assignedTests.scheduledAt,
      confirmation: assignedTests.evaluatorConfirmation,
      description: tests.description,
      method: tests.method,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(
      and(
        ownRows(assignedTests.scheduledEvaluatorUserId, scope),
        isNull(assignedTests.deletedAt),
        notInArray(assignedTests.state, ["cancelled", "expired", "taken"]),
        gte(assignedTests.scheduledAt, startOfToday(now, zone)),
      ),
    )
    .orderBy(asc(assignedTests.scheduledAt), asc(assignedTests.id))
    .limit(SCHEDULE_LIMIT);
  const declined = await ctx.db
    .select({
      id: assignedTests.id,
      scheduledAt: evaluatorDeclines.scheduledAt,
      description: tests.description,
      method: tests.method,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(evaluatorDeclines)
    .innerJoin(assignedTests, eq(assignedTests.id, evaluatorDeclines.assignedTestId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .where(
      and(
        ownRows(evaluatorDeclines.evaluatorUserId, scope),
        or(isNull(assignedTests.scheduledEvaluatorUserId), ne(assignedTests.scheduledEvaluatorUserId, scope.userId)),
        isNull(assignedTests.deletedAt),
        notInArray(assignedTests.state, ["cancelled", "expired"]),
        gte(evaluatorDeclines.scheduledAt, startOfToday(now, zone)),
      ),
    )
    .orderBy(asc(evaluatorDeclines.scheduledAt), asc(assignedTests.id))
    .limit(SCHEDULE_LIMIT);
  const all = [...rows, ...declined.map((r) => ({ ...r, confirmation: "declined" as const }))]
    .sort((a, b) => a.scheduledAt!.getTime() - b.scheduledAt!.getTime() || a.id - b.id)
    .slice(0, SCHEDULE_LIMIT);
  return {
    time_zone: zone,
    scheduled_tests: all.map((r) => {
      const at = DateTime.fromJSDate(r.scheduledAt!, { zone });
      return {
        id: r.id,
        description: r.description,
        candidate_name: `${r.firstName} ${r.lastName}`.trim(),
        test_method_short_name: r.method,
        date: at.toISODate()!,
        time: at.toFormat("HH:mm"),
        confirmation_status: r.confirmation,
        starts_at: r.scheduledAt!.toISOString(),
        group: scheduleGroupOf(r.scheduledAt!, now, zone),
      };
    }),
  };
}
