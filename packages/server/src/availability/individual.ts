import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { INDIVIDUAL_CONFLICTS_MAX, type availabilityRoutes, type SpecificUnavailability } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { specificUnavailabilities } from "../db/schema.js";
import { ownRows, type Scope } from "../auth/scope.js";
import type { InputOf } from "../http/implement-area.js";
import { audit } from "../audit/audit.js";
import { availabilityError } from "./messages.js";
import { specificRow } from "./rows.js";
import { lockOwner } from "./lock.js";

/**
 * Individual conflicts (specific unavailability): the caller's own intervals. Only conflicts that
 * have not ended are listed and counted; an ended one no longer affects any booking, and a new or
 * changed one must end in the future (so it never disappears from the list as it is saved).
 */

const mine = (scope: Scope) => ownRows(specificUnavailabilities.userId, scope);
const notEnded = (now: Date) => gt(specificUnavailabilities.toAt, now);

/** The caller's conflicts that have not ended, by start. */
export async function listIndividual({ db }: DbContext, scope: Scope, now = new Date()): Promise<SpecificUnavailability[]> {
  const rows = await db
    .select()
    .from(specificUnavailabilities)
    .where(and(mine(scope), notEnded(now)))
    .orderBy(asc(specificUnavailabilities.fromAt), asc(specificUnavailabilities.toAt), asc(specificUnavailabilities.id));
  return rows.map(specificRow);
}

function refuseEnded(to: Date, now: Date): void {
  if (to.getTime() <= now.getTime()) throw availabilityError(422, "individualEnded");
}

export async function createIndividual({ db }: DbContext, scope: Scope, input: InputOf<typeof availabilityRoutes.specificCreate>): Promise<number> {
  const now = new Date();
  refuseEnded(input.to, now);
  return db.transaction(async (tx) => {
    await lockOwner(tx, scope);
    const [{ n }] = await tx.select({ n: count() }).from(specificUnavailabilities).where(and(mine(scope), notEnded(now)));
    if (n >= INDIVIDUAL_CONFLICTS_MAX) throw availabilityError(422, "individualTooMany");
    const [row] = await tx
      .insert(specificUnavailabilities)
      .values({ userId: scope.userId, fromAt: input.from, toAt: input.to, partial: input.partial })
      .returning({ id: specificUnavailabilities.id });
    return row.id;
  });
}

export async function updateIndividual({ db }: DbContext, scope: Scope, input: InputOf<typeof availabilityRoutes.specificUpdate>): Promise<void> {
  const [existing] = await db.select({ id: specificUnavailabilities.id }).from(specificUnavailabilities).where(and(mine(scope), eq(specificUnavailabilities.id, input.id)));
  // Another person's conflict answers exactly like a missing one, before any other reason.
  if (!existing) throw availabilityError(404, "individualNotFound");
  refuseEnded(input.to, new Date());
  await db
    .update(specificUnavailabilities)
    .set({ fromAt: input.from, toAt: input.to, partial: input.partial, updatedAt: sql`now()` })
    .where(and(mine(scope), eq(specificUnavailabilities.id, input.id)));
}

export async function deleteIndividual({ db }: DbContext, scope: Scope, { id }: InputOf<typeof availabilityRoutes.specificDelete>): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(specificUnavailabilities).where(and(mine(scope), eq(specificUnavailabilities.id, id))).returning();
    if (!gone) throw availabilityError(404, "individualNotFound");
    await audit({ db: tx }, { actor: scope, action: "availability.individual.delete", targetType: "specific_unavailability", targetId: id, details: specificRow(gone) });
  });
}
