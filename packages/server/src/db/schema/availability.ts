import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, smallint, time, timestamp } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { users } from "./core.js";

// Availability (evaluators-results-account.md §3): the conflicts of evaluators and proctors, kept
// in the shape the availability engine reads (server/src/availability/resources.ts).

/** A weekly conflict: a weekday and Eastern wall-clock times (weekly conflicts are in Eastern Time). */
export const recurringUnavailabilities = pgTable(
  "recurring_unavailabilities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 0 Sunday … 6 Saturday (WEEKDAYS of the contract). */
    day: smallint("day").notNull(),
    /** "HH:MM:SS", Eastern wall clock, from_time before to_time on the same day. */
    fromTime: time("from_time").notNull(),
    toTime: time("to_time").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurring_unavailabilities_user_idx").on(t.userId, t.day, t.fromTime),
    check("recurring_unavailabilities_day_check", sql`${t.day} between 0 and 6`),
    check("recurring_unavailabilities_order_check", sql`${t.toTime} > ${t.fromTime}`),
  ],
);

/** An individual conflict: an interval of instants; partial = still available for IVR and online tests. */
export const specificUnavailabilities = pgTable(
  "specific_unavailabilities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromAt: timestamp("from_at", { withTimezone: true }).notNull(),
    toAt: timestamp("to_at", { withTimezone: true }).notNull(),
    partial: boolean("partial").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The lists and the engine's loader read a person's conflicts that end after a moment.
    index("specific_unavailabilities_user_idx").on(t.userId, t.toAt),
    check("specific_unavailabilities_order_check", sql`${t.toAt} > ${t.fromAt}`),
  ],
);
