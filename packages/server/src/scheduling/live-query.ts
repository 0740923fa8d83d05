import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { CANDIDATE_LOOK_AHEAD_DAYS, Role, timeZoneById } from "@parlance/contract";
import { assignedTests, evaluatorLanguages, evaluators, tests, users } from "../db/schema.js";
import type { Tx } from "../db/tx.js";
import { availabilityResources } from "../availability/index.js";
import type { AvailabilityQuery, Booking } from "./types.js";
import type { HeldTest } from "./held-test.js";

/**
 * The availability engine's question for one live or video test: who can conduct it (active
 * evaluators who score its language), what keeps them busy (their conflicts and their other
 * booked tests), in the zone the times are asked in. `lock` holds those evaluators' rows for the
 * transaction so two bookings cannot both take the last free one.
 */
export async function liveQuery(
  tx: Tx,
  test: Pick<HeldTest, "id" | "languageId" | "durationMinutes" | "method">,
  zoneId: number,
  now: Date,
  lock = false,
): Promise<AvailabilityQuery> {
  const pool = tx
    .select({ id: evaluators.userId })
    .from(evaluators)
    .innerJoin(users, eq(users.id, evaluators.userId))
    .innerJoin(evaluatorLanguages, eq(evaluatorLanguages.evaluatorUserId, evaluators.userId))
    .where(
      and(
        eq(evaluatorLanguages.languageId, test.languageId),
        eq(users.isActive, true),
        eq(evaluators.acceptsWork, true),
        sql`${Role.Evaluator} = ANY(${users.roles})`,
      ),
    )
    .orderBy(asc(evaluators.userId));
  const ids = (lock ? await pool.for("update", { of: evaluators }) : await pool).map((r) => r.id);
  const resources = await availabilityResources(tx, ids, { endingAfter: now });
  return {
    now,
    durationMinutes: test.durationMinutes,
    method: test.method,
    lead: { kind: "live" },
    lookAheadDays: CANDIDATE_LOOK_AHEAD_DAYS,
    zone: timeZoneById(zoneId).name,
    resources,
    bookings: await bookingsOf(tx, ids, test.id, now),
  };
}

/** The evaluators' booked tests (open, not this one) that have not ended: start to start + that test's duration. */
async function bookingsOf(tx: Tx, ids: number[], exceptId: number, now: Date): Promise<Booking[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ resourceId: assignedTests.scheduledEvaluatorUserId, start: assignedTests.scheduledAt, minutes: tests.durationMinutes })
    .from(assignedTests)
    .innerJoin(tests, eq(tests.id, assignedTests.testId))
    .where(
      and(
        inArray(assignedTests.scheduledEvaluatorUserId, ids),
        isNotNull(assignedTests.scheduledAt),
        isNull(assignedTests.deletedAt),
        ne(assignedTests.state, "cancelled"),
        ne(assignedTests.id, exceptId),
        sql`${assignedTests.scheduledAt} + make_interval(mins => ${tests.durationMinutes}) > ${now.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((r) => ({ resourceId: r.resourceId!, start: r.start!, end: new Date(r.start!.getTime() + r.minutes * 60_000) }));
}
