import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";
import { flag, recordId } from "../settings/fields.js";
import { testStatusView } from "../history/history.js";

/** Batteries (candidate tracks): the tests of a test group assigned together (client spec §2, §4). */

export const trackMessages = {
  updateFailure: "An error occurred while updating the test battery.",
  completed: "The test battery has been marked completed.",
  reopened: "The test battery is open again.",
  badTrackId: "The battery id must be a positive whole number.",
  notFound: "That test battery was not found.",
} as const;
export type TrackMessage = keyof typeof trackMessages;

export const candidateTrackId = recordId(trackMessages.badTrackId);

export const trackTest = z.object({
  /** The candidate track test id. */
  id: z.number().int(),
  /** Its assigned test (null if it was deleted). */
  assignedTestId: z.number().int().nullable(),
  requiresScheduling: z.boolean(),
  /** The display status of its assigned test (null if it was deleted). */
  status: testStatusView.nullable(),
  /** The test's date (ISO), null before it is taken or scheduled. */
  testDate: z.string().nullable(),
  testDescription: z.string(),
  testMethod: z.enum(TEST_METHODS),
});
export type TrackTest = z.infer<typeof trackTest>;

export const candidateTrack = z.object({
  id: z.number().int(),
  isCompleted: z.boolean(),
  trackDescription: z.string(),
  trackTests: z.array(trackTest),
  // Beyond the spec: the page links back to the candidate.
  candidateId: z.number().int(),
  candidateName: z.string(),
});
export type CandidateTrack = z.infer<typeof candidateTrack>;

export const trackRoutes = {
  get: defineRoute({
    method: "GET",
    path: "/api/test_tracks/:id",
    params: z.object({ id: candidateTrackId }),
    input: z.object({}),
    output: candidateTrack,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "A candidate's battery with its tests and their statuses",
  }),
  update: defineRoute({
    method: "POST",
    path: "/api/test_tracks/update",
    input: z.object({ candidateTrackId, completed: flag("completed") }),
    output: z.object({ success: z.boolean(), message: z.string(), messageKey: z.string() }),
    access: "candidates",
    failure: "batteryUpdateFailure",
    summary: "Mark a battery completed (the candidate chose not to finish it), or open it again",
  }),
} as const;
