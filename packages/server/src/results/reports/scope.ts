import { ownCandidateProfiles } from "../../auth/candidate-reach.js";
import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { assignedTests, candidates, candidateTests, scoringAssignments } from "../../db/schema.js";
import type { Caller } from "../../http/caller.js";

/**
 * Whose results a caller reaches (reports, summaries): client users their account's (office users
 * and office administrators only their office's), a candidate their own profiles' results, an
 * evaluator the tests routed to them, and a Testing Executive (who assigns evaluators) all. The
 * condition joins candidate_tests with candidates and assigned_tests; no match answers 404.
 */
export function resultsInReach(caller: Caller): SQL {
  const reach: SQL[] = [];
  if (caller.accountId !== null && caller.permissions.has("testHistory")) {
    reach.push(
      and(eq(candidates.accountId, caller.accountId), caller.officeId === null ? undefined : eq(candidates.officeId, caller.officeId))!,
    );
  }
  if (caller.permissions.has("tests")) reach.push(ownCandidateProfiles(caller));
  if (caller.permissions.has("assignEvaluators")) reach.push(sql`true`);
  else if (caller.permissions.has("results")) {
    reach.push(
      sql`EXISTS (SELECT 1 FROM ${scoringAssignments} WHERE ${scoringAssignments.candidateTestId} = ${candidateTests.id} AND ${scoringAssignments.evaluatorUserId} = ${caller.userId})`,
    );
  }
  if (reach.length === 0) return sql`false`;
  // Deleted candidates and deleted tests never open (as in the history).
  return and(isNull(candidates.deletedAt), isNull(assignedTests.deletedAt), or(...reach))!;
}
