import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";
import { flag, optionalRecordId, pageNumber, recordId } from "./fields.js";
import { listMessages, listOfficeId, requiredText } from "./lists.js";

/** Test group (test package) description: required, at most 50 (spec §5). */
export const TEST_GROUP_DESCRIPTION_MAX = 50;
/** More tests than any account has; keeps a request small. */
export const TEST_GROUP_TESTS_MAX = 200;

/**
 * What the test group routes answer, word for word. The server sends each with the i18n key
 * `settingsLists.packages.messages.<name>`.
 */
export const testGroupMessages = {
  saved: "The test group has been saved.",
  deleted: "The test group has been deleted.",
  descriptionTooLong: `Description must be at most ${TEST_GROUP_DESCRIPTION_MAX} characters.`,
  testsNotList: "The tests must be a list of account test ids.",
  badTestId: "Each test must be the id of one of the account's tests.",
  tooManyTests: `A test group holds at most ${TEST_GROUP_TESTS_MAX} tests.`,
  unknownTest: "Choose the tests from the account's tests.",
  globalOnlyAtAccountLevel: listMessages.globalOnlyAtAccountLevel,
  globalReadOnly: listMessages.globalReadOnly,
  badId: "The test group id must be a positive whole number.",
  notFound: "That test group was not found.",
} as const;
export type TestGroupMessage = keyof typeof testGroupMessages;

export const testGroupId = recordId(testGroupMessages.badId);

/** One of the account's tests, as a test group shows and offers it. */
export const accountTestOption = z.object({ id: z.number().int(), description: z.string() });
export type AccountTestOption = z.infer<typeof accountTestOption>;

export const testGroupRow = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Account test ids, in the group's order. */
  tests: z.array(z.number().int()),
  /** The same tests with their descriptions, for display. */
  accountTests: z.array(accountTestOption),
  isGlobal: z.boolean(),
  /** Null at account level. An office list also shows the account's global groups (officeId null). */
  officeId: z.number().int().nullable(),
  /** The caller may edit and delete it (an office administrator cannot change account-level groups). */
  canEdit: z.boolean(),
});
export type TestGroupRow = z.infer<typeof testGroupRow>;

export const testGroupList = z.object({
  groups: z.array(testGroupRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
  /** The account's active tests: what a group may be made of. */
  accountTests: z.array(accountTestOption),
  /** The caller may set isGlobal at this level (account administrators, account level). */
  canSetGlobal: z.boolean(),
});
export type TestGroupList = z.infer<typeof testGroupList>;

export const testGroupDetail = testGroupRow.extend({
  /** The account's active tests to choose from (plus any inactive one the group still holds). */
  availableTests: z.array(accountTestOption),
  canSetGlobal: z.boolean(),
});
export type TestGroupDetail = z.infer<typeof testGroupDetail>;

export const testGroupEditInput = z.object({
  /** Absent (or null/0) creates a test group. */
  id: optionalRecordId(testGroupMessages.badId),
  /** The level: absent or null for account level, an office id for office level. */
  officeId: listOfficeId,
  description: requiredText(TEST_GROUP_DESCRIPTION_MAX, testGroupMessages.descriptionTooLong),
  /** Available to every office of the account; account level, account administrators only. Absent keeps the saved value. */
  isGlobal: flag("isGlobal").optional(),
  /** Account test ids; at least one. Repeats are ignored. */
  tests: z
    .array(recordId(testGroupMessages.badTestId), { error: specMessages.requiredFieldMissing })
    .min(1, specMessages.requiredFieldMissing)
    .max(TEST_GROUP_TESTS_MAX, testGroupMessages.tooManyTests)
    .transform((ids) => [...new Set(ids)]),
});
export type TestGroupEditInput = z.input<typeof testGroupEditInput>;

export const testGroupRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/testpackages/list",
    input: z.object({ officeId: listOfficeId, page: pageNumber }),
    output: testGroupList,
    access: "packages",
    failure: "listLoadFailure",
    summary: "Test groups at account level (no officeId) or of one office (with the account's global groups), 20 a page, and the account's tests",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/testpackages/:id",
    params: z.object({ id: testGroupId }),
    input: z.object({}),
    output: testGroupDetail,
    access: "packages",
    failure: "listLoadFailure",
    summary: "One test group with the tests to choose from, for the edit form",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/testpackages/edit",
    input: testGroupEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "packages",
    failure: "genericSaveFailure",
    summary: "Create (without id) or update a test group at account level or in an office",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/testpackages/delete",
    input: z.object({ id: testGroupId }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "packages",
    failure: "generic",
    summary: "Delete a test group (batteries already assigned from it keep their tests)",
  }),
} as const;
