import { z } from "zod";
import { defineRoute } from "../route.js";

/**
 * Impersonation (evaluators-results-account.md §2 /impersonate, §5 user search, §6 roles 4, 5, 13,
 * 34 and 40, §7 GET /search_users and POST /impersonate_user). Never into an Administrator, nor into
 * anyone holding a staff role the impersonator lacks (client and candidate roles are everyone's to
 * act as); the session is rotated both ways and every step is audited.
 */
export const impersonationMessages = {
  searchFailed: "Unable to query for users.",
  termTooShort: "Please enter at least 3 characters.",
  noSuchUser: "No active user has that email address.",
  notAllowed: "You may not act as that user.",
  alreadyActing: "You are already acting as another user. Return to your own account first.",
  self: "You are already signed in as that user.",
  notActing: "You are not acting as another user.",
} as const;

/** Characters a search term needs (spec §5), and how long the screen waits after typing (ms). */
export const USER_SEARCH_MIN_LENGTH = 3;
export const USER_SEARCH_DEBOUNCE_MS = 500;
/** At most this many suggestions. */
export const USER_SEARCH_LIMIT = 20;

export const userSearchResult = z.object({ label: z.string(), value: z.string() });
export type UserSearchResult = z.infer<typeof userSearchResult>;

export const impersonationRoutes = {
  searchUsers: defineRoute({
    method: "GET",
    path: "/search_users",
    input: z.object({ term: z.string().trim().min(USER_SEARCH_MIN_LENGTH, impersonationMessages.termTooShort).max(125) }),
    output: z.array(userSearchResult),
    access: "impersonate",
    failure: "userSearchFailure",
    summary: "Users the caller may act as whose name or email contains the term (label: name and email; value: email)",
  }),
  impersonateUser: defineRoute({
    method: "POST",
    path: "/impersonate_user",
    input: z.object({ email_address: z.string().trim().min(1).max(125).email() }),
    output: z.object({ success: z.literal(true), redirect: z.string() }),
    access: "impersonate",
    failure: "generic",
    summary: "Act as another user: a new session for them that records who is acting (audited)",
  }),
  stopImpersonating: defineRoute({
    method: "POST",
    path: "/api/impersonation/stop",
    input: z.object({}),
    output: z.object({ success: z.literal(true), redirect: z.string() }),
    access: "signedIn",
    failure: "generic",
    summary: "Return to one's own account: a new session for the impersonator (audited)",
  }),
} as const;
