/** Scheduling's public face: the availability engine (pure) and the held-test and live queries other areas use; they import from here, never from its files. */
export { availableDates, slotAt, slotsOn, windowOf, windowSlots } from "./engine.js";
export { firstLiveTestDay } from "./business-days.js";
export { localInstants } from "./local-time.js";
export { conflictBlocks } from "./busy.js";
export { timeProblem, BUSINESS_OPEN, type TimeProblem } from "./problem.js";
export type * from "./types.js";
export { isBusinessDay } from "./business-days.js";
export { isCandidateSession, schedulableCandidates, schedulableTests } from "./held-test.js";
export { liveQuery } from "./live-query.js";
