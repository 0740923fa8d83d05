import type { Language, Permission } from "@parlance/contract";
// Named so the augmentation below finds fastify in every program that includes this file (e2e's,
// which reaches it through scheduling/index.ts, imports nothing else of fastify).
import type {} from "fastify";

/** The signed-in user behind a request, with everything the guard and services need. */
export interface Caller {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: number[];
  /** Null for provider staff. */
  accountId: number | null;
  /** Set for office-bound users: their queries are limited to this office. */
  officeId: number | null;
  permissions: Set<Permission>;
  language: Language;
  sessionIdHash: string;
  impersonatorUserId: number | null;
  /**
   * Set when the session was opened with an access code: the candidate profile of that code. Such
   * a session is a Candidate session of this profile only (its account, its tests), whatever other
   * roles or profiles the user has; see ownCandidateProfiles in auth/scope.ts.
   */
  codeCandidateId: number | null;
  /** Set with codeCandidateId: the code's one assigned test, the only test such a session reaches. */
  codeAssignedTestId: number | null;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** Language of this request: ?lang=, then the cookie, then the user's choice. */
    language: Language;
  }
}
