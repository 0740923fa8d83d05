import { z } from "zod";
import { defineRoute } from "../route.js";
import { TEST_METHODS } from "../catalogue/catalogue.js";
import { flag, optionalRecordId, recordId } from "../settings/fields.js";

/**
 * Assigning tests to a candidate (client spec §2–§5, candidate spec §4, §5, §7).
 *
 * Option values: the form offers account tests and test groups in one list, so a value names its
 * kind: `test:<account test id>` (one test the account may assign) or `group:<test group id>` (a
 * test group: assigning it creates a battery, a candidate track with one assigned test per test of
 * the group). Medical recommended sets offer `test:` values only.
 */

export const TEST_VALUE_PATTERN = /^(test|group):([1-9]\d{0,9})$/;
export type TestOptionKind = "test" | "group";

export function testValue(kind: TestOptionKind, id: number): string {
  return `${kind}:${id}`;
}

/** `test:12` → {kind: "test", id: 12}; null when the value is not one of ours. */
export function parseTestValue(value: string): { kind: TestOptionKind; id: number } | null {
  const m = TEST_VALUE_PATTERN.exec(value);
  if (!m) return null;
  const id = Number(m[2]);
  return id <= 2_147_483_647 ? { kind: m[1] as TestOptionKind, id } : null;
}

/**
 * What the assignment routes answer, word for word. The server sends each with the i18n key
 * `assignment.messages.<name>`; the web translates by that key.
 */
export const assignmentMessages = {
  // Spec texts.
  assigned: "The test has been assigned.",
  selfScheduling: "The candidate will receive instructions on scheduling their test.",
  couldNotAssign: "The test could not be assigned.",
  createFailure: "An error occurred while creating your test.",
  loadFailure: "Unable to load available tests for assignment.",
  deleted: "The test has been deleted.",
  deleteFailure: "An error occurred while deleting the test.",
  // Ours (the specs leave them open).
  cancelledEarly: "The test has been cancelled. It was cancelled before 5 pm Eastern the day before, so its fees are waived.",
  cancelledLate: "The test has been cancelled. It was cancelled after 5 pm Eastern the day before, so it is a late cancellation and its fees apply.",
  badCandidateId: "The candidate id must be a positive whole number.",
  badTestId: "The test id must be a positive whole number.",
  badOfficeId: "The office id must be a positive whole number.",
  noTests: "Please select at least one test.",
  tooManyTests: "Select at most 50 tests at a time.",
  badTestValue: "Each selected test must be a value such as test:12 or group:3.",
  candidateNotFound: "That candidate was not found.",
  testNotFound: "That test was not found.",
  testUnavailable: "One of the selected tests is not available for this candidate.",
  emptyGroup: "The selected test group has no tests that can be assigned.",
  officeNotFound: "That office was not found.",
  officeClosed: "Tests cannot be assigned to candidates of a closed office.",
  chosenOfficeClosed: "The chosen office is closed: tests cannot be assigned to it.",
  prepayAccount: "Prepay accounts cannot assign tests here. Please contact us to purchase tests.",
  notifyRequired: "Candidate self-scheduling needs the candidate to be notified.",
  noEmail: "The candidate has no email address, so they cannot be notified.",
  administerNowNotAllowed: "Live and video tests cannot be administered now.",
  administerNowWithScheduling: "A test administered now cannot also be scheduled by the candidate.",
  proctorServiceNotAllowed: "The proctoring service is not available for this account or for the selected tests.",
  liveProctorNotAllowed: "A live proctor is not available for this account.",
  selfScheduleNotAllowed: "Candidate self-scheduling is not available for this account or for the selected tests.",
  medicalNotAllowed: "Recommended medical tests are not available for this account.",
  notRecommendedSetTest: "With recommended medical tests, each selected test must come from a recommended test set.",
  notDeletable: "Only a test that has not been started can be deleted.",
  notCancelable: "Only a scheduled live or video test that has not yet taken place can be cancelled.",
} as const;
export type AssignmentMessage = keyof typeof assignmentMessages;

export const candidateProfileId = recordId(assignmentMessages.badCandidateId);
export const assignedTestId = recordId(assignmentMessages.badTestId);

/** One choice of the test multi-select. */
export const testOption = z.object({
  label: z.string(),
  /** `test:<account test id>` or `group:<test group id>`. */
  value: z.string(),
  kind: z.enum(["test", "group"]),
  /** Methods of the test (one) or of the group's tests: the form offers options by them. */
  methods: z.array(z.enum(TEST_METHODS)),
});
export type TestOption = z.infer<typeof testOption>;

/** One recommended test set of a language; `value` is the recommended test, `tests` every choice. */
export const recommendedTestSet = z.object({
  set_id: z.number().int(),
  label: z.string(),
  /** The recommended test (`test:<account test id>`), or the first the account offers. */
  value: z.string(),
  tests: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      method: z.enum(TEST_METHODS),
      recommended: z.boolean(),
    }),
  ),
});
export type RecommendedTestSet = z.infer<typeof recommendedTestSet>;

export const medicalTestGroup = z.object({
  language_id: z.number().int(),
  language_display_as: z.string(),
  /** BCP 47 tag, so screens can name the language in the reader's language. */
  language_code: z.string(),
  recommended_test_sets: z.array(recommendedTestSet),
});
export type MedicalTestGroup = z.infer<typeof medicalTestGroup>;

/** What the form needs besides the tests: the account's flags and the candidate's office. */
export const assignmentOptions = z.object({
  candidateId: z.number().int(),
  candidateName: z.string(),
  hasEmail: z.boolean(),
  /** The candidate's office (null: account level). */
  officeId: z.number().int().nullable(),
  officeName: z.string().nullable(),
  officeClosed: z.boolean(),
  /** Offices the caller may assign under (open ones; an office-bound caller: their own). */
  offices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** False for office-bound callers: the office is fixed. */
  canChooseOffice: z.boolean(),
  account: z.object({
    usesProctorService: z.boolean(),
    allowCandidateScheduling: z.boolean(),
    liveProctor: z.boolean(),
    medicalOption: z.boolean(),
    prepay: z.boolean(),
  }),
});
export type AssignmentOptions = z.infer<typeof assignmentOptions>;

export const MAX_TESTS_PER_ASSIGNMENT = 50;

const optionalFlag = (field: string, fallback: boolean) => flag(field).optional().default(fallback);

export const createTestsInput = z.object({
  test_objects: z
    .array(z.string({ error: assignmentMessages.badTestValue }).regex(TEST_VALUE_PATTERN, assignmentMessages.badTestValue), {
      error: assignmentMessages.noTests,
    })
    .min(1, assignmentMessages.noTests)
    .max(MAX_TESTS_PER_ASSIGNMENT, assignmentMessages.tooManyTests),
  /** Absent or null: the candidate's office. */
  office_id: optionalRecordId(assignmentMessages.badOfficeId),
  notify_candidate: optionalFlag("notify_candidate", true),
  requires_live_proctor: optionalFlag("requires_live_proctor", false),
  use_proctor_service: optionalFlag("use_proctor_service", false),
  administer_now: optionalFlag("administer_now", false),
  allow_candidate_to_schedule: optionalFlag("allow_candidate_to_schedule", false),
  use_medical_test_recommendations: optionalFlag("use_medical_test_recommendations", false),
});
export type CreateTestsInput = z.input<typeof createTestsInput>;

export const createTestsOutput = z.object({
  success: z.boolean(),
  message: z.string(),
  messageKey: z.string(),
  /** Every assigned test created, with its access code (shown when administering now). */
  assigned: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      method: z.enum(TEST_METHODS),
      accessCode: z.string(),
      state: z.enum(["takeable", "needs_scheduling"]),
      candidateTrackId: z.number().int().nullable(),
    }),
  ),
  /** Whether a notification mail was queued. */
  notified: z.boolean(),
});
export type CreateTestsOutput = z.infer<typeof createTestsOutput>;

export const assignmentResult = z.object({ success: z.boolean(), message: z.string(), messageKey: z.string() });

export const assignmentRoutes = {
  options: defineRoute({
    method: "GET",
    path: "/api/test_assignment/options/:id",
    params: z.object({ id: candidateProfileId }),
    input: z.object({}),
    output: assignmentOptions,
    access: "candidates",
    failure: "availableTestsFailure",
    summary: "The assign-tests form's facts: the candidate's office, offices to choose from, the account's flags",
  }),
  availableTests: defineRoute({
    method: "GET",
    path: "/api/test_assignment/available_tests/:id",
    params: z.object({ id: candidateProfileId }),
    input: z.object({}),
    output: z.array(testOption),
    access: "candidates",
    failure: "availableTestsFailure",
    summary: "Account tests (test:<id>) and test groups of the candidate's office (group:<id>) that may be assigned",
  }),
  availableMedicalTestGroups: defineRoute({
    method: "GET",
    path: "/api/test_assignment/available_medical_test_groups/:id",
    params: z.object({ id: candidateProfileId }),
    input: z.object({}),
    output: z.array(medicalTestGroup),
    access: "candidates",
    failure: "availableTestsFailure",
    summary: "Recommended medical test sets per language (medical option only), with the alternatives of each set",
  }),
  createTests: defineRoute({
    method: "POST",
    path: "/api/test_assignment/create_tests/:candidateProfileId",
    params: z.object({ candidateProfileId }),
    input: createTestsInput,
    output: createTestsOutput,
    access: "candidates",
    failure: "createTestFailure",
    summary: "Assign tests and test groups to a candidate, with the notification, proctoring and scheduling options",
  }),
  deleteTest: defineRoute({
    method: "POST",
    path: "/api/test_assignment/delete_test",
    input: z.object({ id: assignedTestId }),
    output: assignmentResult,
    access: "candidates",
    failure: "testDeleteFailure",
    summary: "Delete an assigned test that has not been started",
  }),
  deleteLiveTest: defineRoute({
    method: "POST",
    path: "/api/test_assignment/delete_live_test",
    input: z.object({ id: assignedTestId }),
    output: assignmentResult,
    access: "candidates",
    failure: "testDeleteFailure",
    summary: "Cancel a scheduled live or video test: early (fees waived) before 5 pm Eastern the day before, late after",
  }),
} as const;
