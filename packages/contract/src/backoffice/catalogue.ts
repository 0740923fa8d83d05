import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";
import { successOutput } from "../common/success.js";
import { TEST_DURATIONS, TEST_METHODS, TEST_TYPES } from "../catalogue/catalogue.js";
import { flag, optionalRecordId, pageNumber, recordId } from "../settings/fields.js";

/**
 * The provider's back office, the test catalogue (issue 17 point 2): the tests (name, language,
 * method, duration and time limit, type, proctored, medical, active or retired, content key) and
 * which client accounts may assign each at which price (account_tests: what
 * GET /api/test_assignment/available_tests/{id} offers a client). Administrators and Testing
 * Executives (permission backOffice). Every change is audited.
 */

export const TEST_NAME_MAX = 200;
export const TIME_LIMIT_MAX = 480;
/** The highest price a back-office user may set: $100,000.00. */
export const PRICE_MAX_CENTS = 10_000_000;
export const CATALOGUE_SEARCH_MAX = 100;
/** The content key, as the content file's `key` (content/format.ts): lowercase letters, digits and dashes. */
export const CONTENT_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** What the catalogue routes answer; the server sends each with the i18n key `boCatalogue.messages.<name>`. */
export const catalogueMessages = {
  saved: "The test has been saved.",
  notFound: "That test was not found.",
  badId: "The test id must be a positive whole number.",
  nameTooLong: `The test name must be at most ${TEST_NAME_MAX} characters.`,
  nameTaken: "Another test of this language has this name.",
  badLanguage: "Choose a language of the catalogue.",
  badMethod: "Choose how the test is taken: online, paper, IVR, live or video.",
  badDuration: "The duration must be 30, 60 or 120 minutes.",
  badTimeLimit: `The time limit must be a whole number of minutes from 1 to ${TIME_LIMIT_MAX}, or none.`,
  badType: "Choose the type of the test.",
  badContentKey: "The content key is lowercase letters, digits and dashes (at most 64 characters).",
  contentKeyTaken: "Another test has this content key.",
  contentKeyFixed: "The content key cannot change once content has been published for the test.",
  badSearch: `The search must be at most ${CATALOGUE_SEARCH_MAX} characters.`,
  accountAllowed: "The account may now assign this test.",
  priceSaved: "The price has been saved.",
  accountRemoved: "The account may no longer assign this test.",
  accountAlreadyAllowed: "This account may already assign this test.",
  badAccountId: "The account id must be a positive whole number.",
  accountNotFound: "That account was not found.",
  accountTestNotFound: "That account's price for this test was not found.",
  badPrice: `A price must be a whole number of cents from 0 to ${PRICE_MAX_CENTS}.`,
  shortNoticeBelowPrice: "The short-notice price must not be lower than the price.",
} as const;
export type CatalogueMessage = keyof typeof catalogueMessages;

export const catalogueTestId = recordId(catalogueMessages.badId);
export const accountTestId = recordId(catalogueMessages.badId);

/** Which tests the list shows. */
export const CATALOGUE_STATUSES = ["all", "active", "retired"] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];

const price = z.number({ error: catalogueMessages.badPrice }).int(catalogueMessages.badPrice).min(0, catalogueMessages.badPrice).max(PRICE_MAX_CENTS, catalogueMessages.badPrice);

export const catalogueLanguage = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type CatalogueLanguage = z.infer<typeof catalogueLanguage>;

export const catalogueTestRow = z.object({
  id: z.number().int(),
  description: z.string(),
  language: catalogueLanguage,
  method: z.enum(TEST_METHODS),
  duration_minutes: z.number().int(),
  /** Null: untimed. */
  time_limit_minutes: z.number().int().nullable(),
  test_type: z.enum(TEST_TYPES),
  proctored: z.boolean(),
  is_medical: z.boolean(),
  /** False: retired (no account can assign it; tests already assigned go on). */
  is_active: z.boolean(),
  content_key: z.string().nullable(),
  /** Content versions published (test_content_versions). */
  content_versions: z.number().int(),
  /** Accounts that may assign it. */
  accounts: z.number().int(),
});
export type CatalogueTestRow = z.infer<typeof catalogueTestRow>;

export const catalogueListInput = z.object({
  /** Words of the name or the content key, any order (case-insensitive). */
  query: z.string({ error: catalogueMessages.badSearch }).trim().max(CATALOGUE_SEARCH_MAX, catalogueMessages.badSearch).default(""),
  status: z.enum(CATALOGUE_STATUSES, { error: "The status must be all, active or retired." }).default("all"),
  page: pageNumber,
});
export type CatalogueListInput = z.input<typeof catalogueListInput>;

export const catalogueListOutput = z.object({
  tests: z.array(catalogueTestRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
});
export type CatalogueList = z.infer<typeof catalogueListOutput>;

export const catalogueTestInput = z.object({
  /** Absent (or null/0) creates a test. */
  id: optionalRecordId(catalogueMessages.badId),
  description: z
    .string({ error: specMessages.requiredFieldMissing })
    .trim()
    .min(1, specMessages.requiredFieldMissing)
    .max(TEST_NAME_MAX, catalogueMessages.nameTooLong),
  language_id: recordId(catalogueMessages.badLanguage),
  method: z.enum(TEST_METHODS, { error: catalogueMessages.badMethod }),
  duration_minutes: z.union(
    TEST_DURATIONS.map((d) => z.literal(d)),
    { error: catalogueMessages.badDuration },
  ),
  time_limit_minutes: z
    .number({ error: catalogueMessages.badTimeLimit })
    .int(catalogueMessages.badTimeLimit)
    .min(1, catalogueMessages.badTimeLimit)
    .max(TIME_LIMIT_MAX, catalogueMessages.badTimeLimit)
    .nullable(),
  test_type: z.enum(TEST_TYPES, { error: catalogueMessages.badType }),
  proctored: flag("proctored"),
  is_medical: flag("is_medical"),
  is_active: flag("is_active"),
  /** Which content file is this test's (content/<key>.json); empty or null: none yet. */
  content_key: z
    .union([z.string(), z.null()], { error: catalogueMessages.badContentKey })
    .transform((v) => (v === null || v.trim() === "" ? null : v.trim()))
    .refine((v) => v === null || CONTENT_KEY_PATTERN.test(v), catalogueMessages.badContentKey),
});
export type CatalogueTestInput = z.input<typeof catalogueTestInput>;

export const catalogueTestDetail = catalogueTestRow.extend({
  created_at: z.string(),
  /** The content key can still change: no content has been published yet. */
  can_change_content_key: z.boolean(),
});
export type CatalogueTestDetail = z.infer<typeof catalogueTestDetail>;

/** One client account that may assign the test, at its prices (account_tests). */
export const accountTestRow = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  account_name: z.string(),
  /** With more than an hour's notice. */
  fee_cents: z.number().int(),
  /** With an hour's notice or less (the higher price). */
  short_notice_fee_cents: z.number().int(),
});
export type AccountTestRow = z.infer<typeof accountTestRow>;

/** An account's two prices of a test, in whole cents (the back office's price dialog edits them). */
export const accountTestPrices = z.object({ fee_cents: price, short_notice_fee_cents: price });
export type AccountTestPrices = z.infer<typeof accountTestPrices>;

export const catalogueRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/list",
    input: catalogueListInput,
    output: catalogueListOutput,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The test catalogue, 20 a page by name: search by name or content key, all, active or retired",
  }),
  languages: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/languages",
    input: z.object({}),
    output: z.object({ languages: z.array(catalogueLanguage) }),
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The languages tests are given in (the test form's choices)",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: catalogueTestDetail,
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "One catalogue test",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/edit",
    input: catalogueTestInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Create a test (without id) or change one: name, language, method, duration, time limit, type, active or retired (audited)",
  }),
  accounts: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id/accounts",
    params: z.object({ id: catalogueTestId }),
    input: z.object({}),
    output: z.object({ account_tests: z.array(accountTestRow) }),
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "The client accounts that may assign the test, with their prices, by account name",
  }),
  accountChoices: defineRoute({
    method: "GET",
    path: "/api/backoffice/tests/:id/account_choices",
    params: z.object({ id: catalogueTestId }),
    input: z.object({ term: z.string().trim().max(CATALOGUE_SEARCH_MAX, catalogueMessages.badSearch).default("") }),
    output: z.object({ accounts: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
    access: "backOffice",
    failure: "listLoadFailure",
    summary: "Up to 20 testing accounts by name (containing term) that may not assign the test yet",
  }),
  allowAccount: defineRoute({
    method: "POST",
    path: "/api/backoffice/tests/:id/accounts/add",
    params: z.object({ id: catalogueTestId }),
    input: accountTestPrices.extend({ account_id: recordId(catalogueMessages.badAccountId) }),
    output: successOutput.extend({ id: z.number().int() }),
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Let an account assign the test at these prices in cents (audited)",
  }),
  changePrice: defineRoute({
    method: "POST",
    path: "/api/backoffice/account_tests/:id/edit",
    params: z.object({ id: accountTestId }),
    input: accountTestPrices,
    output: successOutput,
    access: "backOffice",
    failure: "genericSaveFailure",
    summary: "Change an account's prices of a test in cents (audited; tests already assigned keep theirs)",
  }),
  removeAccount: defineRoute({
    method: "POST",
    path: "/api/backoffice/account_tests/:id/remove",
    params: z.object({ id: accountTestId }),
    input: z.object({}),
    output: successOutput,
    access: "backOffice",
    failure: "generic",
    summary: "The account may no longer assign the test (audited; tests already assigned go on)",
  }),
} as const;
