import { z } from "zod";
import { defineRoute } from "../route.js";
import { TIME_ZONES } from "../candidates/reference.js";
import { recordId, optionalRecordId, flag } from "../settings/fields.js";
import { parseTimeOfDay } from "./time-of-day.js";

/**
 * Scheduling a live or video test (candidate-testing.md §2 schedule-test screen, §3, §4, §5, §7):
 * the times offered on a date and the booking. Paths are the spec's, under /api/test_assignment.
 *
 * The test is named as the spec's payload names it: candidateProfileId + accountTestId (+
 * candidateTrackTestId for a battery's test); the oldest unscheduled assigned test matching them
 * is the one scheduled. `timeZone` is a time zone option's id (20–23) or its IANA name.
 */

/** What the routes and the screen say; the first two are the spec's, word for word. Translated under `scheduling.messages.<name>`. */
export const schedulingMessages = {
  scheduled: "Your scheduled test time request has been sent",
  scheduleFailure: "An error occurred while requesting your scheduled test time.",
  // Ours (the spec leaves the server's reasons open).
  badCandidateId: "The candidate id must be a positive whole number.",
  badAccountTestId: "The test id must be a positive whole number.",
  badTrackTestId: "The battery test id must be a positive whole number.",
  badDate: "The date must be a date such as 2026-03-09.",
  badTime: "The start time must be a time such as 09:30.",
  badZone: "Choose one of the offered time zones.",
  badDuration: "The duration must be the test's duration in minutes.",
  testNotFound: "That test was not found, or it does not need scheduling.",
  notSchedulable: "Only live and video tests can be scheduled here.",
  notAllowed: "This test is scheduled by your administrator.",
  timeUnavailable: "That time is no longer available. Please choose another time.",
  timesLoadFailure: "The available times could not be loaded.",
  allowed: "The candidate may now schedule this test.",
} as const;
export type SchedulingMessage = keyof typeof schedulingMessages;

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const isoDate = z
  .string({ error: schedulingMessages.badDate })
  .regex(ISO_DATE, schedulingMessages.badDate)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), schedulingMessages.badDate);

/** A zone option's id or IANA name, answered as the option's id. */
export const timeZoneField = z
  .union([z.number(), z.string()], { error: schedulingMessages.badZone })
  .transform((v, ctx) => {
    const zone = TIME_ZONES.find((z) => z.id === Number(v) || z.name === v);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: schedulingMessages.badZone });
      return z.NEVER;
    }
    return zone.id as number;
  });

const duration = z.number({ error: schedulingMessages.badDuration }).int(schedulingMessages.badDuration).min(1, schedulingMessages.badDuration).max(1440, schedulingMessages.badDuration);

const startTime = z
  .string({ error: schedulingMessages.badTime })
  .refine((t) => parseTimeOfDay(t) !== null, schedulingMessages.badTime);

export const availableTimesInput = z.object({
  date: isoDate,
  duration,
  timeZone: timeZoneField,
  accountTestId: recordId(schedulingMessages.badAccountTestId),
  candidateProfileId: recordId(schedulingMessages.badCandidateId),
  /** Ours, optional: which battery test (the page passes it; else the oldest unscheduled). */
  candidateTrackTestId: optionalRecordId(schedulingMessages.badTrackTestId),
});
export type AvailableTimesInput = z.input<typeof availableTimesInput>;

/** One slot of the date in the chosen zone: "HH:MM" start and end (spec: start_time, end_time, is_available). */
export const availableTime = z.object({
  start_time: z.string(),
  end_time: z.string(),
  is_available: z.boolean(),
  /** Ours: the slot's instant (UTC ISO), unambiguous even in a repeated hour. */
  starts_at: z.string(),
});
export type AvailableTime = z.infer<typeof availableTime>;

export const scheduleInput = z.object({
  accountTestId: recordId(schedulingMessages.badAccountTestId),
  candidateTrackTestId: optionalRecordId(schedulingMessages.badTrackTestId),
  date: isoDate,
  duration,
  startTime,
  candidateProfileId: recordId(schedulingMessages.badCandidateId),
  timeZone: timeZoneField,
  useMedicalTestRecommendations: flag("useMedicalTestRecommendations").optional().default(false),
});
export type ScheduleInput = z.input<typeof scheduleInput>;

export const schedulingResult = z.object({
  success: z.boolean(),
  message: z.string(),
  messageKey: z.string(),
  /** The booked instant (UTC ISO) and the zone id it was chosen in. */
  scheduledAt: z.string().nullable(),
  timeZoneId: z.number().int().nullable(),
});
export type SchedulingResult = z.infer<typeof schedulingResult>;

/**
 * The spec's scheduling startup data (candidate-testing.md §3 "Scheduling startup data"; the same
 * fields are client-administration.md §3's "Proctor schedule page data"): the schedule-test and the
 * proctoring reservation screens both start from it.
 */
export const schedulingStartupData = z.object({
  minDate: z.string(),
  maxDate: z.string(),
  /** Minutes. */
  duration: z.number().int(),
  durationDescription: z.string(),
  testIds: z.array(z.number().int()),
  trackIds: z.array(z.number().int()),
  assignedTestIds: z.array(z.number().int()),
  testDescriptions: z.array(z.string()),
  timeZoneName: z.string(),
  candidateDisplayAs: z.string(),
  candidateProfileId: z.number().int(),
  isCandidate: z.boolean(),
  allowCandidateScheduling: z.boolean(),
  useMedicalTestRecommendations: z.boolean(),
});

/** The schedule-test screen's data (the startup data for one assigned test). */
export const schedulePage = schedulingStartupData.extend({
  /** Ours: the test's battery entry, the days with a free slot, and the booking if there is one. */
  candidateTrackTestId: z.number().int().nullable(),
  method: z.enum(["live", "video"]),
  availableDates: z.array(z.string()),
  scheduledAt: z.string().nullable(),
  scheduledTimeZoneId: z.number().int().nullable(),
});
export type SchedulePage = z.infer<typeof schedulePage>;

const assignedTestParam = z.object({
  candidateProfileId: recordId(schedulingMessages.badCandidateId),
  testId: recordId(schedulingMessages.badAccountTestId),
});

export const schedulingRoutes = {
  schedulePage: defineRoute({
    method: "GET",
    path: "/api/test_assignment/schedule_page/:candidateProfileId/:testId",
    params: assignedTestParam,
    input: z.object({}),
    output: schedulePage,
    access: "signedIn",
    failure: "scheduleTimeFailure",
    summary: "The schedule-test screen's data for one assigned live or video test (testId: the assigned test's id)",
  }),
  availableTimes: defineRoute({
    method: "POST",
    path: "/api/test_assignment/available_scheduled_times",
    input: availableTimesInput,
    output: z.object({ availableTimes: z.array(availableTime) }),
    access: "signedIn",
    failure: "scheduleTimeFailure",
    summary: "The 15-minute slots of a date in a zone for a live or video test, each available or not",
  }),
  schedule: defineRoute({
    method: "POST",
    path: "/api/test_assignment/schedule",
    input: scheduleInput,
    output: schedulingResult,
    access: "signedIn",
    failure: "scheduleTimeFailure",
    summary: "Book a live or video test at an available time: stored in UTC with the chosen zone and a free evaluator",
  }),
  allowCandidateScheduling: defineRoute({
    method: "POST",
    path: "/api/test_assignment/allow_candidate_scheduling",
    input: z.object({ id: recordId(schedulingMessages.badAccountTestId) }),
    output: schedulingResult,
    access: "candidates",
    failure: "assignFailure",
    summary: "Leave an unscheduled live or video test for the candidate to schedule (the administrator's option)",
  }),
} as const;
