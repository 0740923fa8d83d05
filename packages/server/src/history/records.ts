import { isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import { testStatusOf, type TestStatusFacts, type TestStatusView } from "@parlance/contract";
import { assignedTests, candidateTests } from "../db/schema.js";

/**
 * Shared by assignment, history and tracks: who reaches which candidate's tests, and the facts a
 * test's display status and its cancel window are derived from.
 */

/** Assigned tests that still count (delete_test removes them softly). */
export const liveAssignedTests = isNull(assignedTests.deletedAt);

/** The columns every listing of tests selects, so one function can derive the status. */
export const statusColumns = {
  assignedState: assignedTests.state,
  complimentary: assignedTests.complimentary,
  feesWaived: assignedTests.feesWaived,
  scheduledAt: assignedTests.scheduledAt,
  expiresAt: assignedTests.expiresAt,
  cancellation: assignedTests.cancellation,
  cancellationResult: assignedTests.cancellationResult,
  attemptId: candidateTests.id,
  attemptState: candidateTests.state,
  startedAt: candidateTests.startedAt,
  receivedAt: candidateTests.receivedAt,
  resultState: candidateTests.resultState,
  resultValue: candidateTests.resultValue,
  resultReason: candidateTests.resultReason,
};

export interface StatusRow {
  assignedState: TestStatusFacts["assignedState"];
  complimentary: boolean;
  feesWaived: boolean;
  scheduledAt: Date | null;
  expiresAt: Date;
  cancellation: TestStatusFacts["cancellation"];
  cancellationResult: TestStatusFacts["cancellationResult"];
  attemptId: number | null;
  attemptState: TestStatusFacts["attemptState"];
  startedAt: Date | null;
  receivedAt: Date | null;
  resultState: TestStatusFacts["resultState"];
  resultValue: string | null;
  resultReason: string | null;
  method?: string;
}

export function statusOf(row: StatusRow, now = new Date()): TestStatusView {
  return testStatusOf(
    {
      assignedState: row.assignedState,
      complimentary: row.complimentary,
      feesWaived: row.feesWaived,
      scheduledAt: row.scheduledAt,
      expiresAt: row.expiresAt,
      cancellation: row.cancellation,
      cancellationResult: row.cancellationResult,
      attemptState: row.attemptState,
      receivedAt: row.receivedAt,
      resultState: row.resultState,
      resultValue: row.resultValue,
      resultReason: row.resultReason,
      method: row.method,
    },
    now,
  );
}

/** The test's date: its appointment, else when it was started or received; null before any. */
export function testDateOf(row: Pick<StatusRow, "scheduledAt" | "startedAt" | "receivedAt">): Date | null {
  return row.scheduledAt ?? row.startedAt ?? row.receivedAt ?? null;
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Appointments are cancelled without fees until 5 pm Eastern the day before (spec §9). */
export const CANCELLATION_ZONE = "America/New_York";
export const CANCELLATION_CUTOFF_HOUR = 17;

export function cancellationCutoff(scheduledAt: Date): Date {
  return DateTime.fromJSDate(scheduledAt, { zone: CANCELLATION_ZONE })
    .startOf("day")
    .minus({ days: 1 })
    .set({ hour: CANCELLATION_CUTOFF_HOUR })
    .toJSDate();
}

/** A test not yet started, not cancelled, not scheduled: delete_test may remove it. */
export function isDeletable(row: Pick<StatusRow, "attemptId" | "assignedState" | "cancellation" | "scheduledAt">): boolean {
  return row.attemptId === null && row.cancellation === null && row.scheduledAt === null && row.assignedState !== "taken" && row.assignedState !== "cancelled";
}

/**
 * Whether a scheduled live or video test can be cancelled now, and whether that cancellation is
 * early (fees waived) or late.
 */
export function cancelWindow(
  row: Pick<StatusRow, "attemptId" | "assignedState" | "cancellation" | "scheduledAt"> & { method: string },
  now = new Date(),
): { cancelable: boolean; lateCancelable: boolean } {
  const open =
    (row.method === "live" || row.method === "video") &&
    row.scheduledAt !== null &&
    row.scheduledAt > now &&
    row.attemptId === null &&
    row.cancellation === null &&
    row.assignedState !== "cancelled" &&
    row.assignedState !== "taken";
  if (!open) return { cancelable: false, lateCancelable: false };
  const early = now < cancellationCutoff(row.scheduledAt!);
  return { cancelable: early, lateCancelable: !early };
}
