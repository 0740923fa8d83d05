import { z } from "zod";
import { defineRoute } from "../route.js";
import { LANGUAGES } from "../common/languages.js";
import { CLIENT_ROLES, ROLE_COUNT, Role } from "../auth/roles.js";
import { optionalRecordId, pageNumber, recordId, flag } from "../settings/fields.js";
import { looksLikeEmailAddress, requiredText } from "../settings/lists.js";
import { USER_EMAIL_MAX, USER_NAME_MAX, userMessages } from "../settings/users.js";

/**
 * The provider's back office, staff users (issue 17 point 2): the provider's own people (no client
 * account) and their roles from the catalogue of 42. Permission `backOffice`. The rules of who may
 * grant what are in docs/api.md "Back office" and enforced by the server (backoffice/staff/).
 */

export const STAFF_SEARCH_MAX = 100;

/**
 * Roles of a client organisation's people, never a staff user's: the candidate, the four testing
 * client roles, and the client roles of the other departments (7 Client, 8 Translation Client,
 * 9 Testing Client, 21 Training Client, 29 Solutions Client, 36 Interpretation Client).
 */
export const CLIENT_SIDE_ROLES: readonly number[] = [Role.Candidate, ...CLIENT_ROLES, 7, 8, 9, 21, 29, 36];

/**
 * Roles a staff user may hold, in catalogue order: every role of the catalogue but the client-side
 * ones and role 14 (User), the base role every signed-in person has, which is always added.
 */
export const STAFF_ROLES: readonly number[] = Array.from({ length: ROLE_COUNT }, (_, n) => n).filter(
  (n) => !CLIENT_SIDE_ROLES.includes(n) && n !== Role.User,
);

/**
 * Whether a caller holding `callerRoles` may grant or take away `role` (docs/api.md "Back office"):
 * only an Administrator grants Administrator; anyone else only a role they hold themselves.
 */
export function mayChangeRole(callerRoles: readonly number[], role: number): boolean {
  if (callerRoles.includes(Role.Administrator)) return true;
  return role !== Role.Administrator && callerRoles.includes(role);
}

/**
 * What the staff routes answer, word for word. The server sends each with the i18n key
 * `backofficeStaff.messages.<name>`.
 */
export const staffMessages = {
  saved: "The staff user has been saved.",
  created: "The staff user has been created, and an activation link has been mailed to them.",
  deactivated: "The staff user has been deactivated: they can no longer sign in.",
  reactivated: "The staff user has been reactivated.",
  activationSent: "A new activation link has been mailed.",
  alreadyActivated: "This user has already activated their account; they can reset a forgotten password from the sign-in page.",
  rolesRequired: "Choose at least one role.",
  roleUnknown: "Roles are whole numbers of the role catalogue (0 to 41).",
  clientRole: "{{role}} is a role of a client organisation, not of the provider's staff.",
  onlyAdministratorGrantsAdministrator: "Only an Administrator may grant or remove the Administrator role.",
  roleNotHeld: "You may grant or remove only roles you hold yourself ({{role}}).",
  userOutranks: "This user holds roles you do not hold; an Administrator must change them.",
  notOwnRoles: "You cannot change your own roles.",
  notSelf: "You cannot deactivate yourself.",
  emailTaken: userMessages.emailTaken,
  languageUnknown: "The language is en-US, zh-HANS or zh-HANT.",
  searchTooLong: `Search terms must be at most ${STAFF_SEARCH_MAX} characters.`,
  badId: userMessages.badId,
  notFound: "That staff user was not found.",
} as const;
export type StaffMessage = keyof typeof staffMessages;

export const staffUserId = recordId(staffMessages.badId);

export const staffSearchText = z
  .union([z.string(), z.null()], { error: staffMessages.searchTooLong })
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(STAFF_SEARCH_MAX, staffMessages.searchTooLong));

export const staffRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Catalogue numbers, without the base role 14. */
  roles: z.array(z.number().int()),
  isActive: z.boolean(),
  /** Whether they have set their password through the activation link. */
  activated: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type StaffRow = z.infer<typeof staffRow>;

export const staffListOutput = z.object({ users: z.array(staffRow), itemCount: z.number().int(), pageCount: z.number().int() });
export type StaffList = z.infer<typeof staffListOutput>;

export const staffDetail = staffRow.extend({
  firstName: z.string(),
  lastName: z.string(),
  language: z.enum(LANGUAGES),
  /** The caller themselves: their own roles and active state are not theirs to change. */
  isSelf: z.boolean(),
  /** The caller may change this user (an Administrator, or one who holds every role the user holds). */
  canEdit: z.boolean(),
  /** Has an evaluator profile (languages, capacity). */
  isEvaluator: z.boolean(),
});
export type StaffDetail = z.infer<typeof staffDetail>;

export const staffRoleOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The caller may grant and remove it. */
  grantable: z.boolean(),
});
export type StaffRoleOption = z.infer<typeof staffRoleOption>;

export const staffEditInput = z.object({
  /** Absent (or null/0) creates a staff user and mails them an activation link. */
  id: optionalRecordId(staffMessages.badId),
  firstName: requiredText(USER_NAME_MAX, userMessages.firstNameTooLong),
  lastName: requiredText(USER_NAME_MAX, userMessages.lastNameTooLong),
  emailAddress: requiredText(USER_EMAIL_MAX, userMessages.emailTooLong).refine(looksLikeEmailAddress, userMessages.emailInvalid),
  language: z.enum(LANGUAGES, { error: staffMessages.languageUnknown }).default("en-US"),
  /** Catalogue numbers; role 14 (User) is added by the server and need not be sent. */
  roles: z
    .array(z.number({ error: staffMessages.roleUnknown }).int(staffMessages.roleUnknown).min(0, staffMessages.roleUnknown).max(ROLE_COUNT - 1, staffMessages.roleUnknown), {
      error: staffMessages.rolesRequired,
    })
    .max(ROLE_COUNT, staffMessages.roleUnknown)
    .transform((list) => [...new Set(list)].filter((r) => r !== Role.User).sort((a, b) => a - b))
    .refine((list) => list.length > 0, staffMessages.rolesRequired),
});
export type StaffEditInput = z.input<typeof staffEditInput>;

const done = z.object({ success: z.boolean(), message: z.string() });

export const backofficeStaffRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/backoffice/staff/list",
    input: z.object({
      q: staffSearchText,
      page: pageNumber,
      /** Only holders of this role. */
      role: z.union([z.number().int().min(0).max(ROLE_COUNT - 1), z.null()], { error: staffMessages.roleUnknown }).optional(),
      /** Deactivated users too. */
      includeInactive: flag("includeInactive").optional(),
    }),
    output: staffListOutput,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "Staff users (no client account), 20 a page by name; q matches a part of the name or email",
  }),
  roles: defineRoute({
    method: "GET",
    path: "/api/backoffice/staff/roles",
    input: z.object({}),
    output: z.object({ roles: z.array(staffRoleOption) }),
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The staff roles of the catalogue, each with whether the caller may grant it",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/backoffice/staff/:id",
    params: z.object({ id: staffUserId }),
    input: z.object({}),
    output: staffDetail,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "One staff user with what the caller may do with them",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/backoffice/staff/edit",
    input: staffEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Create a staff user (without id; an activation link is mailed) or change their name, email, language and roles",
  }),
  setActive: defineRoute({
    method: "POST",
    path: "/api/backoffice/staff/active",
    input: z.object({ id: staffUserId, active: flag("active") }),
    output: done,
    access: "backOffice",
    failure: "generic",
    summary: "Deactivate a staff user (their sessions and open links end) or reactivate them",
  }),
  resendActivation: defineRoute({
    method: "POST",
    path: "/api/backoffice/staff/resend",
    input: z.object({ id: staffUserId }),
    output: done,
    access: "backOffice",
    failure: "generic",
    summary: "Mail a new activation link to a staff user who has not activated yet",
  }),
} as const;
