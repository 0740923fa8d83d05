import { z } from "zod";
import { specMessages } from "../common/errors.js";
import { officeMessages } from "./offices.js";
import { optionalRecordId } from "./fields.js";

/**
 * Pieces the three settings lists share (users, test groups, result recipients; spec §2 "Settings
 * lists"). Each list exists at account level (officeId absent or null) and at office level.
 */

/** The list's level: absent, null or 0 is the account level, a number an office of the account. */
export const listOfficeId = optionalRecordId(officeMessages.badId);

export const listMessages = {
  /** Only account-level test groups and recipients can be global. */
  globalOnlyAtAccountLevel: "Only account-level test groups and result recipients can be global.",
  /** An office administrator sees global account-level records but cannot change them. */
  globalReadOnly: "This is an account-level record; only an account administrator can change it.",
  emailInvalid: "Please enter a valid email address.",
} as const;
export type ListMessage = keyof typeof listMessages;

/** A plausible email address: something@domain.tld, no spaces. */
export const looksLikeEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** A required text field: missing, null or blank answers 'A required field is missing.' (spec §5). */
export function requiredText(max: number, tooLong: string) {
  return z
    .string({ error: specMessages.requiredFieldMissing })
    .trim()
    .min(1, specMessages.requiredFieldMissing)
    .max(max, tooLong);
}

/** An optional text field: absent or null reads as "", trimmed. */
export function optionalText(field: string, max: number, tooLong: string) {
  return z
    .union([z.string(), z.null()], { error: `The field ${field} must be text.` })
    .optional()
    .transform((v) => (v ?? "").trim())
    .pipe(z.string().max(max, tooLong));
}
