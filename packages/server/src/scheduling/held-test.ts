import { and, asc, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { schedulingMessages, type SchedulingMessage } from "@parlance/contract";
import { assignedTests, candidates, candidateTests, tests } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { candidatesInScope, clientScope, ownAssignedTests, ownCandidateProfiles, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";

/** An error whose text is one of the scheduling messages, sent with its i18n key. */
export const schedulingError = (status: number, name: SchedulingMessage) =>
  new HttpError(status, schedulingMessages[name], `scheduling.messages.${name}`);

/** Whether the session schedules as the client's staff (a client user with the candidates permission). */
const asStaff = (scope: Scope) => scope.kind === "client" && scope.permissions.has("candidates");

/** Whether the session schedules as the candidate: their own profiles, only where self-scheduling is allowed. */
export const isCandidateSession = (scope: Scope) => !asStaff(scope);

/**
 * The candidates a session may schedule for: a client user with the candidates permission the
 * candidates of their account (office); anyone else only their own candidate profiles (none for
 * most staff, so their requests find nothing). An access-code session reaches its code's profile
 * here, so callers that reach assigned tests restrict them with schedulableTests as well.
 */
export function schedulableCandidates(scope: Scope): SQL {
  if (asStaff(scope)) return candidatesInScope(clientScope(scope));
  return and(ownCandidateProfiles(scope), isNull(candidates.deletedAt))!;
}

/**
 * The assigned tests a session may schedule (a query joining `assigned_tests` to `candidates`):
 * the staff's candidates' tests, a candidate's own, and an access-code session's one test only.
 */
export function schedulableTests(scope: Scope): SQL {
  if (asStaff(scope)) return candidatesInScope(clientScope(scope));
  return and(ownAssignedTests(scope), isNull(candidates.deletedAt))!;
}

const columns = {
  id: assignedTests.id,
  candidateId: assignedTests.candidateId,
  accountTestId: assignedTests.accountTestId,
  candidateTrackTestId: assignedTests.candidateTrackTestId,
  state: assignedTests.state,
  allowCandidateToSchedule: assignedTests.allowCandidateToSchedule,
  useMedicalTestRecommendations: assignedTests.useMedicalTestRecommendations,
  scheduledAt: assignedTests.scheduledAt,
  scheduledTimeZoneId: assignedTests.scheduledTimeZoneId,
  testId: tests.id,
  description: tests.description,
  method: tests.method,
  languageId: tests.languageId,
  durationMinutes: tests.durationMinutes,
  candidateFirstName: candidates.firstName,
  candidateLastName: candidates.lastName,
  candidateTimeZoneId: candidates.timeZoneId,
};

export type HeldTest = Awaited<ReturnType<typeof findHeldTest>>;

/** Which held test: one assigned test by id, or (the spec's payload) an account test of a candidate, perhaps a battery's entry. */
export type HeldTestKey =
  | { candidateProfileId: number; assignedTestId: number }
  | { candidateProfileId: number; accountTestId: number; candidateTrackTestId?: number | null };

/**
 * The open, unscheduled live or video test the key names among those the session reaches (the
 * oldest when several match), locked for the transaction when asked. Not found: 404; not live or
 * video: 422; a candidate whose administrator keeps the scheduling: 403.
 */
export async function findHeldTest(tx: Tx, scope: Scope, key: HeldTestKey, now: Date, lock = false) {
  const which =
    "assignedTestId" in key
      ? eq(assignedTests.id, key.assignedTestId)
      : and(
          eq(assignedTests.accountTestId, key.accountTestId),
          key.candidateTrackTestId == null ? undefined : eq(assignedTests.candidateTrackTestId, key.candidateTrackTestId),
          // A candidate naming an account test means one of those they may schedule themselves.
          isCandidateSession(scope) ? eq(assignedTests.allowCandidateToSchedule, true) : undefined,
        );
  const query = tx
    .select(columns)
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(
      and(
        schedulableTests(scope),
        eq(assignedTests.candidateId, key.candidateProfileId),
        which,
        isNull(assignedTests.deletedAt),
        isNull(assignedTests.scheduledAt),
        isNull(candidateTests.id),
        inArray(assignedTests.state, ["takeable", "needs_scheduling"]),
        gt(assignedTests.expiresAt, now),
      ),
    )
    .orderBy(asc(assignedTests.id))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: assignedTests }) : await query;
  if (!row) throw schedulingError(404, "testNotFound");
  if (row.method !== "live" && row.method !== "video") throw schedulingError(422, "notSchedulable");
  if (isCandidateSession(scope) && !row.allowCandidateToSchedule) throw schedulingError(403, "notAllowed");
  return { ...row, method: row.method as "live" | "video" };
}
