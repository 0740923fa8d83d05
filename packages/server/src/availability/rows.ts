import { WEEKDAYS, type RecurringUnavailability, type SpecificUnavailability } from "@parlance/contract";
import type { recurringUnavailabilities, specificUnavailabilities } from "../db/schema.js";

/** Stored rows in the lists' shape (spec §3 field names). */

export function recurringRow(row: typeof recurringUnavailabilities.$inferSelect): RecurringUnavailability {
  return { id: row.id, day: WEEKDAYS[row.day], from_time: hhmmss(row.fromTime), to_time: hhmmss(row.toTime) };
}

export function specificRow(row: typeof specificUnavailabilities.$inferSelect): SpecificUnavailability {
  return { id: row.id, from: row.fromAt.toISOString(), to: row.toAt.toISOString(), partial: row.partial };
}

/** PostgreSQL answers a `time` as "HH:MM:SS" (with ".ffffff" only when it has fractions, which ours never do). */
const hhmmss = (time: string) => time.slice(0, 8);

/** The stored day (0 Sunday … 6 Saturday) of a weekday name. */
export const dayNumber = (day: (typeof WEEKDAYS)[number]) => WEEKDAYS.indexOf(day);
