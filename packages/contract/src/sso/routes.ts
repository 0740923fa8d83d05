import { z } from "zod";
import { defineRoute } from "../route.js";
import { successOutput } from "../common/success.js";

/**
 * Single sign-on by OpenID Connect (evaluators-results-account.md §2 "/login … single sign-on",
 * §6 "Single sign-on uses a list of five allowed domains"): the authorization code flow with PKCE,
 * state and nonce. Both routes answer with redirects (a browser navigates through them); a refusal
 * goes back to /login with `?error=` one of SSO_ERROR_KEYS, which the sign-in page shows translated.
 */
export const SSO_ERRORS = ["notConfigured", "domainNotAllowed", "failed", "unverifiedEmail", "noAccount", "expired"] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
export const ssoErrorKey = (error: SsoError) => `sso.errors.${error}`;

/** The spec's list holds five domains: the configuration takes at most that many. */
export const SSO_MAX_DOMAINS = 5;

/** The domain of an email address, lower-cased ("" when it has none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).trim().toLowerCase();
}

export const ssoRoutes = {
  start: defineRoute({
    method: "GET",
    path: "/sso/start",
    input: z.object({ email_address: z.string().trim().max(125).optional(), next: z.string().max(2000).optional() }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "Begin single sign-on for an address of an allowed domain: a redirect (303) to the provider",
  }),
  callback: defineRoute({
    method: "GET",
    path: "/sso/callback",
    input: z.object({
      code: z.string().max(4000).optional(),
      state: z.string().max(500).optional(),
      iss: z.string().max(2000).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(2000).optional(),
    }),
    output: successOutput,
    access: "public",
    failure: "generic",
    summary: "The provider's answer: signs in the user linked to the identity, or by its verified email; a redirect (303)",
  }),
} as const;
