import { and, asc, count, eq, sql } from "drizzle-orm";
import { WEEKLY_CONFLICTS_MAX, type availabilityRoutes, type RecurringUnavailability } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { recurringUnavailabilities } from "../db/schema.js";
import { ownRows, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { audit } from "../audit/audit.js";
import { availabilityError } from "./messages.js";
import { dayNumber, recurringRow } from "./rows.js";
import { lockOwner } from "./lock.js";

/** Weekly conflicts (recurring unavailability): the caller's own, in Eastern wall-clock times. */

const mine = (scope: Scope) => ownRows(recurringUnavailabilities.userId, scope);

/** Sunday to Saturday, then by start and end time. */
export async function listWeekly({ db }: DbContext, scope: Scope): Promise<RecurringUnavailability[]> {
  const rows = await db
    .select()
    .from(recurringUnavailabilities)
    .where(mine(scope))
    .orderBy(asc(recurringUnavailabilities.day), asc(recurringUnavailabilities.fromTime), asc(recurringUnavailabilities.toTime), asc(recurringUnavailabilities.id));
  return rows.map(recurringRow);
}

export async function createWeekly({ db }: DbContext, scope: Scope, input: InputOf<typeof availabilityRoutes.recurringCreate>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, scope);
    const [{ n }] = await tx.select({ n: count() }).from(recurringUnavailabilities).where(mine(scope));
    if (n >= WEEKLY_CONFLICTS_MAX) throw availabilityError(422, "weeklyTooMany");
    const [row] = await tx
      .insert(recurringUnavailabilities)
      .values({ userId: scope.userId, day: dayNumber(input.day), fromTime: input.from_time, toTime: input.to_time })
      .returning({ id: recurringUnavailabilities.id });
    return row.id;
  });
}

export async function updateWeekly({ db }: DbContext, scope: Scope, input: InputOf<typeof availabilityRoutes.recurringUpdate>): Promise<void> {
  const updated = await db
    .update(recurringUnavailabilities)
    .set({ day: dayNumber(input.day), fromTime: input.from_time, toTime: input.to_time, updatedAt: sql`now()` })
    .where(and(mine(scope), eq(recurringUnavailabilities.id, input.id)))
    .returning({ id: recurringUnavailabilities.id });
  // Another person's conflict answers exactly like a missing one.
  if (updated.length === 0) throw availabilityError(404, "weeklyNotFound");
}

export async function deleteWeekly({ db }: DbContext, scope: Scope, { id }: InputOf<typeof availabilityRoutes.recurringDelete>): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(recurringUnavailabilities).where(and(mine(scope), eq(recurringUnavailabilities.id, id))).returning();
    if (!gone) throw availabilityError(404, "weeklyNotFound");
    await audit({ db: tx }, { actor: scope, action: "availability.weekly.delete", targetType: "recurring_unavailability", targetId: id, details: recurringRow(gone) });
  });
}
