import type { Language, Permission } from "@parlance/contract";

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
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** Language of this request: ?lang=, then the cookie, then the user's choice. */
    language: Language;
  }
}
