import type { assignedTests, candidates, candidateTests, candidateTrackTests, candidateTracks, resultRecipients, testGroups } from "../../db/schema.js";
import type { CatalogueIds } from "../catalogue.js";
import type { DemoPerson } from "../people.js";
import type { DemoAccountKey } from "../world.js";

/** The shapes of the demo history's plan: what planDemoHistory makes and seedDemoHistory inserts. */

/** What seedDemoWorld knows before the history: the ids the history refers to. */
export interface HistoryWorld {
  accounts: Record<DemoAccountKey, number>;
  offices: Record<DemoAccountKey, number[]>;
  users: Record<string, number>;
  catalogue: CatalogueIds;
}

export type AssignedValues = Omit<typeof assignedTests.$inferInsert, "candidateId" | "candidateTrackTestId" | "accessCode">;
export type AttemptValues = Omit<typeof candidateTests.$inferInsert, "assignedTestId" | "candidateId">;

export interface PlannedTest {
  /** Index into plan.candidates. */
  candidate: number;
  /** The battery test this assignment belongs to: index into plan.tracks and the test's position. */
  track?: { track: number; position: number };
  /** A fixed access code (the demo candidate's); others are drawn at seeding. */
  accessCode?: string;
  /** The test's key in the catalogue, for tests and debugging. */
  testKey: string;
  values: AssignedValues;
  attempt?: AttemptValues;
}

export interface PlannedCandidate {
  key: string;
  account: DemoAccountKey;
  /** An existing user id, "new" for a sign-in to create (as test assignment does), or none. */
  user: number | "new" | null;
  values: Omit<typeof candidates.$inferInsert, "userId">;
}

export interface PlannedTrack {
  candidate: number;
  /** Index into plan.groups. */
  group: number;
  values: Omit<typeof candidateTracks.$inferInsert, "candidateId" | "testGroupId">;
  tests: Omit<typeof candidateTrackTests.$inferInsert, "trackId">[];
}

export interface PlannedGroup {
  values: typeof testGroups.$inferInsert;
  accountTestIds: number[];
}

export interface HistoryPlan {
  groups: PlannedGroup[];
  recipients: (typeof resultRecipients.$inferInsert)[];
  candidates: PlannedCandidate[];
  tracks: PlannedTrack[];
  tests: PlannedTest[];
}

/** A person of the history while the plan is made: their tests so far. */
export interface PersonState {
  person: DemoPerson;
  index: number;
  email: string;
  timeZoneId: number;
  tests: PlannedTest[];
  required: number;
}
