import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../auth/password-rules.js";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";

/** Account profile limits (evaluators-results-account.md §5, §9): email 125, passwords 25. */
export const PROFILE_EMAIL_MAX = 125;
export const PROFILE_PASSWORD_MAX = PASSWORD_MAX_LENGTH;

/**
 * What saving the profile says (spec §8: "failure text comes from a translation key; success key
 * accountProfile.body.profileUpdated"). The screen translates `accountProfile.body.<name>`; the
 * new password's strength and match are the auth area's own rules and messages (`messages.*`).
 */
export const accountProfileMessages = {
  profileUpdated: "Your profile has been updated.",
  emailRequired: "Please provide your email address.",
  emailInvalid: "Please enter a valid email address.",
  emailTooLong: `The email address can be at most ${PROFILE_EMAIL_MAX} characters.`,
  passwordTooLong: `A password can be at most ${PROFILE_PASSWORD_MAX} characters.`,
  currentPasswordRequired: "Please enter your current password to save changes.",
  currentPasswordWrong: "Your current password is not correct.",
  emailTaken: "Another user already has that email address.",
  nothingChanged: "Change your email address or enter a new password.",
  notWhileImpersonating: "A profile cannot be changed while acting as another user.",
  notLoaded: "Your profile could not be loaded.",
} as const;
export type AccountProfileMessage = keyof typeof accountProfileMessages;

const m = accountProfileMessages;
const missingOr = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? specMessages.requiredFieldMissing : message);

const password = z.string({ error: missingOr(m.passwordTooLong) }).max(PROFILE_PASSWORD_MAX, m.passwordTooLong);

/** Spec §3 Profile: email_address, new_password1, new_password2, password (the current one). */
export const saveProfileInput = z.object({
  email_address: z
    .string({ error: missingOr(m.emailInvalid) })
    .trim()
    .min(1, m.emailRequired)
    .max(PROFILE_EMAIL_MAX, m.emailTooLong)
    .pipe(z.email(m.emailInvalid)),
  new_password1: password.default(""),
  new_password2: password.default(""),
  password: z.string({ error: missingOr(m.currentPasswordRequired) }).min(1, m.currentPasswordRequired).max(200, m.currentPasswordWrong),
});
export type SaveProfileInput = z.input<typeof saveProfileInput>;

export const accountRoutes = {
  profile: defineRoute({
    method: "GET",
    path: "/api/account/profile",
    input: z.object({}),
    output: z.object({ emailAddress: z.string() }),
    access: "changePassword",
    failure: "listLoadFailure",
    summary: "The Profile screen's data (spec §3: emailAddress): the caller's email address",
  }),
  saveProfile: defineRoute({
    method: "POST",
    path: "/api/account/save_profile",
    input: saveProfileInput,
    output: z.object({ success: z.literal(true), messageKey: z.literal("accountProfile.body.profileUpdated"), message: z.string() }),
    access: "changePassword",
    failure: "genericSaveFailure",
    summary:
      "Changes the caller's email address and/or password; the current password is required. A new password follows the activation rules (8+ characters, three kinds) and is typed twice; other sessions of the user end",
  }),
} as const;
