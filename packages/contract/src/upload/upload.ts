import { z } from "zod";

/**
 * Bulk upload of candidates and tests (client spec §2 Bulk upload, §3 Upload import, §4 Upload,
 * §5 Bulk upload, §9 template types): the columns of each template, the options of an upload,
 * the preview and the confirmation, and every message word for word.
 */

export const TEMPLATE_TYPES = ["medical", "regular_with_roles", "regular_without_roles"] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** The largest file an upload takes; the server refuses a bigger one with 413. */
export const UPLOAD_FILE_MAX_MB = 20;
/** Most data rows one file may have. */
export const UPLOAD_MAX_ROWS = 100_000;
/** Longest cell any column takes (spec §5: text fields max 125). */
export const UPLOAD_CELL_MAX = 125;
/** Widest row a file may have: a template has 17 columns at most (issue 24: a row of millions of cells is refused). */
export const UPLOAD_MAX_COLUMNS = 64;
/** Most cells a file may hold: 100,000 rows of the widest template are 1.7 million. */
export const UPLOAD_MAX_CELLS = 2_500_000;

/** A column of a file: the field it fills and the header a template writes (headers are matched without case, spaces or underscores). */
export const UPLOAD_COLUMNS = {
  candidateId: "Candidate ID",
  lastName: "Last Name",
  firstName: "First Name",
  middleName: "Middle Name",
  emailAddress: "Email",
  employeeId: "Employee ID",
  office: "Office",
  language: "Preferred Language",
  testGroup: "Test Group",
  test: "Test",
  method: "Method",
  testLanguage: "Test Language",
  healthcareRole: "Health Care Role",
  healthcareSpecialty: "Health Care Specialty",
  clientNotes: "Notes",
  challengeQuestion: "Challenge Question",
  challengeAnswer: "Challenge Answer",
  adjustments: "Adjustments",
} as const;
export type UploadField = keyof typeof UPLOAD_COLUMNS;

/** Other headers a person may write for a column. */
export const UPLOAD_HEADER_ALIASES: Record<string, UploadField> = {
  id: "candidateId",
  email: "emailAddress",
  emailaddress: "emailAddress",
  employee: "employeeId",
  notes: "clientNotes",
  clientnotes: "clientNotes",
  package: "testGroup",
  testpackage: "testGroup",
  healthcarerole: "healthcareRole",
  role: "healthcareRole",
  specialty: "healthcareSpecialty",
  healthcarespecialty: "healthcareSpecialty",
  language: "language",
  preferredlanguage: "language",
};

const common: UploadField[] = ["lastName", "firstName", "middleName", "emailAddress", "employeeId", "office", "language"];
const tail: UploadField[] = ["clientNotes", "challengeQuestion", "challengeAnswer", "adjustments"];

/** The columns of each template, in order (the changes file names the candidate by Candidate ID). */
export const TEMPLATE_COLUMNS: Record<TemplateType | "changes", UploadField[]> = {
  regular_without_roles: [...common, "testGroup", "test", "method", ...tail],
  regular_with_roles: [...common, "healthcareRole", "healthcareSpecialty", "testGroup", "test", "method", ...tail],
  medical: [...common, "testLanguage", "healthcareRole", "healthcareSpecialty", "testGroup", "test", "method", ...tail],
  changes: ["candidateId", ...common, "healthcareRole", "healthcareSpecialty", ...tail],
};

/** Methods a row may name (spec §5: IVR, live or video; online and paper are the tests' own). */
export const UPLOAD_METHODS = { ivr: "ivr", live: "live", video: "video", online: "online", paper: "paper" } as const;

export const uploadMessages = {
  mustHaveOneId: "Must have exactly one ID",
  badTemplateType: "Please choose a template type: medical, regular_with_roles or regular_without_roles.",
  noFile: "Please choose a .csv or .xlsx file to upload.",
  wrongType: "Only .csv and .xlsx files can be uploaded.",
  notXlsx: "The file is not a readable .xlsx workbook.",
  notCsv: "The file is not a readable CSV text file.",
  tooLarge: `The file is larger than ${UPLOAD_FILE_MAX_MB} MB. Please split it into smaller files.`,
  tooLargeUnpacked: "The workbook unpacks to more data than an upload may hold. Please save it again or split it.",
  tooWide: `A row of the file has more than ${UPLOAD_MAX_COLUMNS} columns. Please keep only the template's columns.`,
  tooManyCells: `The file has more than ${UPLOAD_MAX_CELLS.toLocaleString("en-US")} cells. Please split it.`,
  tooSlow: "The file takes too long to read. Please save it again or split it.",
  busy: "The server is reading other uploads. Please try again in a minute.",
  empty: "The file is empty.",
  noHeader: "The first row must name the columns (Last Name, First Name, …). Please start from a template.",
  noRows: "The file has no rows below its header.",
  tooManyRows: `The file has more than ${UPLOAD_MAX_ROWS.toLocaleString("en-US")} rows. Please split it.`,
  medicalAcknowledgement: "Please tick both medical upload acknowledgements (override_medical_upload and medical_pricing_acknowledgement).",
  prepayAccount: "Prepay accounts do not assign tests.",
  notFound: "That upload was not found. Please upload the file again.",
  alreadyConfirmed: "This upload has already been imported.",
  nothingToImport: "No row can be imported. Please correct the file and upload it again.",
  cellTooLong: `{column} must be at most ${UPLOAD_CELL_MAX} characters.`,
  officeNotFound: "Office '{value}' was not found.",
  officeClosed: "Office '{value}' is closed and takes no new tests.",
  testNotFound: "Test '{value}' was not found.",
  testAmbiguous: "Test '{value}' is given in several methods; please name the method.",
  groupNotFound: "Test group '{value}' was not found.",
  methodInvalid: "Method must be IVR, Live or Video.",
  methodMismatch: "Test '{value}' is not given by that method.",
  emailRequiredLiveVideo: "An email address is needed for live and video tests.",
  languageInvalid: "Preferred language must be English, Chinese (Simplified) or Chinese (Traditional).",
  testLanguageRequired: "Please give the test language.",
  testLanguageInvalid: "Test language '{value}' was not found.",
  roleNotFound: "Health care role '{value}' was not found.",
  specialtyNotFound: "Health care specialty '{value}' was not found for that role.",
  adjustmentsInvalid: "Adjustments must be Yes or No.",
  emailNotUsable: "This email address cannot be used for a candidate.",
  candidateNotFound: "Candidate '{value}' was not found.",
  candidateIdRequired: "Please give the Candidate ID or the email of an existing candidate.",
  existingCandidate: "An existing candidate with this email is given the test; their details are not changed.",
  noEmailNotified: "No email address: this candidate will not be notified.",
  rolesIgnored: "Health care roles are not used by this account and are ignored.",
  notRecommended: "Test '{value}' is not a recommended medical test.",
  duplicateCandidate: "This candidate appears on an earlier row too.",
  notAllowed: "{message}",
  imported: "The upload has been imported.",
} as const;
export type UploadMessage = keyof typeof uploadMessages;

/** A message with its values filled in ({column}, {value}, {message}). */
export function uploadMessage(name: UploadMessage, values: Record<string, string> = {}): string {
  return uploadMessages[name].replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");
}

const flag = z
  .union([z.boolean(), z.enum(["true", "false", "on", "off", "1", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on" || v === "1");

/** The form fields sent with the file (spec §3 Upload import, §5 medical acknowledgements). */
export const uploadOptions = z.object({
  template_type: z.enum(TEMPLATE_TYPES, { error: uploadMessages.badTemplateType }).optional().default("regular_without_roles"),
  notify_candidates: flag,
  create_group: flag,
  use_medical_selection: flag,
  override_medical_upload: flag,
  medical_pricing_acknowledgement: flag,
});
export type UploadOptions = z.output<typeof uploadOptions>;

/** A row's problem: `msg` as 'Row N: message' in English, with the message's i18n key and values for the screens. */
export const rowMessage = z.object({
  row: z.number().int(),
  msg: z.string(),
  messageKey: z.string().optional(),
  values: z.record(z.string(), z.string()).optional(),
});
export type RowMessage = z.infer<typeof rowMessage>;

/** One row the preview will import (spec §3 preview assignments). */
export const previewAssignment = z.object({
  row: z.number().int(),
  lastName: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  emailAddress: z.string(),
  employeeId: z.string(),
  office: z.string(),
  language: z.string(),
  test: z.string(),
  testGroup: z.string(),
  method: z.string(),
  preferredMethod: z.string(),
  healthcareRole: z.string(),
  clientNotes: z.string(),
  challengeQuestion: z.string(),
  challengeAnswer: z.string(),
  adjustments: z.boolean(),
  /** The row names a candidate already in the account (matched by email or Candidate ID). */
  existing: z.boolean(),
});
export type PreviewAssignment = z.infer<typeof previewAssignment>;

export const uploadKind = z.enum(["upload", "changes"]);
export type UploadKind = z.infer<typeof uploadKind>;

/** Entries of a list (assignments, errors, warnings) the preview answers and each page of it holds. */
export const PREVIEW_PAGE_SIZE = 50;

/**
 * The preview (spec §3): `data` is the upload's key, which confirm takes back. `assignments`,
 * `errors` and `warnings` hold the first PREVIEW_PAGE_SIZE of each list (the whole list of a
 * smaller file); `totalValid`, `totalErrors` and `totalWarnings` count each, and
 * `/testing/candidates/preview_page` answers the other pages.
 */
export const uploadPreview = z.object({
  kind: uploadKind,
  data: z.string(),
  isExcel: z.boolean(),
  templateType: z.enum(TEMPLATE_TYPES),
  useMedicalSelection: z.boolean(),
  notifyCandidates: z.boolean(),
  createGroup: z.boolean(),
  assignments: z.array(previewAssignment),
  errors: z.array(rowMessage),
  warnings: z.array(rowMessage),
  totalAssignments: z.number().int(),
  totalRows: z.number().int(),
  totalValid: z.number().int(),
  totalErrors: z.number().int(),
  totalWarnings: z.number().int(),
});
export type UploadPreview = z.infer<typeof uploadPreview>;

export const PREVIEW_LISTS = ["assignments", "errors", "warnings"] as const;
export type PreviewList = (typeof PREVIEW_LISTS)[number];

/** A page of one list of a preview (page 1 is the one the preview answered). */
export const previewPage = z.object({
  list: z.enum(PREVIEW_LISTS),
  page: z.number().int(),
  total: z.number().int(),
  assignments: z.array(previewAssignment),
  messages: z.array(rowMessage),
});
export type PreviewPage = z.infer<typeof previewPage>;

/** The confirmation (spec §3): assignments made, candidates notified, the group and its size. */
export const uploadConfirmation = z.object({
  kind: uploadKind,
  data: z.string(),
  assignments: z.number().int(),
  candidatesNotified: z.number().int(),
  candidatesCreated: z.number().int(),
  candidatesUpdated: z.number().int(),
  /** The first PREVIEW_PAGE_SIZE rows' errors (rows not imported); totalErrors counts them all. */
  errors: z.array(rowMessage),
  totalErrors: z.number().int(),
  groupKey: z.string().nullable(),
  size: z.number().int(),
});
export type UploadConfirmation = z.infer<typeof uploadConfirmation>;

/** An upload by its key: its preview while it waits for confirm, its confirmation once imported (the other null). */
export const uploadState = z.object({ preview: uploadPreview.nullable(), confirmation: uploadConfirmation.nullable() });
export type UploadState = z.infer<typeof uploadState>;

export const uploadKey = z.string({ error: uploadMessages.notFound }).regex(/^[a-f0-9]{32}$/, { error: uploadMessages.notFound });

/** A progress line of a streamed answer (Accept: application/x-ndjson). */
export interface UploadProgress {
  phase: "reading" | "checking" | "importing";
  done: number;
  total: number;
}

/** The file the confirmation offers: every assignment of the upload with its access code. */
export const ASSIGNMENTS_FILE_NAME = "assignments.xlsx";
export const ASSIGNMENTS_COLUMNS = ["Row", "Candidate ID", "Last Name", "First Name", "Email", "Employee ID", "Office", "Test", "Method", "Access Code", "Expires"] as const;
