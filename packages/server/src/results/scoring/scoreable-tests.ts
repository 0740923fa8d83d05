import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { Role, type ScoreableTest, type scoringParams } from "@parlance/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { assignedTests, candidates, candidateTests, evaluators, languages, scoringAssignments, tests, users } from "../../db/schema.js";
import type { Scope } from "../../auth/scope.js";
import { dueGroupOf, PROVIDER_TIME_ZONE, validZone } from "./due.js";
import { isSupervisor, scoringNotFound, withScoringFacts } from "./access.js";

/**
 * GET /api/test_results/get_scoreable_tests/{id}: `{id}` is the evaluator's user id. An evaluator
 * reaches only their own list (another id answers 404); a Testing Executive any evaluator's.
 * Each test carries its due group, computed in the evaluator's zone.
 */
export async function scoreableTests(ctx: AppContext, scope: Scope, { id: evaluatorUserId }: z.output<typeof scoringParams>) {
  if (!isSupervisor(scope) && evaluatorUserId !== scope.userId) throw scoringNotFound();
  const [evaluator] = await ctx.db
    .select({ roles: users.roles, zone: evaluators.timeZone })
    .from(users)
    .leftJoin(evaluators, eq(evaluators.userId, users.id))
    .where(eq(users.id, evaluatorUserId));
  // Only evaluators (or a supervisor asking for their own, always empty, list) have a list.
  if (!evaluator || (!evaluator.roles.includes(Role.Evaluator) && evaluatorUserId !== scope.userId)) throw scoringNotFound();
  const zone = validZone(evaluator.zone);
  return { scoreable_tests: await openTests(ctx, eq(scoringAssignments.evaluatorUserId, evaluatorUserId), zone), time_zone: zone };
}

/** GET /api/test_results/unassigned: tests no evaluator could take, in the provider's zone. */
export async function unassignedTests(ctx: AppContext) {
  return { scoreable_tests: await openTests(ctx, isNull(scoringAssignments.evaluatorUserId), PROVIDER_TIME_ZONE), time_zone: PROVIDER_TIME_ZONE };
}

/** Open (not yet scored) scoreable tests matching `where`, soonest due first. */
async function openTests(ctx: AppContext, where: SQL, zone: string): Promise<ScoreableTest[]> {
  const query = ctx.db
    .select({
      id: candidateTests.id,
      assignedTestId: assignedTests.id,
      isReview: scoringAssignments.isReview,
      description: tests.description,
      method: tests.method,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
      receivedAt: candidateTests.receivedAt,
      assignedAt: scoringAssignments.assignedAt,
      dueAt: scoringAssignments.dueAt,
      language: languages.name,
      evaluatorId: scoringAssignments.evaluatorUserId,
      evaluatorFirst: users.firstName,
      evaluatorLast: users.lastName,
    })
    .from(scoringAssignments)
    .$dynamic();
  const rows = await withScoringFacts(query)
    .leftJoin(users, eq(users.id, scoringAssignments.evaluatorUserId))
    .where(and(where, isNull(scoringAssignments.completedAt)))
    .orderBy(asc(scoringAssignments.dueAt), asc(candidateTests.id))
    .limit(1000);
  const now = new Date();
  return rows.map((r) => ({
    id: r.id,
    is_review: r.isReview,
    // The test's one number on every screen (Scheduled Tests, the client's history): the assigned test's id.
    number: String(r.assignedTestId),
    description: r.description,
    method_short_name: r.method,
    candidate_name: `${r.firstName} ${r.lastName}`.trim(),
    test_datetime: (r.receivedAt ?? r.dueAt).toISOString(),
    evaluator_assigned_at: r.assignedAt?.toISOString() ?? null,
    due_at: r.dueAt.toISOString(),
    due_group: dueGroupOf(r.dueAt, now, zone),
    language: r.language,
    evaluator_id: r.evaluatorId,
    evaluator_name: r.evaluatorFirst === null ? null : `${r.evaluatorFirst} ${r.evaluatorLast}`,
  }));
}
