import { z } from "zod";
import { defineRoute } from "../route.js";
import { PASSWORD_MAX_LENGTH, passwordProblem } from "../auth/password-rules.js";
import { flag, pageNumber, recordId, optionalRecordId } from "./fields.js";
import { listMessages, listOfficeId, looksLikeEmailAddress, requiredText } from "./lists.js";

/** Field maxima of the user form (spec §5, §9). */
export const USER_NAME_MAX = 25;
export const USER_EMAIL_MAX = 125;
export const USER_PASSWORD_MAX = PASSWORD_MAX_LENGTH;

/**
 * What the testing user routes answer, word for word. The server sends each with the i18n key
 * `settingsLists.users.messages.<name>`.
 */
export const userMessages = {
  saved: "The user has been saved.",
  deleted: "The user has been deleted.",
  deactivated: "The user has history, so they were deactivated: they no longer appear in lists and cannot sign in.",
  firstNameTooLong: `First Name must be at most ${USER_NAME_MAX} characters.`,
  lastNameTooLong: `Last Name must be at most ${USER_NAME_MAX} characters.`,
  emailTooLong: `Email Address must be at most ${USER_EMAIL_MAX} characters.`,
  emailInvalid: listMessages.emailInvalid,
  passwordTooLong: `Password must be at most ${USER_PASSWORD_MAX} characters.`,
  passwordTooWeak: "Use 8 to 25 characters with three of: upper case, lower case, numbers and symbols.",
  passwordNotText: "The field password must be text.",
  emailTaken: "A user with this email address already exists.",
  notOwnPassword: "Users change only their own password. Point them to the password reset page instead.",
  cannotDeleteSelf: "You cannot delete your own user.",
  cannotChangeOwnAccess: "You cannot change your own access level.",
  badId: "The user id must be a positive whole number.",
  notFound: "That user was not found.",
} as const;
export type UserMessage = keyof typeof userMessages;

/**
 * The password of a testing user: the portal's rules (auth/password-rules.ts: at least 8
 * characters, three kinds) and the spec's maximum of 25. Shared by the server and the form.
 */
export function userPasswordProblem(password: string): "passwordTooWeak" | "passwordTooLong" | null {
  if (password.length > USER_PASSWORD_MAX) return "passwordTooLong";
  return passwordProblem(password, password) === null ? null : "passwordTooWeak";
}

export const userId = recordId(userMessages.badId);

export const testingUserRow = z.object({
  id: z.number().int(),
  /** First and last name. */
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isAdministrator: z.boolean(),
  /** Null for account users and administrators. */
  officeId: z.number().int().nullable(),
  /** The caller themselves: their own password may be changed, and they cannot delete themselves. */
  isSelf: z.boolean(),
});
export type TestingUserRow = z.infer<typeof testingUserRow>;

export const testingUserList = z.object({
  users: z.array(testingUserRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
});
export type TestingUserList = z.infer<typeof testingUserList>;

export const testingUserEditInput = z.object({
  /** Absent (or null/0) creates a user. */
  id: optionalRecordId(userMessages.badId),
  /** The level: absent or null for account users, an office id for office users. */
  officeId: listOfficeId,
  firstName: requiredText(USER_NAME_MAX, userMessages.firstNameTooLong),
  lastName: requiredText(USER_NAME_MAX, userMessages.lastNameTooLong),
  emailAddress: requiredText(USER_EMAIL_MAX, userMessages.emailTooLong).refine(looksLikeEmailAddress, userMessages.emailInvalid),
  /**
   * Required for a new user; for an existing one only the user themselves may send one (their own
   * new password). Absent, null or "" leaves the password as it is.
   */
  password: z
    .union([z.string(), z.null()], { error: userMessages.passwordNotText })
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().max(USER_PASSWORD_MAX, userMessages.passwordTooLong).optional()),
  /** Access level Administrator (true) or Regular (false). Absent keeps the saved value (Regular for a new user). */
  isAdministrator: flag("isAdministrator").optional(),
});
export type TestingUserEditInput = z.input<typeof testingUserEditInput>;

export const userRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/testingusers/list",
    input: z.object({ officeId: listOfficeId, page: pageNumber }),
    output: testingUserList,
    access: "users",
    failure: "listLoadFailure",
    summary: "Testing users at account level (no officeId; account administrators) or of one office, 20 a page by name",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/testingusers/:id",
    params: z.object({ id: userId }),
    input: z.object({}),
    output: testingUserRow,
    access: "users",
    failure: "listLoadFailure",
    summary: "One testing user, for the edit form",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/testingusers/edit",
    input: testingUserEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "users",
    failure: "genericSaveFailure",
    summary: "Create (without id) or update a testing user at account level or in an office",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/testingusers/delete",
    input: z.object({ id: userId }),
    output: z.object({ success: z.boolean(), message: z.string(), deactivated: z.boolean() }),
    access: "users",
    failure: "generic",
    summary: "Delete a testing user; one with history (tests they assigned) is deactivated instead",
  }),
} as const;
