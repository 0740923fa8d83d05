import { DateTime } from "luxon";
import { BUSINESS_TIME_ZONE, WEEKDAYS, type Weekday } from "@parlance/contract";
import type { Tx } from "../db/tx.js";
import { recurringUnavailabilities, specificUnavailabilities } from "../db/schema.js";

/**
 * The demo evaluators' availability, so the Availability screen and the scheduling engine have
 * something to show on a fresh start: a few weekly conflicts (Eastern wall clock) and individual
 * conflicts in the coming weeks (one not available, one partial: IVR and online still possible).
 */

interface DemoConflicts {
  weekly: readonly { day: Weekday; from: string; to: string }[];
  /** That weekday of the week `weeksAhead` weeks after this one (always after today), Eastern times. */
  individual: readonly { weekday: Weekday; weeksAhead: number; from: string; to: string; partial: boolean }[];
}

export const DEMO_AVAILABILITY: Readonly<Record<string, DemoConflicts>> = {
  "evaluator@parlance.example": {
    weekly: [
      { day: "Monday", from: "12:00:00", to: "13:00:00" },
      { day: "Friday", from: "15:00:00", to: "18:00:00" },
    ],
    individual: [
      { weekday: "Wednesday", weeksAhead: 1, from: "09:00:00", to: "12:00:00", partial: false },
      { weekday: "Thursday", weeksAhead: 2, from: "08:00:00", to: "18:00:00", partial: true },
    ],
  },
  "evaluator.zh@parlance.example": {
    weekly: [{ day: "Tuesday", from: "09:00:00", to: "11:00:00" }],
    individual: [{ weekday: "Friday", weeksAhead: 1, from: "13:00:00", to: "17:00:00", partial: false }],
  },
  "evaluator.intl@parlance.example": {
    weekly: [{ day: "Wednesday", from: "14:00:00", to: "18:00:00" }],
    individual: [{ weekday: "Monday", weeksAhead: 2, from: "08:00:00", to: "18:00:00", partial: true }],
  },
};

/** An Eastern wall-clock time on that weekday of the week `weeksAhead` weeks after this one (Monday-based weeks). */
function easternInstant(now: Date, weekday: Weekday, weeksAhead: number, time: string): Date {
  const [hour, minute] = time.split(":").map(Number);
  const today = DateTime.fromJSDate(now, { zone: BUSINESS_TIME_ZONE }).startOf("day");
  // luxon weekdays run Monday 1 … Sunday 7; WEEKDAYS starts on Sunday.
  const target = WEEKDAYS.indexOf(weekday) || 7;
  return today.plus({ days: target - today.weekday, weeks: weeksAhead }).set({ hour, minute }).toJSDate();
}

/** Inserts the demo conflicts of the demo evaluators (inside seedDemoWorld). */
export async function seedDemoAvailability(tx: Tx, userIds: Readonly<Record<string, number>>, now: Date = new Date()): Promise<void> {
  const entries = Object.entries(DEMO_AVAILABILITY).filter(([email]) => userIds[email] !== undefined);
  const weekly = entries.flatMap(([email, c]) =>
    c.weekly.map((w) => ({ userId: userIds[email], day: WEEKDAYS.indexOf(w.day), fromTime: w.from, toTime: w.to })),
  );
  const individual = entries.flatMap(([email, c]) =>
    c.individual.map((i) => ({
      userId: userIds[email],
      fromAt: easternInstant(now, i.weekday, i.weeksAhead, i.from),
      toAt: easternInstant(now, i.weekday, i.weeksAhead, i.to),
      partial: i.partial,
    })),
  );
  if (weekly.length > 0) await tx.insert(recurringUnavailabilities).values(weekly);
  if (individual.length > 0) await tx.insert(specificUnavailabilities).values(individual);
}
