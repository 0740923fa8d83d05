import { and, eq, type SQL } from "drizzle-orm";
import { candidates } from "../db/schema.js";
import type { Caller } from "../http/caller.js";

/**
 * The candidate profiles a caller takes tests as: every profile linked to their user after a
 * password sign-in (one per employer: the Choose Employer case), only the code's profile after an
 * access-code sign-in. Every candidate-side query (the Take a Test list, attempts, heartbeats,
 * the candidate's own results) restricts `candidates` with this and nothing else.
 */
export function ownCandidateProfiles(caller: Pick<Caller, "userId" | "codeCandidateId">): SQL {
  return and(
    eq(candidates.userId, caller.userId),
    caller.codeCandidateId === null ? undefined : eq(candidates.id, caller.codeCandidateId),
  )!;
}
