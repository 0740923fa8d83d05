import { and, eq, inArray } from "drizzle-orm";
import type { ReservationView } from "@parlance/contract";
import { proctoringReservations, proctoringReservationTests } from "../../db/schema/proctoring.js";
import type { Tx } from "../../db/tx.js";
import { cancellationCutoff, policyCutoff } from "./cutoff.js";

type ReservationRow = typeof proctoringReservations.$inferSelect;

/** A reservation as the screens show it, with both readings of its cancellation cut-off. */
export function reservationView(row: ReservationRow, assignedTestIds: number[]): ReservationView {
  return {
    id: row.id,
    state: row.state,
    scheduledAt: row.scheduledAt.toISOString(),
    timeZoneId: row.timeZoneId,
    durationMinutes: row.durationMinutes,
    costCents: row.costCents,
    feeStatus: row.feeStatus,
    bookedAs: row.bookedAs,
    cancellationCutoff: cancellationCutoff(row.scheduledAt).toISOString(),
    policyCutoff: policyCutoff(row.scheduledAt).toISOString(),
    assignedTestIds: [...assignedTestIds].sort((a, b) => a - b),
  };
}

/** Loads reservations with their tests (every test they ever held), as views. */
export async function loadReservationViews(tx: Tx, ids: readonly number[]): Promise<ReservationView[]> {
  if (ids.length === 0) return [];
  const [rows, links] = await Promise.all([
    tx.select().from(proctoringReservations).where(inArray(proctoringReservations.id, [...ids])),
    tx.select().from(proctoringReservationTests).where(and(inArray(proctoringReservationTests.reservationId, [...ids]))),
  ]);
  return rows.map((r) => reservationView(r, links.filter((l) => l.reservationId === r.id).map((l) => l.assignedTestId)));
}

export const reservationById = (tx: Tx, id: number) => tx.select().from(proctoringReservations).where(eq(proctoringReservations.id, id));
