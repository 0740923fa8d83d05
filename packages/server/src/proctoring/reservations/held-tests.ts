import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";
import { BUSINESS_END_HOUR, BUSINESS_START_HOUR } from "@parlance/contract";
import { accounts, assignedTests, candidates, candidateTests, tests } from "../../db/schema.js";
import { proctoringReservationTests } from "../../db/schema/proctoring.js";
import type { Tx } from "../../db/tx.js";
import type { Scope } from "../../auth/scope.js";
import { isCandidateSession, schedulableCandidates, schedulableTests } from "../../scheduling/index.js";
import { reservationError } from "./errors.js";

/**
 * The tests a proctoring reservation is for: open tests of one candidate, assigned with the proctor
 * service, among those the session reaches (the account's staff: their account's or office's
 * candidates; a candidate: their own profiles; an access-code session: the code's one test). Who
 * may reserve is decided here too.
 */

const columns = {
  id: assignedTests.id,
  accountTestId: assignedTests.accountTestId,
  candidateTrackTestId: assignedTests.candidateTrackTestId,
  useMedicalTestRecommendations: assignedTests.useMedicalTestRecommendations,
  description: tests.description,
  method: tests.method,
  durationMinutes: tests.durationMinutes,
};

const candidateColumns = {
  id: candidates.id,
  accountId: candidates.accountId,
  officeId: candidates.officeId,
  firstName: candidates.firstName,
  lastName: candidates.lastName,
  email: candidates.email,
  phoneNumber: candidates.phoneNumber,
  streetAddress: candidates.streetAddress,
  city: candidates.city,
  state: candidates.state,
  postalCode: candidates.postalCode,
  timeZoneId: candidates.timeZoneId,
  adjustments: candidates.adjustments,
  usesProctorService: accounts.usesProctorService,
  allowCandidateScheduling: accounts.allowCandidateScheduling,
  minProctorApptDelay: accounts.minProctorApptDelay,
  prepay: accounts.prepay,
};

/**
 * A candidate the session reaches (404 otherwise), with their account's proctor service settings;
 * locked when asked. An access-code session reaches its code's profile here only to hold the code's
 * test (heldTests restricts the tests); profile-level data goes through profileCandidate.
 */
export async function reachableCandidate(tx: Tx, scope: Scope, candidateId: number, lock = false) {
  const query = tx
    .select(candidateColumns)
    .from(candidates)
    .innerJoin(accounts, eq(accounts.id, candidates.accountId))
    .where(and(schedulableCandidates(scope), eq(candidates.id, candidateId)));
  const [row] = lock ? await query.for("update", { of: candidates }) : await query;
  if (!row) throw reservationError(404, "testsNotFound");
  return row;
}
export type ReachableCandidate = Awaited<ReturnType<typeof reachableCandidate>>;

/**
 * A candidate whose profile-level data (home address, phone) the session may read and edit: the
 * account's staff and the candidate's password session; an access code opens one test, not the
 * profile (403 with what to do instead).
 */
export async function profileCandidate(tx: Tx, scope: Scope, candidateId: number, lock = false) {
  if (scope.kind === "candidateByCode") throw reservationError(403, "contactNeedsPassword");
  return reachableCandidate(tx, scope, candidateId, lock);
}

/** Phone, address, city, state and postal code on file (the time zone always is). */
export const contactComplete = (c: Pick<ReachableCandidate, "phoneNumber" | "streetAddress" | "city" | "state" | "postalCode">) =>
  [c.phoneNumber, c.streetAddress, c.city, c.state, c.postalCode].every((v) => v.trim() !== "");

export interface HeldTests {
  candidate: ReachableCandidate;
  isCandidate: boolean;
  tests: { id: number; accountTestId: number; candidateTrackTestId: number | null; useMedicalTestRecommendations: boolean; description: string; method: string; durationMinutes: number }[];
  /** Minutes of the sitting: the tests' durations added, doubled with test adjustments. */
  duration: number;
  /** The engine's method: a paper test makes a proctor's partial conflict block. */
  method: "online" | "paper";
  /** The live reservations holding any of these tests. */
  reservationIds: number[];
}

/**
 * The named tests, all of them open proctor-service tests of the candidate (404 otherwise),
 * locked for the transaction when asked. A candidate reaches them only where the account lets
 * candidates schedule (403); the account must use the proctor service (422).
 */
export async function heldTests(tx: Tx, scope: Scope, candidateId: number, assignedTestIds: readonly number[], now: Date, lock = false): Promise<HeldTests> {
  const candidate = await reachableCandidate(tx, scope, candidateId, lock);
  const query = tx
    .select(columns)
    .from(assignedTests)
    .innerJoin(candidates, eq(candidates.id, assignedTests.candidateId))
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(
      and(
        schedulableTests(scope),
        eq(assignedTests.candidateId, candidate.id),
        inArray(assignedTests.id, [...assignedTestIds]),
        eq(assignedTests.useProctorService, true),
        isNull(assignedTests.deletedAt),
        isNull(candidateTests.id),
        inArray(assignedTests.state, ["takeable", "needs_scheduling"]),
        gt(assignedTests.expiresAt, now),
      ),
    )
    .orderBy(asc(assignedTests.id));
  const rows = lock ? await query.for("update", { of: assignedTests }) : await query;
  if (rows.length !== assignedTestIds.length) throw reservationError(404, "testsNotFound");
  const isCandidate = isCandidateSession(scope);
  if (!candidate.usesProctorService) throw reservationError(422, "noProctorService");
  if (isCandidate && !candidate.allowCandidateScheduling) throw reservationError(403, "notAllowed");
  const duration = rows.reduce((sum, r) => sum + r.durationMinutes, 0) * (candidate.adjustments ? 2 : 1);
  // The engine lays slots inside one business day.
  if (duration > (BUSINESS_END_HOUR - BUSINESS_START_HOUR) * 60) throw reservationError(422, "tooLong");
  const held = await tx
    .selectDistinct({ id: proctoringReservationTests.reservationId })
    .from(proctoringReservationTests)
    .where(and(inArray(proctoringReservationTests.assignedTestId, rows.map((r) => r.id)), isNull(proctoringReservationTests.releasedAt)));
  return {
    candidate,
    isCandidate,
    tests: rows,
    duration,
    method: rows.some((r) => r.method !== "online") ? "paper" : "online",
    reservationIds: held.map((h) => h.id),
  };
}
