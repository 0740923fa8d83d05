import type { RecurringUnavailability, SpecificUnavailability } from "@parlance/contract";
import type { SchedulingResource } from "../scheduling/index.js";

/**
 * One person's conflicts, as the routes store and list them, in the availability engine's shape:
 * weekly conflicts stay Eastern wall-clock times (the engine places them on each date), individual
 * ones become UTC instants. The one mapping between the two, used by the database loader
 * (resources.ts) and by tests that read the lists through the API.
 */
export function schedulingResource(
  userId: number,
  weekly: readonly RecurringUnavailability[],
  individual: readonly SpecificUnavailability[],
): SchedulingResource {
  return {
    id: userId,
    weekly: weekly.map((w) => ({ day: w.day, from: w.from_time, to: w.to_time })),
    individual: individual.map((i) => ({ from: new Date(i.from), to: new Date(i.to), partial: i.partial })),
  };
}
