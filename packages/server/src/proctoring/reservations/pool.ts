import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { CANDIDATE_LOOK_AHEAD_DAYS, parseMinProctorApptDelay, Role, timeZoneById } from "@parlance/contract";
import { users } from "../../db/schema.js";
import { proctoringReservations } from "../../db/schema/proctoring.js";
import type { Tx } from "../../db/tx.js";
import { availabilityResources } from "../../availability/index.js";
import type { AvailabilityQuery, Booking } from "../../scheduling/index.js";
import type { HeldTests } from "./held-tests.js";

/**
 * The availability engine's question for a proctored sitting: the proctors of the proctor service
 * (active Service Provider users), their weekly and individual conflicts and their reservations,
 * the account's minProctorApptDelay as the lead rule, 30 days ahead, in the zone asked. `lock`
 * holds the proctors' rows for the transaction, so two bookings cannot both take the last free one.
 */
export async function proctorQuery(tx: Tx, held: HeldTests, zoneId: number, now: Date, lock = false): Promise<AvailabilityQuery> {
  const pool = tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), sql`${Role.ServiceProvider} = ANY(${users.roles})`))
    .orderBy(asc(users.id));
  const ids = (lock ? await pool.for("update") : await pool).map((r) => r.id);
  return {
    now,
    durationMinutes: held.duration,
    method: held.method,
    lead: { kind: "proctor", minProctorApptDelay: parseMinProctorApptDelay(held.candidate.minProctorApptDelay) },
    lookAheadDays: CANDIDATE_LOOK_AHEAD_DAYS,
    zone: timeZoneById(zoneId).name,
    resources: await availabilityResources(tx, ids, { endingAfter: now }),
    bookings: await reservationsOf(tx, ids, now),
  };
}

/** The proctors' live reservations that have not ended. */
async function reservationsOf(tx: Tx, ids: number[], now: Date): Promise<Booking[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ resourceId: proctoringReservations.proctorUserId, start: proctoringReservations.scheduledAt, minutes: proctoringReservations.durationMinutes })
    .from(proctoringReservations)
    .where(
      and(
        inArray(proctoringReservations.proctorUserId, ids),
        eq(proctoringReservations.state, "reserved"),
        gt(sql`${proctoringReservations.scheduledAt} + make_interval(mins => ${proctoringReservations.durationMinutes})`, sql`${now.toISOString()}::timestamptz`),
      ),
    );
  return rows.map((r) => ({ resourceId: r.resourceId, start: r.start, end: new Date(r.start.getTime() + r.minutes * 60_000) }));
}
