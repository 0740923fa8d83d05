import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { DEFAULT_TIME_ZONE_ID, TIME_ZONES, timeZoneById, timeZoneByName, type AvailabilityPageData } from "@parlance/contract";
import type { DbContext } from "../context.js";
import { evaluators } from "../db/schema.js";
import type { Scope } from "../auth/scope.js";

/**
 * The Availability screen's data (spec §3): the person's time zone — an evaluator's own zone
 * (the one their Tests to Score are grouped in) when it is one of the offered zones, else Eastern
 * (id 23) — with the offered zones and today's date there. The screen may show another zone; that
 * choice changes only how individual conflicts are shown and entered, never what is stored.
 */
export async function availabilityPage({ db }: DbContext, scope: Scope, now = new Date()): Promise<AvailabilityPageData> {
  const [evaluator] = await db.select({ zone: evaluators.timeZone }).from(evaluators).where(eq(evaluators.userId, scope.userId));
  const zone = (evaluator && timeZoneByName(evaluator.zone)) ?? timeZoneById(DEFAULT_TIME_ZONE_ID);
  return {
    today: DateTime.fromJSDate(now, { zone: zone.name }).toISODate()!,
    timeZones: TIME_ZONES.map((z) => ({ id: z.id, name: z.name, displayAs: z.displayAs })),
    timeZoneId: zone.id,
    timeZoneName: zone.name,
    timeZoneDisplayAs: zone.displayAs,
  };
}
