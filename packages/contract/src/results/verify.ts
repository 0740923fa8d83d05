import { z } from "zod";
import { defineRoute } from "../route.js";
import { ACTFL_LEVELS } from "./scales.js";

/**
 * Verification by key (evaluators-results-account.md §2 "Result verification", §7, §8): anyone may
 * check a printed result by its key. The answer is a link to a public page that shows just enough
 * to confirm the result — the candidate's name, the test, its date and the level — and nothing else.
 */

export const verifyMessages = {
  // Spec texts (§8).
  malformed: "An error occurred while attempting to verify this key. Double-check the key as printed to ensure it's entered correctly.",
  noMatch: "No results match that key.",
  // Ours.
  tooMany: "Too many verification attempts from this address. Please wait 15 minutes and try again.",
} as const;
export type VerifyMessage = keyof typeof verifyMessages;

/**
 * Keys are 20 characters of Crockford's base32 (server/results/verification-key.ts: 100 random
 * bits). People may type them in any case, with spaces or dashes between the groups, and may read
 * O as 0 and I or L as 1 — Crockford's decoding accepts those, so we do too.
 */
export const VERIFICATION_KEY_CHARS = 20;
const CROCKFORD = /^[0-9A-HJKMNP-TV-Z]+$/;

/** The key as stored (upper case, no separators), or null when it cannot be a key. */
export function normalizeVerificationKey(raw: string): string | null {
  const key = raw.replace(/[\s-]+/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");
  return key.length === VERIFICATION_KEY_CHARS && CROCKFORD.test(key) ? key : null;
}

/** Printed form: groups of four joined by dashes, easier to read and type back. */
export const formatVerificationKey = (key: string): string => key.match(/.{1,4}/g)?.join("-") ?? key;

/** The public page of a verified key (a screen of the web app). */
export const verifiedPagePath = (key: string) => `/testing/results/verified/${encodeURIComponent(key)}`;

/**
 * A key as the routes take it. The server normalises it (normalizeVerificationKey) and answers 400
 * with the spec's message and its i18n key when it cannot be a key.
 */
const verificationKey = z.string({ error: verifyMessages.malformed }).max(200, verifyMessages.malformed);

/** What the public page shows: the result and nothing else about the candidate or the client. */
export const verifiedResult = z.object({
  verificationKey: z.string(),
  candidateName: z.string(),
  test: z.string(),
  /** The day the test was taken (YYYY-MM-DD, Eastern). */
  testDate: z.string(),
  /** The ALTA level as scored ("1" … "12+"), with its equivalents when it is on the scale. */
  level: z.string(),
  cefr: z.string().nullable(),
  ilr: z.string().nullable(),
  actfl: z.enum(ACTFL_LEVELS).nullable(),
});
export type VerifiedResult = z.infer<typeof verifiedResult>;

export const verifyRoutes = {
  verify: defineRoute({
    method: "POST",
    path: "/api/test_results/verify",
    input: z.object({ verification_key: verificationKey }),
    output: z.object({ link: z.string() }),
    access: "public",
    failure: "verifyFailure",
    summary: "Checks a result's verification key; answers a link to its public verification page (rate-limited per address)",
  }),
  verified: defineRoute({
    method: "GET",
    path: "/api/test_results/verified/:key",
    params: z.object({ key: verificationKey }),
    input: z.object({}),
    output: verifiedResult,
    access: "public",
    failure: "verifyFailure",
    summary: "The public verification page's data: candidate name, test, date and level (rate-limited per address)",
  }),
} as const;
