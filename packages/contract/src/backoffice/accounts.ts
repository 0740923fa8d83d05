import { z } from "zod";
import { defineRoute } from "../route.js";
import { SERVICES } from "../auth/permissions.js";
import { LANGUAGES } from "../common/languages.js";
import { SSO_MAX_DOMAINS } from "../sso/routes.js";
import { flag, optionalRecordId, pageNumber, recordId } from "../settings/fields.js";
import { looksLikeEmailAddress, requiredText } from "../settings/lists.js";
import { officeEditInput, officeMessages } from "../settings/offices.js";
import { USER_EMAIL_MAX, USER_NAME_MAX, userMessages } from "../settings/users.js";

/**
 * The provider's back office, client accounts (issue 17 point 2): the accounts with the flags the
 * specs use, their offices and their administrators. Permission `backOffice` (Administrators and
 * Testing Executives). docs/api.md "Back office" has the rules.
 */

export const ACCOUNT_NAME_MAX = 100;
export const ACCOUNT_SEARCH_MAX = 100;
export const SSO_DOMAIN_MAX = 253;

/** How an account pays for tests: by card (neither flag), prepay, or invoiced (accounts.prepay / accounts.invoiced). */
export const PAYMENT_TERMS = ["card", "prepay", "invoiced"] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

/**
 * What the account routes answer, word for word. The server sends each with the i18n key
 * `backofficeAccounts.messages.<name>`.
 */
export const accountMessages = {
  saved: "The account has been saved.",
  nameTooLong: `Account Name must be at most ${ACCOUNT_NAME_MAX} characters.`,
  nameTaken: "An account with this name already exists.",
  servicesRequired: "Choose at least one service.",
  serviceUnknown: `Services are ${SERVICES.join(", ")}.`,
  paymentTermsUnknown: "Payment terms are card, prepay or invoiced.",
  delayInvalid: "The minimum proctor appointment delay is 0 (anytime) or 1 (one hour in advance).",
  ssoDomainInvalid: "Each single sign-on domain must be a domain name such as example.com.",
  ssoTooMany: `An account has at most ${SSO_MAX_DOMAINS} single sign-on domains.`,
  ssoDomainTaken: "The single sign-on domain {{domain}} belongs to another account.",
  searchTooLong: `Search terms must be at most ${ACCOUNT_SEARCH_MAX} characters.`,
  badId: "The account id must be a positive whole number.",
  notFound: "That account was not found.",
  officeSaved: officeMessages.saved,
  officeClosed: "The office has been closed: it keeps its history but takes no new assignments.",
  officeReopened: "The office has been reopened.",
  officeNotFound: officeMessages.notFound,
  administratorCreated: "The administrator has been created, and an activation link has been mailed to them.",
  activationSent: "A new activation link has been mailed.",
  alreadyActivated: "This user has already activated their account; they can reset a forgotten password from the sign-in page.",
  administratorNotFound: "That administrator was not found.",
  emailTaken: userMessages.emailTaken,
  languageUnknown: "The language is en-US, zh-HANS or zh-HANT.",
} as const;
export type AccountMessage = keyof typeof accountMessages;

export const accountId = recordId(accountMessages.badId);

const searchText = z
  .union([z.string(), z.null()], { error: accountMessages.searchTooLong })
  .optional()
  .transform((v) => (v ?? "").trim())
  .pipe(z.string().max(ACCOUNT_SEARCH_MAX, accountMessages.searchTooLong));

/** One domain, lower case: labels of letters, digits and hyphens, at least two of them. */
export const ssoDomain = z
  .string({ error: accountMessages.ssoDomainInvalid })
  .trim()
  .toLowerCase()
  .max(SSO_DOMAIN_MAX, accountMessages.ssoDomainInvalid)
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/, accountMessages.ssoDomainInvalid);

export const accountRow = z.object({
  id: z.number().int(),
  name: z.string(),
  services: z.array(z.enum(SERVICES)),
  paymentTerms: z.enum(PAYMENT_TERMS),
  /** Open (not closed) offices. */
  offices: z.number().int(),
  /** Active client users (account and office users and administrators). */
  users: z.number().int(),
  createdAt: z.string(),
});
export type AccountRow = z.infer<typeof accountRow>;

export const accountListOutput = z.object({ accounts: z.array(accountRow), itemCount: z.number().int(), pageCount: z.number().int() });
export type AccountList = z.infer<typeof accountListOutput>;

export const accountOffice = z.object({
  id: z.number().int(),
  name: z.string(),
  is_invoiced: z.boolean(),
  isClosed: z.boolean(),
  /** Active testing users of the office. */
  users: z.number().int(),
});
export type AccountOffice = z.infer<typeof accountOffice>;

export const accountAdministrator = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Whether they have set their password through the activation link. */
  activated: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type AccountAdministrator = z.infer<typeof accountAdministrator>;

/** The flags an account is edited with (the form's fields). */
const accountFields = {
  name: requiredText(ACCOUNT_NAME_MAX, accountMessages.nameTooLong),
  services: z
    .array(z.enum(SERVICES, { error: accountMessages.serviceUnknown }), { error: accountMessages.servicesRequired })
    .min(1, accountMessages.servicesRequired)
    .max(SERVICES.length, accountMessages.serviceUnknown)
    .transform((list) => SERVICES.filter((s) => list.includes(s))),
  /** Health care roles and specialties, medical test sets and templates (client spec §5). */
  medicalOption: flag("medicalOption"),
  usesProctorService: flag("usesProctorService"),
  /** The assign form's Require Live Proctor option (client spec §5: "depending on an account flag"). */
  liveProctor: flag("liveProctor"),
  allowCandidateScheduling: flag("allowCandidateScheduling"),
  minProctorApptDelay: z.union([z.literal(0), z.literal(1)], { error: accountMessages.delayInvalid }),
  paymentTerms: z.enum(PAYMENT_TERMS, { error: accountMessages.paymentTermsUnknown }),
  ssoDomains: z
    .array(ssoDomain, { error: accountMessages.ssoDomainInvalid })
    .max(SSO_MAX_DOMAINS, accountMessages.ssoTooMany)
    .transform((list) => [...new Set(list)]),
};

export const accountDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  services: z.array(z.enum(SERVICES)),
  medicalOption: z.boolean(),
  usesProctorService: z.boolean(),
  liveProctor: z.boolean(),
  allowCandidateScheduling: z.boolean(),
  minProctorApptDelay: z.number().int(),
  paymentTerms: z.enum(PAYMENT_TERMS),
  ssoDomains: z.array(z.string()),
  createdAt: z.string(),
  offices: z.array(accountOffice),
  administrators: z.array(accountAdministrator),
});
export type AccountDetail = z.infer<typeof accountDetail>;

export const accountEditInput = z.object({ id: optionalRecordId(accountMessages.badId), ...accountFields });
export type AccountEditInput = z.input<typeof accountEditInput>;

/** The client screen's office form (settings/offices.ts), for the account named: no id adds an office. */
export const accountOfficeEditInput = officeEditInput.extend({ accountId });
export type AccountOfficeEditInput = z.input<typeof accountOfficeEditInput>;

export const administratorCreateInput = z.object({
  accountId,
  firstName: requiredText(USER_NAME_MAX, userMessages.firstNameTooLong),
  lastName: requiredText(USER_NAME_MAX, userMessages.lastNameTooLong),
  emailAddress: requiredText(USER_EMAIL_MAX, userMessages.emailTooLong).refine(looksLikeEmailAddress, userMessages.emailInvalid),
  /** The language of the activation mail and of their screens. */
  language: z.enum(LANGUAGES, { error: accountMessages.languageUnknown }).default("en-US"),
});
export type AdministratorCreateInput = z.input<typeof administratorCreateInput>;

const saved = z.object({ success: z.boolean(), id: z.number().int(), message: z.string() });
const done = z.object({ success: z.boolean(), message: z.string() });

export const backofficeAccountRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/list",
    input: z.object({ q: searchText, page: pageNumber }),
    output: accountListOutput,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "Client accounts, 20 a page by name; q matches a part of the name, or the id",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/backoffice/accounts/:id",
    params: z.object({ id: accountId }),
    input: z.object({}),
    output: accountDetail,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "One client account: its flags, offices and account administrators",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/edit",
    input: accountEditInput,
    output: saved,
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Create (without id) or update a client account: name, services and flags",
  }),
  editOffice: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/offices/edit",
    input: accountOfficeEditInput,
    output: saved,
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Add an office to an account (without id) or rename it and set Billed Individually",
  }),
  closeOffice: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/offices/close",
    input: z.object({ accountId, id: recordId(officeMessages.badId), closed: flag("closed") }),
    output: done,
    access: "backOffice",
    failure: "generic",
    summary: "Close an office (it keeps its history, takes no new assignments) or reopen it",
  }),
  createAdministrator: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/administrators/create",
    input: administratorCreateInput,
    output: saved,
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Create a Testing Account Administrator of the account and mail them an activation link (no password is set)",
  }),
  resendActivation: defineRoute({
    method: "POST",
    path: "/api/backoffice/accounts/administrators/resend",
    input: z.object({ accountId, id: recordId(userMessages.badId) }),
    output: done,
    access: "backOffice",
    failure: "generic",
    summary: "Mail a new activation link to an account administrator who has not activated yet",
  }),
} as const;
