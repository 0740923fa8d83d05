import { and, asc, eq, isNull } from "drizzle-orm";
import { trackMessages, type CandidateTrack, type TrackMessage, type trackRoutes } from "@parlance/contract";
import type { Db } from "../db/client.js";
import { accountTests, assignedTests, candidates, candidateTests, candidateTrackTests, candidateTracks, tests } from "../db/schema.js";
import type { DbContext } from "../context.js";
import type { InputOf } from "../http/implement-area.js";
import { candidatesInScope, clientScope, inAccount, type ClientScope, type Scope } from "../auth/scope.js";
import { HttpError } from "../http/errors.js";
import { audit } from "../audit/audit.js";
import { iso, statusColumns, statusOf, testDateOf, type StatusRow } from "../history/index.js";

export const trackError = (status: number, name: TrackMessage) => new HttpError(status, trackMessages[name], `tracks.messages.${name}`);

/** The battery, if its candidate is in the caller's reach (404 otherwise). */
async function findTrack(db: Db, scope: ClientScope, id: number) {
  const [row] = await db
    .select({
      id: candidateTracks.id,
      isCompleted: candidateTracks.isCompleted,
      description: candidateTracks.description,
      candidateId: candidates.id,
      firstName: candidates.firstName,
      lastName: candidates.lastName,
    })
    .from(candidateTracks)
    .innerJoin(candidates, eq(candidates.id, candidateTracks.candidateId))
    .where(and(candidatesInScope(scope), inAccount(scope, candidateTracks), eq(candidateTracks.id, id)))
    .limit(1);
  if (!row) throw trackError(404, "notFound");
  return row;
}

export async function getTrack({ db }: DbContext, scope: Scope, { id }: { id: number }): Promise<CandidateTrack> {
  const track = await findTrack(db, clientScope(scope), id);
  const rows = await db
    .select({
      trackTestId: candidateTrackTests.id,
      requiresScheduling: candidateTrackTests.requiresScheduling,
      description: tests.description,
      method: tests.method,
      assignedTestId: assignedTests.id,
      ...statusColumns,
    })
    .from(candidateTrackTests)
    .innerJoin(accountTests, eq(accountTests.id, candidateTrackTests.accountTestId))
    .innerJoin(tests, eq(tests.id, accountTests.testId))
    .leftJoin(assignedTests, and(eq(assignedTests.candidateTrackTestId, candidateTrackTests.id), isNull(assignedTests.deletedAt)))
    .leftJoin(candidateTests, eq(candidateTests.assignedTestId, assignedTests.id))
    .where(eq(candidateTrackTests.trackId, id))
    .orderBy(asc(candidateTrackTests.position), asc(candidateTrackTests.id));
  const now = new Date();
  return {
    id: track.id,
    isCompleted: track.isCompleted,
    trackDescription: track.description,
    candidateId: track.candidateId,
    candidateName: `${track.firstName} ${track.lastName}`.trim(),
    trackTests: rows.map((r) => ({
      id: r.trackTestId,
      assignedTestId: r.assignedTestId,
      requiresScheduling: r.requiresScheduling,
      // Without an assigned test (deleted) the status columns are all null.
      status: r.assignedTestId === null ? null : statusOf(r as StatusRow, now),
      testDate: r.assignedTestId === null ? null : iso(testDateOf(r)),
      testDescription: r.description,
      testMethod: r.method,
    })),
  };
}

/** Marks a battery completed (the candidate chose not to finish it), or open again. */
export async function updateTrack({ db }: DbContext, scope: Scope, { candidateTrackId: id, completed }: InputOf<typeof trackRoutes.update>): Promise<void> {
  const track = await findTrack(db, clientScope(scope), id);
  await db.transaction(async (tx) => {
    await tx
      .update(candidateTracks)
      .set({ isCompleted: completed, completedAt: completed ? new Date() : null })
      .where(eq(candidateTracks.id, id));
    if (track.isCompleted !== completed) {
      await audit({ db: tx }, { actor: scope, action: completed ? "tracks.complete" : "tracks.reopen", targetType: "candidate_track", targetId: id });
    }
  });
}
