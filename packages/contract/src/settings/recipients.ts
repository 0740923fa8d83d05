import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";
import { flag, optionalRecordId, pageNumber, recordId } from "./fields.js";
import { listMessages, listOfficeId, looksLikeEmailAddress, optionalText } from "./lists.js";

/** Recipient names and email: at most 125 (spec §5; the field is 35 wide). */
export const RECIPIENT_TEXT_MAX = 125;

/** What a recipient receives for each result. */
export const RESULT_TYPES = ["full_report", "score_only"] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/**
 * What the result recipient routes answer, word for word. The server sends each with the i18n key
 * `settingsLists.recipients.messages.<name>`.
 */
export const recipientMessages = {
  saved: "The result recipient has been saved.",
  deleted: "The result recipient has been deleted.",
  firstNameTooLong: `First Name must be at most ${RECIPIENT_TEXT_MAX} characters.`,
  lastNameTooLong: `Last Name must be at most ${RECIPIENT_TEXT_MAX} characters.`,
  emailTooLong: `Email Address must be at most ${RECIPIENT_TEXT_MAX} characters.`,
  emailInvalid: listMessages.emailInvalid,
  badResultType: "The result type must be full_report or score_only.",
  badClientId: "The client id must be a positive whole number.",
  clientNotFound: "That client was not found.",
  globalOnlyAtAccountLevel: listMessages.globalOnlyAtAccountLevel,
  globalReadOnly: listMessages.globalReadOnly,
  badId: "The result recipient id must be a positive whole number.",
  notFound: "That result recipient was not found.",
} as const;
export type RecipientMessage = keyof typeof recipientMessages;

export const recipientId = recordId(recipientMessages.badId);

/** The spec's rule: a recipient is valid when the names or the email are filled in. */
export function recipientIsComplete(r: { firstName: string; lastName: string; emailAddress: string }): boolean {
  return [r.firstName, r.lastName, r.emailAddress].some((v) => v.trim() !== "");
}

export const recipientRow = z.object({
  id: z.number().int(),
  /** First and last name. */
  name: z.string(),
  email: z.string(),
  isGlobal: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  resultType: z.enum(RESULT_TYPES),
  /** The client account the recipient belongs to (the caller's). */
  clientId: z.number().int(),
  /** Null at account level. An office list also shows the account's global recipients (officeId null). */
  officeId: z.number().int().nullable(),
  /** The caller may edit and delete it (an office administrator cannot change account-level recipients). */
  canEdit: z.boolean(),
});
export type RecipientRow = z.infer<typeof recipientRow>;

/** The clients a recipient can belong to: the caller's account. */
export const recipientClient = z.object({ id: z.number().int(), name: z.string() });

export const recipientList = z.object({
  recipients: z.array(recipientRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
  clients: z.array(recipientClient),
  /** The caller may set isGlobal at this level (account administrators, account level). */
  canSetGlobal: z.boolean(),
});
export type RecipientList = z.infer<typeof recipientList>;

export const recipientDetail = recipientRow.extend({
  clients: z.array(recipientClient),
  canSetGlobal: z.boolean(),
});
export type RecipientDetail = z.infer<typeof recipientDetail>;

export const recipientEditInput = z
  .object({
    /** Absent (or null/0) creates a recipient. */
    id: optionalRecordId(recipientMessages.badId),
    /** The caller's account; absent means the same. */
    clientId: optionalRecordId(recipientMessages.badClientId),
    /** The level: absent or null for account level, an office id for office level. */
    officeId: listOfficeId,
    /** Account level, account administrators only. Absent keeps the saved value. */
    isGlobal: flag("isGlobal").optional(),
    firstName: optionalText("firstName", RECIPIENT_TEXT_MAX, recipientMessages.firstNameTooLong),
    lastName: optionalText("lastName", RECIPIENT_TEXT_MAX, recipientMessages.lastNameTooLong),
    emailAddress: optionalText("emailAddress", RECIPIENT_TEXT_MAX, recipientMessages.emailTooLong).refine(
      (v) => v === "" || looksLikeEmailAddress(v),
      recipientMessages.emailInvalid,
    ),
    /** Absent keeps the saved value (full_report for a new recipient). */
    resultType: z.enum(RESULT_TYPES, { error: recipientMessages.badResultType }).optional(),
  })
  .refine(recipientIsComplete, { message: specMessages.requiredFieldMissing, path: ["firstName"] });
export type RecipientEditInput = z.input<typeof recipientEditInput>;

export const recipientRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/resultrecipients/list",
    input: z.object({ officeId: listOfficeId, page: pageNumber }),
    output: recipientList,
    access: "resultRecipients",
    failure: "listLoadFailure",
    summary: "Result recipients at account level (no officeId) or of one office (with the account's global recipients), 20 a page",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/resultrecipients/:id",
    params: z.object({ id: recipientId }),
    input: z.object({}),
    output: recipientDetail,
    access: "resultRecipients",
    failure: "listLoadFailure",
    summary: "One result recipient, for the edit form",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/resultrecipients/edit",
    input: recipientEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "resultRecipients",
    failure: "genericSaveFailure",
    summary: "Create (without id) or update a result recipient at account level or in an office",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/resultrecipients/delete",
    input: z.object({ id: recipientId }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "resultRecipients",
    failure: "generic",
    summary: "Delete a result recipient",
  }),
} as const;
