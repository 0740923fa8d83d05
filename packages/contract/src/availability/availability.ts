import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages, type FailureKey } from "../common/errors.js";
import { recordId } from "../settings/fields.js";
import { SLOT_STEP_MINUTES, WEEKDAYS } from "../scheduling/constants.js";
import { formatTimeOfDay, parseTimeOfDay } from "../scheduling/time-of-day.js";
import { CONFLICT_MAX_YEAR, CONFLICT_MIN_YEAR, parseZonedDateTime } from "./date-time.js";

/**
 * Availability (evaluators-results-account.md §2, §3, §4, §7, §8): an evaluator's or proctor's
 * weekly conflicts (recurring unavailability: a weekday and Eastern wall-clock times) and
 * individual conflicts (specific unavailability: an interval, partial = still available for IVR
 * and online tests). The scheduling engine reads both (server/src/availability/resources.ts).
 */

/** How many weekly conflicts one person keeps, and how many individual ones not yet ended: a bound on every list. */
export const WEEKLY_CONFLICTS_MAX = 50;
export const INDIVIDUAL_CONFLICTS_MAX = 200;

/**
 * What these routes and the Availability screen say. The first fourteen are the spec's, word for
 * word (§8): the screen's outcomes; the rest are the server's reasons for refusing a request, which
 * the screen shows in place of its default (spec: "A server message on a bad-status response is
 * shown in place of the default"). Translated under `availability.messages.<name>`.
 */
export const availabilityMessages = {
  weeklyCreated: "Weekly unavailability has been created.",
  weeklyUpdated: "Weekly unavailability has been updated.",
  weeklyDeleted: "Weekly unavailability has been deleted.",
  weeklyNotCreated: "Weekly unavailability could not be created.",
  weeklyNotUpdated: "Weekly unavailability could not be updated.",
  weeklyNotDeleted: "Weekly unavailability could not be deleted.",
  individualCreated: "Individual conflict has been created.",
  individualUpdated: "Individual conflict has been updated.",
  individualDeleted: "Individual conflict has been deleted.",
  individualNotCreated: "Individual conflict could not be created.",
  individualNotUpdated: "Individual conflict could not be updated.",
  individualNotDeleted: "Individual conflict could not be deleted.",
  weeklyNotLoaded: "Weekly conflicts could not be retrieved.",
  individualNotLoaded: "Individual conflicts could not be retrieved.",
  badId: "The id must be a positive whole number.",
  badDay: "The day must be one of Sunday, Monday, Tuesday, Wednesday, Thursday, Friday or Saturday.",
  badTime: "Times are written HH:MM:SS, from 00:00:00 to 23:59:59.",
  offStep: "Times are chosen in 15-minute steps (00, 15, 30 or 45 minutes past the hour).",
  weeklyOrder: "The end time must be after the start time.",
  badDateTime: `Dates and times are written as ISO 8601 with a time zone, e.g. 2026-03-10T09:00:00-04:00, in the years ${CONFLICT_MIN_YEAR} to ${CONFLICT_MAX_YEAR}.`,
  individualOrder: "The end must be after the start.",
  badPartial: "The field partial must be true or false ('1' or '0').",
  individualEnded: "An individual conflict must end in the future.",
  weeklyTooMany: `You can keep at most ${WEEKLY_CONFLICTS_MAX} weekly conflicts.`,
  individualTooMany: `You can keep at most ${INDIVIDUAL_CONFLICTS_MAX} individual conflicts that have not ended.`,
  weeklyNotFound: "That weekly conflict was not found.",
  individualNotFound: "That individual conflict was not found.",
} as const;
export type AvailabilityMessage = keyof typeof availabilityMessages;

const m = availabilityMessages;
/** Absent or empty is the spec's 'A required field is missing.'; anything else of the wrong kind gets `message`. */
const missingOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? specMessages.requiredFieldMissing : message;
const STEP_SECONDS = SLOT_STEP_MINUTES * 60;

export const conflictId = recordId(m.badId);

/** A weekday name of the spec ("Sunday" to "Saturday"). */
const day = z.enum(WEEKDAYS, { error: missingOr(m.badDay) });

/** "HH:MM:SS" (or "HH:MM") on the 15-minute grid, answered as "HH:MM:SS". */
const timeOfDay = z.string({ error: missingOr(m.badTime) }).transform((text, ctx) => {
  if (text.trim() === "") {
    ctx.addIssue({ code: "custom", message: specMessages.requiredFieldMissing });
    return z.NEVER;
  }
  const seconds = parseTimeOfDay(text);
  if (seconds === null) {
    ctx.addIssue({ code: "custom", message: m.badTime });
    return z.NEVER;
  }
  if (seconds % STEP_SECONDS !== 0) {
    ctx.addIssue({ code: "custom", message: m.offStep });
    return z.NEVER;
  }
  return formatTimeOfDay(seconds);
});

/** An ISO 8601 date-time with its zone, on the 15-minute grid, as the instant it names. */
const zonedDateTime = z.string({ error: missingOr(m.badDateTime) }).transform((text, ctx) => {
  if (text.trim() === "") {
    ctx.addIssue({ code: "custom", message: specMessages.requiredFieldMissing });
    return z.NEVER;
  }
  const at = parseZonedDateTime(text);
  if (!at) {
    ctx.addIssue({ code: "custom", message: m.badDateTime });
    return z.NEVER;
  }
  // Every offered zone is a whole number of hours from UTC, so the grid is the same in UTC.
  if (at.getTime() % (STEP_SECONDS * 1000) !== 0) {
    ctx.addIssue({ code: "custom", message: m.offStep });
    return z.NEVER;
  }
  return at;
});

/** Spec §3: true (value '1') available for IVR and online tests only; false ('0') not available. */
const partial = z
  .union([z.boolean(), z.literal("1"), z.literal("0")], { error: missingOr(m.badPartial) })
  .transform((v) => v === true || v === "1");

const weeklyFields = { day, from_time: timeOfDay, to_time: timeOfDay };
const weeklyOrder = <T extends { from_time: string; to_time: string }>(v: T, ctx: z.RefinementCtx) => {
  // HH:MM:SS strings compare in time order.
  if (v.to_time <= v.from_time) ctx.addIssue({ code: "custom", path: ["to_time"], message: m.weeklyOrder });
};
export const recurringCreateInput = z.object(weeklyFields).superRefine(weeklyOrder);
export const recurringUpdateInput = z.object({ id: conflictId, ...weeklyFields }).superRefine(weeklyOrder);

const individualFields = { from: zonedDateTime, to: zonedDateTime, partial };
const individualOrder = <T extends { from: Date; to: Date }>(v: T, ctx: z.RefinementCtx) => {
  if (v.to.getTime() <= v.from.getTime()) ctx.addIssue({ code: "custom", path: ["to"], message: m.individualOrder });
};
export const specificCreateInput = z.object(individualFields).superRefine(individualOrder);
export const specificUpdateInput = z.object({ id: conflictId, ...individualFields }).superRefine(individualOrder);
export const conflictDeleteInput = z.object({ id: conflictId });

/** A weekly conflict as the lists answer it: Eastern wall-clock times. */
export const recurringUnavailability = z.object({
  id: z.number().int(),
  day: z.enum(WEEKDAYS),
  from_time: z.string(),
  to_time: z.string(),
});
export type RecurringUnavailability = z.infer<typeof recurringUnavailability>;

/** An individual conflict as the lists answer it: `from` and `to` are UTC ISO 8601 instants. */
export const specificUnavailability = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  partial: z.boolean(),
});
export type SpecificUnavailability = z.infer<typeof specificUnavailability>;

/** The Availability screen's own data (spec §3: today, timeZones, timeZoneId, timeZoneName, timeZoneDisplayAs). */
export const availabilityPageData = z.object({
  /** yyyy-MM-dd in the person's zone. */
  today: z.string(),
  timeZones: z.array(z.object({ id: z.number().int(), name: z.string(), displayAs: z.string() })),
  timeZoneId: z.number().int(),
  timeZoneName: z.string(),
  timeZoneDisplayAs: z.string(),
});
export type AvailabilityPageData = z.infer<typeof availabilityPageData>;

const done = z.object({ success: z.boolean() });
const created = z.object({ id: z.number().int() });

/**
 * One kind's list, create, update and delete under /api/{base}/: both kinds are read and changed the
 * same way, so their four routes are made alike here (`noun` names the kind in the API docs).
 */
function conflictRoutes<L extends string, T extends z.ZodType, C extends z.ZodType, U extends z.ZodType>(
  base: string,
  listKey: L,
  item: T,
  input: { create: C; update: U },
  summary: { noun: string; list: string; create: string },
  failure: Record<"list" | "create" | "update" | "delete", FailureKey>,
) {
  const listed = { [listKey]: z.array(item) } as Record<L, z.ZodArray<T>>;
  const own = `one of the caller's ${summary.noun} (404 for anyone else's)`;
  return {
    list: defineRoute({ method: "GET", path: `/api/${base}/list`, input: z.object({}), output: z.object(listed), access: "availability", failure: failure.list, summary: summary.list }),
    create: defineRoute({ method: "POST", path: `/api/${base}/create`, input: input.create, output: created, access: "availability", failure: failure.create, summary: summary.create }),
    update: defineRoute({ method: "POST", path: `/api/${base}/update`, input: input.update, output: done, access: "availability", failure: failure.update, summary: `Changes ${own}` }),
    delete: defineRoute({ method: "DELETE", path: `/api/${base}/delete`, input: conflictDeleteInput, output: done, access: "availability", failure: failure.delete, summary: `Deletes ${own}` }),
  };
}

const recurring = conflictRoutes("recurringunavailabilities", "recurring_unavailabilities", recurringUnavailability, { create: recurringCreateInput, update: recurringUpdateInput }, {
  noun: "weekly conflicts",
  list: "The caller's weekly conflicts (Eastern Time), Sunday to Saturday, then by start time",
  create: "Adds a weekly conflict: day (Sunday to Saturday), from_time and to_time (HH:MM:SS, Eastern, 15-minute steps)",
}, { list: "weeklyNotLoaded", create: "weeklyNotCreated", update: "weeklyNotUpdated", delete: "weeklyNotDeleted" });
const specific = conflictRoutes("specificunavailabilities", "specific_unavailabilities", specificUnavailability, { create: specificCreateInput, update: specificUpdateInput }, {
  noun: "individual conflicts",
  list: "The caller's individual conflicts that have not ended, by start",
  create: "Adds an individual conflict: from and to (ISO 8601 with a zone, 15-minute steps, ending in the future), partial ('1'/true: IVR and online only)",
}, { list: "individualNotLoaded", create: "individualNotCreated", update: "individualNotUpdated", delete: "individualNotDeleted" });

export const availabilityRoutes = {
  page: defineRoute({
    method: "GET",
    path: "/api/availability",
    input: z.object({}),
    output: availabilityPageData,
    access: "availability",
    failure: "listLoadFailure",
    summary: "The Availability screen's data: today and the person's time zone (an evaluator's own zone, else Eastern) with the offered zones",
  }),
  recurringList: recurring.list,
  recurringCreate: recurring.create,
  recurringUpdate: recurring.update,
  recurringDelete: recurring.delete,
  specificList: specific.list,
  specificCreate: specific.create,
  specificUpdate: specific.update,
  specificDelete: specific.delete,
} as const;
