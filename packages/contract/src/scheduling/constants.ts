import { DEFAULT_TIME_ZONE_ID, TIME_ZONES, timeZoneById, type TimeZoneOption } from "../candidates/reference.js";
import type { TestMethod } from "../catalogue/catalogue.js";
import type { MinProctorApptDelay } from "../settings/proctor-service.js";

/**
 * Scheduling constants of the specs (candidate-testing §5, §9; client-administration §9;
 * evaluators-results-account §3, §5, §9), shared by the server's availability engine
 * (packages/server/src/scheduling) and the screens that pick dates and times.
 */

/** Business hours, weekly conflicts and the live-test cut-off are all in Eastern Time (id 23). */
export const BUSINESS_TIME_ZONE_ID = DEFAULT_TIME_ZONE_ID;
export const BUSINESS_TIME_ZONE: TimeZoneOption["name"] = timeZoneById(BUSINESS_TIME_ZONE_ID).name;

/** Business window 9:00–18:00: a slot starts at 9:00 at the earliest and ends by 18:00. */
export const BUSINESS_START_HOUR = 9;
export const BUSINESS_END_HOUR = 18;

/** Days of the week in the specs' order (recurring unavailability: "day (Sunday to Saturday)"). */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The five business weekdays. */
export const BUSINESS_WEEKDAYS: readonly Weekday[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

/** Time selections and slot starts are on a 15-minute grid (00, 15, 30, 45). */
export const SLOT_STEP_MINUTES = 15;

/** How far ahead a date may be picked: candidate availability 30 days, evaluator look-ups about 90. */
export const CANDIDATE_LOOK_AHEAD_DAYS = 30;
export const EVALUATOR_LOOK_AHEAD_DAYS = 90;

/**
 * Live tests: the first bookable day is the next business day if it is before 4 pm ET, otherwise
 * two business days later.
 */
export const LIVE_TEST_CUTOFF_HOUR = 16;

/** minProctorApptDelay in minutes: 0 means anytime, 1 means one hour in advance. */
export const MIN_PROCTOR_APPT_DELAY_MINUTES: Record<MinProctorApptDelay, number> = { 0: 0, 1: 60 };

/** A partial individual conflict leaves its owner available for IVR and online tests only. */
export const PARTIAL_CONFLICT_METHODS: readonly TestMethod[] = ["ivr", "online"];
/** How the partial flag travels in forms: '1' partial, '0' not available. */
export const PARTIAL_FLAG_VALUES = { partial: "1", unavailable: "0" } as const;

/** A new weekly conflict starts as Sunday 08:00:00 to 18:00:00. */
export const NEW_WEEKLY_CONFLICT = { day: "Sunday", from_time: "08:00:00", to_time: "18:00:00" } as const satisfies {
  day: Weekday;
  from_time: string;
  to_time: string;
};

/** The offered zones (US Eastern, Central, Mountain, Pacific) by IANA name, or undefined. */
export function timeZoneByName(name: string): TimeZoneOption | undefined {
  return TIME_ZONES.find((z) => z.name === name);
}
