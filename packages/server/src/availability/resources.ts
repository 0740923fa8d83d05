import { and, asc, gt, inArray } from "drizzle-orm";
import type { Tx } from "../db/tx.js";
import { recurringUnavailabilities, specificUnavailabilities } from "../db/schema.js";
import type { SchedulingResource } from "../scheduling/index.js";
import { recurringRow, specificRow } from "./rows.js";
import { schedulingResource } from "./resource-shape.js";

/**
 * The stored conflicts of the given evaluators or proctors as the availability engine's
 * `resources` (one per id, in the order given, also for someone without conflicts). Individual
 * conflicts that ended by `endingAfter` (default: now) cannot touch a bookable slot and are left out.
 */
export async function availabilityResources(
  db: Tx,
  userIds: readonly number[],
  { endingAfter = new Date() }: { endingAfter?: Date } = {},
): Promise<SchedulingResource[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)];
  const [weekly, individual] = await Promise.all([
    db
      .select()
      .from(recurringUnavailabilities)
      .where(inArray(recurringUnavailabilities.userId, ids))
      .orderBy(asc(recurringUnavailabilities.day), asc(recurringUnavailabilities.fromTime)),
    db
      .select()
      .from(specificUnavailabilities)
      .where(and(inArray(specificUnavailabilities.userId, ids), gt(specificUnavailabilities.toAt, endingAfter)))
      .orderBy(asc(specificUnavailabilities.fromAt)),
  ]);
  return userIds.map((id) =>
    schedulingResource(
      id,
      weekly.filter((w) => w.userId === id).map(recurringRow),
      individual.filter((i) => i.userId === id).map(specificRow),
    ),
  );
}
