import { z } from "zod";
import { defineRoute } from "../route.js";
import { takingParams, testContentView } from "./taking.js";
import { LIVE_START_EARLY_MINUTES } from "./list.js";

/**
 * Live, video and sight-translation starts (candidate spec §7: "method not shown, request bodies
 * not shown"; the answer is the test content of §3) and the live/video page's data ("Tests Live":
 * candidateTestId, video). An interpreter conducts these tests: by phone for live tests, in a video
 * room for video tests; the content is what the candidate reads during the session.
 */

export const liveMessages = {
  notLive: "This test is not a live test.",
  notVideo: "This test is not a video test.",
  notSightTranslation: "This test is not taken by sight translation.",
  tooEarly: `This test can be started from ${LIVE_START_EARLY_MINUTES} minutes before its appointment.`,
  over: "The time of this appointment has passed.",
  badAid: "The test address must be 'a' or 's' followed by the test's id.",
} as const;

/** a{id}: reached from an assigned test; s{id}: from a scheduled one (an appointment). The id is the assigned test's. */
export const liveParams = z.object({
  aid: z.string().transform((raw, ctx) => {
    const m = /^([as])(\d{1,10})$/.exec(raw);
    const id = m ? Number(m[2]) : Number.NaN;
    if (!m || id < 1 || id > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: liveMessages.badAid });
      return z.NEVER;
    }
    return { scheduled: m[1] === "s", id };
  }),
});

/** Where the appointment stands: no appointment yet, before the start window, within it, or past its end. */
export const LIVE_WINDOWS = ["unscheduled", "before", "open", "over"] as const;
export type LiveWindow = (typeof LIVE_WINDOWS)[number];

export const testLiveView = z.object({
  // --- spec §3 "Tests Live" ---
  candidateTestId: z.number().int().nullable(),
  /** A video test (a video room) rather than a live one (a phone call from the interpreter). */
  video: z.boolean(),
  // --- ours ---
  /** A video test's room is offered (the `video` feature flag); off, the interpreter calls instead. */
  videoRoom: z.boolean(),
  assignedTestId: z.number().int(),
  testDescription: z.string(),
  testMethod: z.enum(["live", "video"]),
  accountName: z.string(),
  /** The appointment (ISO 8601); null when the test is not scheduled yet. */
  testAt: z.string().nullable(),
  durationMinutes: z.number().int(),
  /** ISO 8601: the start window (15 minutes before the appointment until its end); null without an appointment. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  window: z.enum(LIVE_WINDOWS),
  /** The test may also be started as a sight translation (start_sight_translation). */
  sightTranslation: z.boolean(),
  attemptState: z.enum(["not_started", "in_progress", "received"]),
  expiresAt: z.string(),
});
export type TestLiveView = z.infer<typeof testLiveView>;

export const takingLiveRoutes = {
  show: defineRoute({
    method: "GET",
    path: "/api/tests/live/:aid",
    params: liveParams,
    input: z.object({}),
    output: testLiveView,
    access: "tests",
    failure: "testContentFailure",
    summary: "The live/video page's data (Tests Live): the appointment, its start window and the attempt",
  }),
  startLive: defineRoute({
    method: "POST",
    path: "/api/test_content/start_live_test/:id",
    params: takingParams,
    input: z.object({}),
    output: testContentView,
    access: "tests",
    failure: "testContentFailure",
    summary: "Start (or resume) a live test within its window (15 minutes before the appointment until its end); answers the session's content",
  }),
  startSightTranslation: defineRoute({
    method: "POST",
    path: "/api/test_content/start_sight_translation/:id",
    params: takingParams,
    input: z.object({}),
    output: testContentView,
    access: "tests",
    failure: "testContentFailure",
    summary: "Start (or resume) a live or video test whose content has a source-language text to translate aloud, within its window",
  }),
  startVideo: defineRoute({
    method: "POST",
    path: "/api/test_content/start_video_test/:id",
    params: takingParams,
    input: z.object({}),
    output: testContentView,
    access: "tests",
    failure: "videoSetupFailure",
    summary: "Start (or resume) a video test within its window; answers the session's content",
  }),
} as const;
