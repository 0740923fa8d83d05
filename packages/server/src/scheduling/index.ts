/** The availability engine's public face: routes import from here, never from its files. */
export { availableDates, slotAt, slotsOn, windowOf, windowSlots } from "./engine.js";
export { firstLiveTestDay } from "./business-days.js";
export { localInstants } from "./local-time.js";
export { conflictBlocks } from "./busy.js";
export { timeProblem, BUSINESS_OPEN, type TimeProblem } from "./problem.js";
export type * from "./types.js";
