import type { MinProctorApptDelay, TestMethod, Weekday } from "@parlance/contract";

/**
 * The availability engine's inputs and outputs: plain values a route loads from the database and
 * passes in, so the engine itself needs no HTTP, no database and no clock of its own.
 */

/** A weekly conflict, in Eastern Time whatever the owner's zone (evaluators spec §5). */
export interface WeeklyConflict {
  day: Weekday;
  /** "HH:MM" or "HH:MM:SS", Eastern wall clock; `to` after `from` on the same day. */
  from: string;
  to: string;
}

/** An individual conflict: an interval in UTC; partial means still available for IVR and online tests. */
export interface IndividualConflict {
  from: Date;
  to: Date;
  partial: boolean;
}

/** One evaluator or proctor who could take the booking, with what keeps them busy. */
export interface SchedulingResource {
  id: number;
  weekly: readonly WeeklyConflict[];
  individual: readonly IndividualConflict[];
}

/** An existing appointment of a resource (UTC; end = start + that test's duration). */
export interface Booking {
  resourceId: number;
  start: Date;
  end: Date;
}

/**
 * How soon a booking may be: a live or video test (an evaluator conducts it) from the first
 * bookable live day; a proctored test from now, or an hour ahead (the account's minProctorApptDelay).
 */
export type LeadRule = { kind: "live" } | { kind: "proctor"; minProctorApptDelay: MinProctorApptDelay };

export interface AvailabilityQuery {
  /** The instant the question is asked (the route passes new Date()). */
  now: Date;
  durationMinutes: number;
  /** Decides whether partial individual conflicts block (they do except for IVR and online). */
  method: TestMethod;
  lead: LeadRule;
  /** CANDIDATE_LOOK_AHEAD_DAYS or EVALUATOR_LOOK_AHEAD_DAYS, counted in Eastern calendar days. */
  lookAheadDays: number;
  /** The requester's IANA zone: slots are displayed, and dates asked for, in it. */
  zone: string;
  /** Who can take the booking (eligible evaluators, or proctors); capacity is how many are free. */
  resources: readonly SchedulingResource[];
  /** Existing appointments of those resources (others are ignored). */
  bookings: readonly Booking[];
}

/** A slot's wall-clock display in the requester's zone. */
export interface SlotDisplay {
  zone: string;
  /** yyyy-MM-dd of the start, in `zone`. */
  date: string;
  /** HH:mm in `zone` (the end may fall on the next date in far zones). */
  start: string;
  end: string;
  /** ISO 8601 with the zone's offset: names the instant unambiguously, even in a repeated hour. */
  startIso: string;
  endIso: string;
}

export interface Slot {
  /** UTC instants; end − start is always the test's duration. */
  start: Date;
  end: Date;
  /** Bookable now: within the lead rule and at least one resource free. */
  isAvailable: boolean;
  /** Ids of the resources free for the whole slot, ascending (capacity = length). */
  freeResourceIds: number[];
  display: SlotDisplay;
}

/** The bookable range of a query: Eastern calendar days and the earliest instant. */
export interface BookableWindow {
  /** yyyy-MM-dd in Eastern Time, inclusive. */
  firstDay: string;
  lastDay: string;
  /** No slot starts before this instant. */
  earliest: Date;
}
