import { and, isNull, or, sql, type SQL } from "drizzle-orm";
import { assignedTests, candidates, candidateTests, scoringAssignments } from "../../db/schema.js";
import { candidatesInScope, ownAssignedTests, type Scope } from "../../auth/scope.js";

/**
 * Whose results a caller reaches (reports, summaries): client users their account's (office users
 * and office administrators only their office's), a candidate their own profiles' results (an
 * access code: its one test's), an
 * evaluator the tests routed to them, and a Testing Executive (who assigns evaluators) all. The
 * condition joins candidate_tests with candidates and assigned_tests; no match answers 404.
 */
export function resultsInReach(scope: Scope): SQL {
  const reach: SQL[] = [];
  if (scope.accountId !== null && scope.permissions.has("testHistory")) {
    reach.push(candidatesInScope({ accountId: scope.accountId, officeId: scope.officeId }));
  }
  if (scope.permissions.has("tests")) reach.push(ownAssignedTests(scope));
  if (scope.permissions.has("assignEvaluators")) reach.push(sql`true`);
  else if (scope.permissions.has("results")) {
    reach.push(
      sql`EXISTS (SELECT 1 FROM ${scoringAssignments} WHERE ${scoringAssignments.candidateTestId} = ${candidateTests.id} AND ${scoringAssignments.evaluatorUserId} = ${scope.userId})`,
    );
  }
  if (reach.length === 0) return sql`false`;
  // Deleted candidates and deleted tests never open (as in the history).
  return and(isNull(candidates.deletedAt), isNull(assignedTests.deletedAt), or(...reach))!;
}
