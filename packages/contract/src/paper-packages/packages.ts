import { z } from "zod";
import { defineRoute } from "../route.js";
import { id } from "../common/ids.js";
import { pageInput } from "../common/paging.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";

/**
 * Paper test packages and outstanding paper tests (client-administration.md §2, §3 Paper package
 * and Outstanding test group, §4, §5, §7 Paper packages, §8, §9), and paper responses coming back
 * (issue 14, point 5): an outstanding paper test marked received goes to an evaluator as an online
 * submission does. Choices where the spec is silent: docs/api.md, "Paper packages".
 */

/** What these routes and screens say, word for word where the spec gives it (i18n: `paper.messages.<name>`). */
export const paperPackageMessages = {
  createFailure: "The test package could not be created.",
  emailSuccess: "The proctor has been emailed instructions on how to access these tests.",
  emailFailure: "An error occurred while attempting to send proctor instructions.",
  outstandingLoadFailure: "Failed to load outstanding tests.",
  unprintedLoadFailure: "Failed to load unprinted test packages.",
  noTestsChosen: "Choose at least one test for the package.",
  tooManyTests: "A package holds at most 200 tests.",
  testNotAvailable: "A chosen test is not an unpackaged paper test of yours.",
  emailRequired: "Please enter the proctor's email address.",
  emailInvalid: "Please enter a valid email address.",
  badKey: "That is not a test package key.",
  packageNotFound: "That test package was not found.",
  notReady: "The test package is not ready yet.",
  testNotFound: "That paper test was not found.",
  notOutstanding: "This paper test is not awaiting responses.",
  received: "The responses have been received and sent to an evaluator.",
  fileRequired: "Please choose the scanned responses (a PDF file).",
  notPdf: "The scanned responses must be a PDF file.",
  fileTooLarge: "The scanned responses may be at most 20 MB.",
  responsesRequired: "Please enter the candidate's responses.",
  responsesTooLong: "The responses may be at most 20,000 characters.",
  noScan: "No scanned responses were received for this test.",
} as const;
export type PaperPackageMessage = keyof typeof paperPackageMessages;

/** Tests one package may hold. */
export const PAPER_PACKAGE_MAX_TESTS = 200;
/** Largest scanned responses file (the upload limit itself is 20 MB for every route). */
export const PAPER_SCAN_MAX_BYTES = 20 * 1024 * 1024;
export const PAPER_RESPONSES_MAX = 20_000;
export const PAPER_EMAIL_MAX = 125;

export const groupKey = z
  .string({ error: paperPackageMessages.badKey })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, paperPackageMessages.badKey);

/** A test of a package, or one waiting to be packaged (spec §3 Paper package). */
export const paperPackageTest = z.object({
  id: z.number().int(),
  candidate_profile_id: z.number().int(),
  candidate_display_as: z.string(),
  employee_id: z.string(),
  office_name: z.string().nullable(),
  test_description: z.string(),
  test_method: z.enum(TEST_METHODS),
});
export type PaperPackageTest = z.infer<typeof paperPackageTest>;

export const unprintedPackage = z.object({
  group_key: z.string(),
  created_at: z.string(),
  tests: z.array(paperPackageTest.extend({ candidate_name: z.string() })),
});
export type UnprintedPackage = z.infer<typeof unprintedPackage>;

/** Spec §3 Outstanding test group: a candidate and their paper tests awaiting responses. */
export const outstandingTestGroup = z.object({
  candidate: z.string(),
  candidateId: z.number().int(),
  employeeId: z.string(),
  tests: z.array(
    z.object({
      /** The assigned test (what marking received names). */
      id: z.number().int(),
      /** When the paper went out (downloaded or printed). */
      date: z.string(),
      test: z.string(),
      /** Part of the responses came back (partially received). */
      incomplete: z.boolean(),
    }),
  ),
});
export type OutstandingTestGroup = z.infer<typeof outstandingTestGroup>;

export const downloadLinkOutput = z.object({
  group_key: z.string(),
  status: z.enum(["pending", "ready", "failed"]),
  /** The package PDF, once ready (also the link mailed to the proctor). */
  url: z.string().nullable(),
  test_count: z.number().int(),
});
export type DownloadLink = z.infer<typeof downloadLinkOutput>;

const keyInput = z.object({ group_key: groupKey });
export const paperTestParams = z.object({ id });

export const paperPackageRoutes = {
  getTests: defineRoute({
    method: "GET",
    path: "/api/paper_test_groups/get_tests",
    input: z.object({}),
    output: z.object({ tests: z.array(paperPackageTest) }),
    access: "groups",
    failure: "listLoadFailure",
    summary: "Proctored paper tests of the caller's reach not yet in a package and not yet taken",
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/create",
    input: z.object({
      assigned_tests: z
        .array(id, { error: paperPackageMessages.noTestsChosen })
        .min(1, paperPackageMessages.noTestsChosen)
        .max(PAPER_PACKAGE_MAX_TESTS, paperPackageMessages.tooManyTests),
    }),
    output: z.object({ group_key: z.string() }),
    access: "groups",
    failure: "packageCreateFailure",
    summary: "Packages the chosen paper tests; a job makes the package PDF",
  }),
  getDownloadLink: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/get_download_link",
    input: keyInput,
    output: downloadLinkOutput,
    access: "groups",
    failure: "packageCreateFailure",
    summary: "Whether the package PDF is ready, and its link",
  }),
  alert: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/alert",
    input: keyInput.extend({
      email_address: z
        .string({ error: paperPackageMessages.emailRequired })
        .trim()
        .min(1, paperPackageMessages.emailRequired)
        .max(PAPER_EMAIL_MAX, paperPackageMessages.emailInvalid)
        .email(paperPackageMessages.emailInvalid),
    }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "groups",
    failure: "packageEmailFailure",
    summary: "Emails the proctor the package link and instructions",
  }),
  download: defineRoute({
    method: "GET",
    path: "/api/paper_test_groups/download/:group_key",
    params: keyInput,
    input: z.object({}),
    output: z.string().describe("the package (application/pdf), as an attachment"),
    access: "public",
    failure: "generic",
    summary: "The package PDF by its unguessable key (the link the proctor receives); its first download prints the package",
  }),
  listOutstanding: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/list_outstanding",
    input: z.object({ page: pageInput }),
    output: z.object({ candidates: z.array(outstandingTestGroup), itemCount: z.number().int(), pageCount: z.number().int() }),
    access: "outstandingPaperTests",
    failure: "outstandingLoadFailure",
    summary: "Candidates with paper tests sent out and awaiting responses, paged",
  }),
  unprinted: defineRoute({
    method: "GET",
    path: "/api/paper_test_groups/unprinted",
    input: z.object({}),
    output: z.object({ unprinted_tests: z.array(unprintedPackage) }),
    access: "outstandingPaperTests",
    failure: "unprintedLoadFailure",
    summary: "Packages not downloaded yet",
  }),
  receiveScan: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/tests/:id/receive_scan",
    params: paperTestParams,
    input: z.object({}),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "outstandingPaperTests",
    failure: "genericSaveFailure",
    summary: "Marks an outstanding paper test received with its scanned responses (multipart, one PDF file) and routes it to an evaluator",
  }),
  receiveEntered: defineRoute({
    method: "POST",
    path: "/api/paper_test_groups/tests/:id/receive_entered",
    params: paperTestParams,
    input: z.object({
      responses: z
        .string({ error: paperPackageMessages.responsesRequired })
        .trim()
        .min(1, paperPackageMessages.responsesRequired)
        .max(PAPER_RESPONSES_MAX, paperPackageMessages.responsesTooLong),
    }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "outstandingPaperTests",
    failure: "genericSaveFailure",
    summary: "Marks an outstanding paper test received with its responses typed in, and routes it to an evaluator",
  }),
  scannedResponses: defineRoute({
    method: "GET",
    path: "/testing/results/:id/scanned_responses",
    params: paperTestParams,
    input: z.object({}),
    output: z.string().describe("the scanned paper responses (application/pdf), as an attachment"),
    access: "results",
    failure: "retrieveTestFailure",
    summary: "The scanned paper responses of candidate test {id}, for its evaluator",
  }),
} as const;
