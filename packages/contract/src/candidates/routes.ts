import { z } from "zod";
import { defineRoute } from "../route.js";
import { flag, optionalRecordId, pageNumber, recordId } from "../settings/fields.js";
import { candidateMessages, type CandidateFormValues } from "./form.js";

/** The candidate id of a path or body: a positive whole number. */
export const candidateId = recordId(candidateMessages.badId);

/**
 * The advanced search text (spec §5). Absent or null is the empty query (every candidate). The
 * server parses it with the shared parser (search/query.ts) and answers 400 with the parser's
 * own message when it cannot read it.
 */
export const searchQueryText = z
  .union([z.string(), z.null()], { error: candidateMessages.badQuery })
  .optional()
  .transform((v) => v ?? "");

/** One row of the candidates list (spec §3 Candidate profile). */
export const candidateProfile = z.object({
  id: z.number().int(),
  /** "Last, First Middle". */
  displayAs: z.string(),
  employeeId: z.string(),
  /** The office's name; null for a candidate at account level. */
  office: z.string().nullable(),
  emailAddress: z.string(),
  notes: z.string(),
  /** The health care role's name, with the specialty after a dash when there is one. */
  healthCareRole: z.string().nullable(),
});
export type CandidateProfile = z.infer<typeof candidateProfile>;

export const candidateSearchOutput = z.object({
  candidateProfiles: z.array(candidateProfile),
  /** How many candidates match; with itemCountBounded, more than this many (the count stops at a limit). */
  itemCount: z.number().int(),
  /** The pages; with itemCountBounded, the pages known to exist (at least one past the page shown while more follow). */
  pageCount: z.number().int(),
  /** True when more than itemCount match: counting stopped at the limit; the last page makes the count exact. */
  itemCountBounded: z.boolean(),
});
export type CandidateSearchResult = z.infer<typeof candidateSearchOutput>;

// --- the form -------------------------------------------------------------------------------

const text = z
  .union([z.string(), z.null()], { error: candidateMessages.badField })
  .optional()
  .transform((v) => (v ?? "").trim());

/** A whole number or nothing: absent, null, "" and 0 read as nothing. */
const optionalNumber = z
  .union([z.number(), z.string(), z.null()], { error: candidateMessages.badField })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === "" || v === 0 || v === "0") return null;
    const n = typeof v === "number" ? v : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: candidateMessages.badField });
      return z.NEVER;
    }
    return n;
  });

/** The edit payload: the spec's candidate form fields (the path is ours: POST /api/candidates/edit). */
export const candidateEditInput = z.object({
  /** Absent (or null/0) creates a candidate. */
  id: optionalRecordId(candidateMessages.badId),
  firstName: text,
  middleName: text,
  lastName: text,
  employeeId: text,
  emailAddress: text,
  challengeQuestion: text,
  challengeAnswer: text,
  clientNotes: text,
  adjustments: flag("adjustments").optional().default(false),
  officeId: optionalNumber,
  phoneNumber: text,
  streetAddress: text,
  city: text,
  /** A US postal abbreviation of US_REGIONS (50 states and DC). */
  state: text.transform((s) => s.toUpperCase()),
  postalCode: text,
  /** TIME_ZONES id; absent is Eastern (23). */
  timeZoneId: optionalNumber.transform((n) => n ?? 23),
  languageId: optionalNumber,
  healthCareRoleId: optionalNumber,
  healthCareSpecialtyId: optionalNumber,
  takesProctoredTests: flag("takesProctoredTests").optional().default(false),
});
export type CandidateEditInput = z.input<typeof candidateEditInput>;
// The parsed payload is the form's values plus the id.
export type CandidateEditValues = z.output<typeof candidateEditInput>;
/** Compile-time check: the parsed payload carries every value of the form. */
export type CandidateEditCarriesForm = Omit<CandidateEditValues, "id"> extends CandidateFormValues ? true : never;

const option = z.object({ id: z.number().int(), name: z.string() });

/** The form's values and everything the new and edit pages need to show it (spec §3). */
export const candidateFormOutput = z.object({
  /** "create" for /testing/candidates/new, "update" for /{id}/edit. */
  action: z.enum(["create", "update"]),
  id: z.number().int().nullable(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  employeeId: z.string(),
  emailAddress: z.string(),
  challengeQuestion: z.string(),
  challengeAnswer: z.string(),
  clientNotes: z.string(),
  adjustments: z.boolean(),
  officeId: z.number().int().nullable(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  timeZoneId: z.number().int(),
  languageId: z.number().int().nullable(),
  healthCareRoleId: z.number().int().nullable(),
  healthCareSpecialtyId: z.number().int().nullable(),
  takesProctoredTests: z.boolean(),
  /** The caller chooses the office (false for office-bound callers, whose office is fixed and hidden). */
  canSetOffice: z.boolean(),
  /** An office must be chosen ('Please select an office'). */
  requiresOffice: z.boolean(),
  requiresEmail: z.boolean(),
  /** Open offices of the account, plus the candidate's own office if it has closed. */
  offices: z.array(option),
  /** The medical option: health care role and specialty fields. */
  includeHealthCareRoles: z.boolean(),
  healthCareRoles: z.array(option),
  healthCareSpecialties: z.array(z.object({ id: z.number().int(), roleId: z.number().int(), name: z.string() })),
  /** The proctor service: the proctoring contact fields. */
  usesProctorService: z.boolean(),
  regions: z.array(z.object({ id: z.string(), name: z.string() })),
  timeZones: z.array(z.object({ id: z.number().int(), name: z.string(), displayAs: z.string() })),
  languages: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
});
export type CandidateForm = z.infer<typeof candidateFormOutput>;

// --- the detail page --------------------------------------------------------------------------

export const CERTIFICATE_TYPES = ["kace", "multicare"] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];
/** kace covers tests passed in the last 5 years; multicare tests on or after this day (spec §9). */
export const KACE_YEARS = 5;
export const MULTICARE_FROM = "2025-01-01";

export const candidateCertificate = z.object({
  type: z.enum(CERTIFICATE_TYPES),
  /** The earliest test day the certificate covers (the download's min_test_date). */
  minTestDate: z.string(),
  tests: z.array(z.object({ candidateTestId: z.number().int(), description: z.string(), date: z.string(), score: z.string() })),
});
export type CandidateCertificate = z.infer<typeof candidateCertificate>;

export const candidateDetail = z.object({
  id: z.number().int(),
  displayAs: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  employeeId: z.string(),
  emailAddress: z.string(),
  office: option.nullable(),
  notes: z.string(),
  adjustments: z.boolean(),
  languageId: z.number().int(),
  phoneNumber: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  timeZoneId: z.number().int(),
  healthCareRole: option.nullable(),
  healthCareSpecialty: option.nullable(),
  /** Shown only for accounts with the medical option / the proctor service. */
  includeHealthCareRoles: z.boolean(),
  usesProctorService: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The candidate has a sign-in, and has chosen a password. */
  hasUser: z.boolean(),
  isActivated: z.boolean(),
  /** Open tests (not started, not expired) the notify mail would list. */
  openTests: z.number().int(),
  /** A test is in progress: the candidate cannot be deleted now. */
  testInProgress: z.boolean(),
  certificates: z.array(candidateCertificate),
});
export type CandidateDetail = z.infer<typeof candidateDetail>;

const done = z.object({ success: z.boolean(), message: z.string() });

export const candidateRoutes = {
  search: defineRoute({
    method: "POST",
    path: "/api/candidates/search",
    input: z.object({ query: searchQueryText, page: pageNumber }),
    output: candidateSearchOutput,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "Candidates matching a search of the query language, 20 a page (spec §5); office users see their office's",
  }),
  download: defineRoute({
    method: "GET",
    path: "/api/candidates/download",
    input: z.object({ query: searchQueryText }),
    output: z.string().describe("candidates.csv (text/csv), streamed"),
    access: "candidates",
    failure: "generic",
    summary: "Every candidate matching the query as candidates.csv, streamed",
  }),
  form: defineRoute({
    method: "GET",
    path: "/api/candidates/form",
    input: z.object({ id: optionalRecordId(candidateMessages.badId) }),
    output: candidateFormOutput,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "The candidate form: the saved values (with id) or a new form, and the page data of spec §3",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/candidates/edit",
    input: candidateEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "candidates",
    failure: "genericSaveFailure",
    summary: "Create (no id) or update a candidate; 400 with the spec's message and every problem in issues",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/candidates/:id",
    params: z.object({ id: candidateId }),
    input: z.object({}),
    output: candidateDetail,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "One candidate for the detail page: profile, sign-in state, certificates",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/candidates/delete",
    input: z.object({ id: candidateId }),
    output: done,
    access: "candidates",
    failure: "generic",
    summary: "Delete a candidate (kept for history, no longer listed); refused while a test is in progress",
  }),
  notify: defineRoute({
    method: "POST",
    path: "/api/candidates/notify",
    input: z.object({ id: candidateId }),
    output: done,
    access: "candidates",
    failure: "generic",
    summary: "Email the candidate their open tests with access codes (a mail job)",
  }),
  activate: defineRoute({
    method: "POST",
    path: "/api/candidates/activate",
    input: z.object({ id: candidateId }),
    output: done,
    access: "candidates",
    failure: "generic",
    summary: "Give the candidate a sign-in and email them a link to set their password",
  }),
} as const;
