import { z } from "zod";
import { defineRoute } from "../route.js";
import { CANDIDATE_TEXT_MAX, US_REGIONS } from "../candidates/reference.js";
import { candidateMessages } from "../candidates/form.js";
import { recordId } from "../settings/fields.js";
import { flag } from "../settings/fields.js";
import { isoDate, schedulingStartupData, timeZoneField } from "../scheduling/routes.js";
import { parseTimeOfDay } from "../scheduling/time-of-day.js";
import { reservationMessages as m } from "./reservation-messages.js";

/**
 * Proctoring reservations (client-administration.md §2 "Proctoring reservation", §3, §4, §5, §7,
 * §9; candidate-testing.md §3 "Scheduling startup data"): the schedule page's data, the times of a
 * day with their costs, confirm (a time, or assign only), the candidate's contact details, the
 * proctoring terms, and cancelling a reservation before or after its cut-off.
 * Paths are the spec's under /api/proctorservice where it gives them. Money is in integer cents.
 */

export const RESERVATION_MAX_TESTS = 10;

/** Assigned test ids: a JSON list, or the page's comma-separated `assigned_tests` text. */
export const assignedTestIdList = z
  .union([z.array(z.union([z.number(), z.string()])), z.string()], { error: m.badTestIds })
  .transform((v, ctx) => {
    const parts = typeof v === "string" ? v.split(",").map((s) => s.trim()) : v;
    const ids = parts.map((p) => (typeof p === "number" ? p : /^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (ids.length === 0 || ids.length > RESERVATION_MAX_TESTS || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: m.badTestIds });
      return z.NEVER;
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  });

/** testIds and trackIds of the spec's confirm payload: optional lists of ids (checked against the assigned tests). */
const optionalIdList = z
  .array(z.union([z.number(), z.string()]), { error: m.badIdList })
  .max(RESERVATION_MAX_TESTS * 2, m.badIdList)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const ids = v.map((p) => (typeof p === "number" ? p : /^\d{1,10}$/.test(p) ? Number(p) : Number.NaN));
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: m.badIdList });
      return z.NEVER;
    }
    return [...new Set(ids)].sort((a, b) => a - b);
  });

const candidateProfileId = recordId(m.badCandidateId);
const duration = z.number({ error: m.badDuration }).int(m.badDuration).min(1, m.badDuration).max(1440, m.badDuration);
const startTime = z.string({ error: m.badTime }).refine((t) => parseTimeOfDay(t) !== null, m.badTime);
const cost = z.number({ error: m.badCost }).int(m.badCost).min(0, m.badCost).max(10_000_000, m.badCost);

/** A reservation as the screens show it. */
export const reservationView = z.object({
  id: z.number().int(),
  state: z.enum(["reserved", "cancelled"]),
  /** UTC ISO instant and the zone id it was chosen in. */
  scheduledAt: z.string(),
  timeZoneId: z.number().int(),
  durationMinutes: z.number().int(),
  costCents: z.number().int(),
  feeStatus: z.enum(["unpaid", "paid", "waived"]),
  /** Who pays the fee: the account (booked by its staff) or the candidate (booked themselves). */
  bookedAs: z.enum(["staff", "candidate"]),
  /** 5 pm ET the day before: cancelling before it waives the fee (spec §9). */
  cancellationCutoff: z.string(),
  /** The payment policy page's reading: 6 pm ET the business day before (spec §9; stated beside it). */
  policyCutoff: z.string(),
  assignedTestIds: z.array(z.number().int()),
});
export type ReservationView = z.infer<typeof reservationView>;

/** Proctor schedule page data (spec §3; `duration`: the tests' minutes added, doubled with test adjustments), plus what the screen needs besides. */
export const proctorSchedulePage = schedulingStartupData.extend({
  /** Ours: the candidate's zone id, the days with a free proctor, whether the steps before are done, the reservation if there is one. */
  timeZoneId: z.number().int(),
  availableDates: z.array(z.string()),
  termsAccepted: z.boolean(),
  /** A prepay account's prepay terms (billing) are accepted; true for other accounts. */
  prepayTermsAccepted: z.boolean(),
  contactComplete: z.boolean(),
  /** Ours: whether this session may enter the contact details (an access-code session may not: they are the profile's). */
  contactEditable: z.boolean(),
  reservation: reservationView.nullable(),
});
export type ProctorSchedulePage = z.infer<typeof proctorSchedulePage>;

export const proctorAvailableTime = z.object({
  /** "HH:MM" start in the chosen zone (spec: time and cost). */
  time: z.string(),
  /** Cents. */
  cost: z.number().int(),
  /** Ours: the end, the instant, whether the +$5 short-notice rule applied, and the cancellation cut-off. */
  endTime: z.string(),
  startsAt: z.string(),
  shortNotice: z.boolean(),
  cancellationCutoff: z.string(),
});
export type ProctorAvailableTime = z.infer<typeof proctorAvailableTime>;

export const availableProctorTimesInput = z.object({
  date: isoDate,
  duration,
  timeZone: timeZoneField,
  candidateProfileId,
  /** Ours: which tests (their method decides whether a proctor's partial conflict blocks; their durations the duration). */
  assignedTestIds: assignedTestIdList,
});

export const confirmReservationInput = z
  .object({
    date: isoDate.optional(),
    time: startTime.optional(),
    cost: cost.optional(),
    assignOnly: flag("assignOnly").optional().default(false),
    candidateProfileId,
    testIds: optionalIdList,
    trackIds: optionalIdList,
    assignedTestIds: assignedTestIdList,
    useMedicalTestRecommendations: flag("useMedicalTestRecommendations").optional().default(false),
    /** Ours: the zone the time was chosen in (the candidate's when absent). */
    timeZone: timeZoneField.optional(),
  })
  .refine((v) => v.assignOnly || (v.date !== undefined && v.time !== undefined && v.cost !== undefined), { message: m.timeRequired });
export type ConfirmReservationInput = z.input<typeof confirmReservationInput>;

export const reservationResult = z.object({
  success: z.boolean(),
  message: z.string(),
  messageKey: z.string(),
  reservation: reservationView.nullable(),
});
export type ReservationResult = z.infer<typeof reservationResult>;

const contactText = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(CANDIDATE_TEXT_MAX, tooLong);

/** The contact fields a proctored sitting needs (spec §5: phone, address, city, state, postal code, time zone), all required. */
export const contactDetailsInput = z.object({
  id: candidateProfileId,
  phoneNumber: contactText(candidateMessages.phoneRequired, candidateMessages.phoneNumberTooLong).refine((p) => {
    const digits = p.replace(/\D/g, "");
    return digits.length >= 7 && digits.length <= 15 && /^[\d\s()+.-]+$/.test(p);
  }, candidateMessages.phoneInvalid),
  streetAddress: contactText(candidateMessages.streetAddressRequired, candidateMessages.streetAddressTooLong),
  city: contactText(candidateMessages.cityRequired, candidateMessages.cityTooLong),
  state: contactText(candidateMessages.stateRequired, candidateMessages.stateTooLong).refine((s) => US_REGIONS.some((r) => r.id === s), candidateMessages.stateInvalid),
  postalCode: contactText(candidateMessages.postalCodeRequired, candidateMessages.postalCodeTooLong).refine((p) => /^\d{5}(-\d{4})?$/.test(p), candidateMessages.postalCodeInvalid),
  timeZone: timeZoneField,
});
export type ContactDetailsInput = z.input<typeof contactDetailsInput>;

/** Proctor contact details (spec §3). */
export const proctorContactDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  emailAddress: z.string(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  /** The zone option's id. */
  timeZone: z.number().int(),
  timeZones: z.array(z.object({ id: z.number().int(), name: z.string(), displayAs: z.string() })),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Descriptions of the tests being reserved, and their assigned test ids. */
  tests: z.array(z.string()),
  assignedTests: z.array(z.number().int()),
  editingSelf: z.boolean(),
  useMedicalTestRecommendations: z.boolean(),
});
export type ProctorContactDetails = z.infer<typeof proctorContactDetails>;

export const proctorTerms = z.object({ accepted: z.boolean(), acceptedAt: z.string().nullable() });

const candidateParam = z.object({ candidateProfileId });

export const proctoringReservationRoutes = {
  schedulePage: defineRoute({
    method: "GET",
    path: "/api/proctorservice/schedule_page/:candidateProfileId",
    params: candidateParam,
    input: z.object({ assigned_tests: assignedTestIdList }),
    output: proctorSchedulePage,
    access: "signedIn",
    failure: "reservationFailure",
    summary: "The proctoring reservation screen's data for a candidate's proctor-service tests (assigned_tests: comma-separated ids)",
  }),
  availableTimes: defineRoute({
    method: "POST",
    path: "/api/proctorservice/get_available_times",
    input: availableProctorTimesInput,
    output: z.object({ availableTimes: z.array(proctorAvailableTime) }),
    access: "signedIn",
    failure: "reservationFailure",
    summary: "The start times of a date in a zone with a free proctor, each with its cost in cents",
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/api/proctorservice/confirm",
    input: confirmReservationInput,
    output: reservationResult,
    access: "signedIn",
    failure: "reservationFailure",
    summary: "Reserve a proctor at a time (the cost must be the one offered), or assign only: the candidate schedules it; 409 when the time was taken",
  }),
  cancel: defineRoute({
    method: "POST",
    path: "/api/proctorservice/cancel",
    input: z.object({ id: recordId(m.badReservationId) }),
    output: reservationResult,
    access: "signedIn",
    failure: "reservationFailure",
    summary: "Cancel a reservation: before its cut-off (5 pm ET the day before) the fee is waived, after it the fee stays due",
  }),
  contactDetails: defineRoute({
    method: "GET",
    path: "/api/proctorservice/contact_details/:candidateProfileId",
    params: candidateParam,
    input: z.object({ assigned_tests: assignedTestIdList.optional() }),
    output: proctorContactDetails,
    access: "signedIn",
    failure: "listLoadFailure",
    summary: "The Candidate Contact Details page's data",
  }),
  editContactDetails: defineRoute({
    method: "POST",
    path: "/api/proctorservice/edit_contact_details",
    input: contactDetailsInput,
    output: z.object({ success: z.boolean(), message: z.string(), messageKey: z.string() }),
    access: "signedIn",
    failure: "genericSaveFailure",
    summary: "UPDATE CANDIDATE: save the candidate's proctoring contact details (every field required)",
  }),
  terms: defineRoute({
    method: "GET",
    path: "/api/proctorservice/tos",
    input: z.object({}),
    output: proctorTerms,
    access: "signedIn",
    failure: "listLoadFailure",
    summary: "Whether the signed-in user has accepted the proctoring terms of service",
  }),
  acceptTerms: defineRoute({
    method: "POST",
    path: "/api/proctorservice/accept_tos",
    input: z.object({ accept: z.literal(true, { error: m.mustAccept }) }),
    output: z.object({ success: z.boolean(), message: z.string(), messageKey: z.string(), acceptedAt: z.string() }),
    access: "signedIn",
    failure: "genericSaveFailure",
    summary: "Accept the proctoring terms of service (once; accepting again keeps the first acceptance)",
  }),
} as const;
