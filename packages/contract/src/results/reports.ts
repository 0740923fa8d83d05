import { z } from "zod";
import { defineRoute } from "../route.js";
import { CERTIFICATE_TYPES } from "../candidates/routes.js";
import { recordId } from "../settings/fields.js";

/**
 * The PDF downloads of results (client-administration.md §2, §7): one result's report, a summary of
 * several, and a candidate's certificates. They are page paths the browser opens (links), served by
 * the server before the web app's fallback. `{id}` and `candidate_tests` are candidate test ids
 * (the attempt that holds the result: `candidate_test_id` of a history record).
 */

export const reportMessages = {
  badId: "The test id must be a positive whole number.",
  noResult: "This test has no result yet, so there is no report to download.",
  noTestsChosen: "Please choose at least one test.",
  badTestIds: "The tests must be given as a comma-separated list of test ids.",
  tooManyTests: "Choose at most 200 tests for one summary.",
  badCandidateId: "The candidate id must be a positive whole number.",
  badCertificateType: "The certificate type must be kace or multicare.",
  badMinTestDate: "The minimum test date must be a day written YYYY-MM-DD.",
  notQualified: "This candidate has no passed tests that this certificate covers.",
} as const;
export type ReportMessage = keyof typeof reportMessages;

export const MAX_SUMMARY_RESULTS = 200;

/** candidate_tests=1,2,3: at least one id, at most 200, repeats ignored. */
const candidateTestIds = z.string({ error: reportMessages.noTestsChosen }).transform((v, ctx) => {
  const parts = v
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (parts.length === 0) {
    ctx.addIssue({ code: "custom", message: reportMessages.noTestsChosen });
    return z.NEVER;
  }
  if (!parts.every((p) => /^[1-9]\d{0,9}$/.test(p) && Number(p) <= 2_147_483_647)) {
    ctx.addIssue({ code: "custom", message: reportMessages.badTestIds });
    return z.NEVER;
  }
  const ids = [...new Set(parts.map(Number))];
  if (ids.length > MAX_SUMMARY_RESULTS) {
    ctx.addIssue({ code: "custom", message: reportMessages.tooManyTests });
    return z.NEVER;
  }
  return ids;
});

/** A real calendar day YYYY-MM-DD. */
const day = z.string({ error: reportMessages.badMinTestDate }).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, reportMessages.badMinTestDate);

const pdf = z.string().describe("a PDF (application/pdf), as an attachment");

export const reportRoutes = {
  download: defineRoute({
    method: "GET",
    path: "/testing/results/:id/download",
    params: z.object({ id: recordId(reportMessages.badId) }),
    input: z.object({}),
    output: pdf,
    // Client users of the account or office, the candidate, and provider staff who score: the service scopes it.
    access: "signedIn",
    failure: "generic",
    summary: "The report of one result as a PDF in the candidate's language, with its verification key",
  }),
  summary: defineRoute({
    method: "GET",
    path: "/testing/results/download_summary",
    input: z.object({ candidate_tests: candidateTestIds }),
    output: pdf,
    access: "signedIn",
    failure: "generic",
    summary: "One PDF summarising several results (a table); any test out of reach answers 404 for all",
  }),
  certificate: defineRoute({
    method: "GET",
    path: "/testing/candidates/:id/certificate",
    params: z.object({ id: recordId(reportMessages.badCandidateId) }),
    input: z.object({
      type: z.enum(CERTIFICATE_TYPES, { error: reportMessages.badCertificateType }),
      min_test_date: day.optional(),
    }),
    output: pdf,
    access: "candidates",
    failure: "generic",
    summary: "A certificate (kace: tests passed in the last 5 years; multicare: on or after 2025-01-01) listing its results and keys",
  }),
} as const;
