import { z } from "zod";
import { defineRoute } from "../route.js";
import { positiveInt } from "../common/ids.js";
import { testStatusView } from "../history/history.js";

/**
 * A proctor's proctored online tests (ours; issue 27 point 3): the tests of the proctoring
 * reservations booked with the signed-in proctor (candidate-testing.md §1 "Proctors authorise a
 * proctored session"; client-administration.md §2 "Proctoring reservation"), newest sitting first,
 * and one test's page, where the proctor uploads the candidate's sealed answers file
 * (docs/delivery-file.md §7). Only online tests: a sealed answers file exists for no other method.
 * A proctor reaches only the tests of their own live reservations; anyone else's answers 404.
 */

/** What these routes answer word for word (i18n: `proctoredTests.messages.<name>`). */
export const proctoredTestMessages = {
  badPage: "The page must be a whole number from 1.",
  badId: "The test id must be a positive whole number.",
  notFound: "That proctored test was not found. It may have been withdrawn from your reservations.",
} as const;

/** Tests one page of the list holds. */
export const PROCTORED_TESTS_PAGE_SIZE = 20;

/** One proctored test as the list shows it. */
export const proctoredTest = z.object({
  /** The assigned test (the upload's id). */
  id: z.number().int(),
  description: z.string(),
  candidate_name: z.string(),
  /** The sitting's start (UTC ISO) and the IANA zone it was booked in, its length. */
  starts_at: z.string(),
  time_zone: z.string(),
  duration_minutes: z.number().int(),
  status: testStatusView,
  /** Started online with an answer journal: a sealed answers file can be uploaded for it. */
  uploadable: z.boolean(),
});
export type ProctoredTest = z.infer<typeof proctoredTest>;

export const proctoredTestsOutput = z.object({
  tests: z.array(proctoredTest),
  page: z.number().int(),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
});
export type ProctoredTestsOutput = z.infer<typeof proctoredTestsOutput>;

/** One proctored test's page: the list's facts, the account, and what the server holds of the attempt. */
export const proctoredTestPage = proctoredTest.extend({
  account_name: z.string(),
  /** Items with a recorded answer; null before the test is started. */
  answered: z.number().int().nullable(),
  /** The submission's receipt (the Thank You screen's), once the test is submitted. */
  receipt: z.string().nullable(),
});
export type ProctoredTestPage = z.infer<typeof proctoredTestPage>;

export const proctoredTestParams = z.object({ id: positiveInt(proctoredTestMessages.badId) });

export const proctoringTestRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/proctorservice/proctored_tests",
    input: z.object({ page: positiveInt(proctoredTestMessages.badPage).optional().default(1) }),
    output: proctoredTestsOutput,
    access: "proctoredTests",
    failure: "listLoadFailure",
    summary: "The signed-in proctor's proctored online tests (their live reservations' tests), newest sitting first, 20 a page",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/proctorservice/proctored_tests/:id",
    params: proctoredTestParams,
    input: z.object({}),
    output: proctoredTestPage,
    access: "proctoredTests",
    failure: "loadTestFailure",
    summary: "One test of the signed-in proctor's reservations: the sitting, the candidate, the attempt's state and receipt",
  }),
} as const;
