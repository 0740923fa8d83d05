import { CANDIDATE_LANGUAGES, CANDIDATE_TEXT_MAX, DEFAULT_TIME_ZONE_ID, TIME_ZONES, US_REGIONS } from "./reference.js";

/**
 * The candidate form (client spec §3, §5): its fields, its messages and its rules, shared by the
 * server (which decides) and the screen (which shows the same messages before sending).
 */

/** The text fields of the form, each at most CANDIDATE_TEXT_MAX characters. */
export const CANDIDATE_TEXT_FIELDS = [
  "firstName",
  "middleName",
  "lastName",
  "employeeId",
  "emailAddress",
  "challengeQuestion",
  "challengeAnswer",
  "clientNotes",
  "phoneNumber",
  "streetAddress",
  "city",
  "state",
  "postalCode",
] as const;
export type CandidateTextField = (typeof CANDIDATE_TEXT_FIELDS)[number];

/** What a person reads as the field's name, in the server's English messages. */
export const CANDIDATE_FIELD_LABELS: Record<CandidateTextField, string> = {
  firstName: "First name",
  middleName: "Middle name",
  lastName: "Last name",
  employeeId: "Employee ID",
  emailAddress: "Email address",
  challengeQuestion: "Challenge question",
  challengeAnswer: "Challenge answer",
  clientNotes: "Notes",
  phoneNumber: "Phone number",
  streetAddress: "Street address",
  city: "City",
  state: "State",
  postalCode: "Postal code",
};

const tooLong = Object.fromEntries(
  CANDIDATE_TEXT_FIELDS.map((f) => [`${f}TooLong`, `${CANDIDATE_FIELD_LABELS[f]} must be at most ${CANDIDATE_TEXT_MAX} characters.`]),
) as Record<`${CandidateTextField}TooLong`, string>;

/**
 * Every message of the candidate routes, word for word (the first seven are the spec's). The
 * server sends each with the i18n key `candidates.messages.<name>`.
 */
export const candidateMessages = {
  firstNameRequired: "Please provide a first name.",
  lastNameRequired: "Please provide a last name.",
  emailRequired: "Please include an email address",
  languageRequired: "Please include a preferred language",
  officeRequired: "Please select an office",
  roleRequired: "Please select a health care role.",
  roleAndSpecialtyRequired: "Please select a health care role and specialty.",
  emailInvalid: "Please enter a valid email address, such as name@example.com.",
  phoneRequired: "Please provide a phone number for proctored tests.",
  phoneInvalid: "Please enter a phone number with at least 7 digits.",
  streetAddressRequired: "Please provide a street address for proctored tests.",
  cityRequired: "Please provide a city for proctored tests.",
  stateRequired: "Please select a state for proctored tests.",
  stateInvalid: "Please select a state from the list.",
  postalCodeRequired: "Please provide a postal code for proctored tests.",
  postalCodeInvalid: "Please enter a ZIP code such as 02110 or 02110-1234.",
  timeZoneInvalid: "Please select a time zone from the list.",
  ...tooLong,
  badId: "The candidate id must be a positive whole number.",
  badField: "The candidate form contains a value of the wrong type.",
  badQuery: "The search must be text.",
  notFound: "That candidate was not found.",
  saved: "The candidate has been saved.",
  deleted: "The candidate was successfully deleted",
  testInProgress: "This candidate cannot be deleted while a test is in progress.",
  noEmail: "This candidate has no email address to send to.",
  noOpenTests: "This candidate has no open tests to be notified about.",
  notified: "The candidate has been emailed their open tests and access codes.",
  activationSent: "The candidate has been emailed a link to set their password.",
  staffEmail: "That email address belongs to a staff account.",
} as const;
export type CandidateMessage = keyof typeof candidateMessages;

/**
 * Whether a candidate needs an email address. The spec makes it a flag; every account requires
 * it today (one place to change when an account may do without).
 */
export const CANDIDATE_EMAIL_REQUIRED_DEFAULT = true;
export function candidateEmailRequired(_account: { id: number }): boolean {
  return CANDIDATE_EMAIL_REQUIRED_DEFAULT;
}

/** The values of the form, after the contract has checked their types. */
export interface CandidateFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  employeeId: string;
  emailAddress: string;
  challengeQuestion: string;
  challengeAnswer: string;
  clientNotes: string;
  adjustments: boolean;
  officeId: number | null;
  phoneNumber: string;
  streetAddress: string;
  city: string;
  state: string;
  postalCode: string;
  timeZoneId: number;
  languageId: number | null;
  healthCareRoleId: number | null;
  healthCareSpecialtyId: number | null;
  /**
   * "This candidate will take proctored tests": with the proctor service, the contact fields
   * (phone, address, city, state, postal code, time zone) are then required (spec §5).
   */
  takesProctoredTests: boolean;
}

/** What the rules depend on: the account's options and who is editing. */
export interface CandidateFormRules {
  requiresEmail: boolean;
  /** The account has offices and the caller may choose one (not office-bound). */
  requiresOffice: boolean;
  /** Offices the caller may choose. */
  officeIds: readonly number[];
  /** The account has the medical option: health care role fields shown and required. */
  includeHealthCareRoles: boolean;
  /** Roles with the ids of their specialties. */
  healthCareRoles: readonly { id: number; specialtyIds: readonly number[] }[];
  /** The account uses the proctor service: the proctoring fields are shown. */
  usesProctorService: boolean;
}

export interface CandidateFormIssue {
  path: keyof CandidateFormValues;
  message: string;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const US_POSTAL_CODE = /^\d{5}(-\d{4})?$/;

/** Every problem of the form, in the order the fields appear; empty when it can be saved. */
export function candidateFormIssues(v: CandidateFormValues, rules: CandidateFormRules): CandidateFormIssue[] {
  const issues: CandidateFormIssue[] = [];
  const add = (path: keyof CandidateFormValues, message: string) => {
    if (!issues.some((i) => i.path === path)) issues.push({ path, message });
  };
  const blank = (s: string) => s.trim() === "";

  if (blank(v.firstName)) add("firstName", candidateMessages.firstNameRequired);
  if (blank(v.lastName)) add("lastName", candidateMessages.lastNameRequired);
  if (blank(v.emailAddress)) {
    if (rules.requiresEmail) add("emailAddress", candidateMessages.emailRequired);
  } else if (!EMAIL_PATTERN.test(v.emailAddress.trim())) {
    add("emailAddress", candidateMessages.emailInvalid);
  }
  if (v.languageId === null || !CANDIDATE_LANGUAGES.some((l) => l.id === v.languageId)) add("languageId", candidateMessages.languageRequired);
  if (rules.requiresOffice && (v.officeId === null || !rules.officeIds.includes(v.officeId))) add("officeId", candidateMessages.officeRequired);

  if (rules.includeHealthCareRoles) {
    const role = rules.healthCareRoles.find((r) => r.id === v.healthCareRoleId);
    if (!role) add("healthCareRoleId", candidateMessages.roleRequired);
    else if (role.specialtyIds.length > 0 && (v.healthCareSpecialtyId === null || !role.specialtyIds.includes(v.healthCareSpecialtyId)))
      add("healthCareSpecialtyId", candidateMessages.roleAndSpecialtyRequired);
  }

  if (rules.usesProctorService) {
    const required = v.takesProctoredTests;
    const digits = v.phoneNumber.replace(/\D/g, "");
    if (blank(v.phoneNumber)) {
      if (required) add("phoneNumber", candidateMessages.phoneRequired);
    } else if (digits.length < 7 || digits.length > 15 || !/^[\d\s()+.-]+$/.test(v.phoneNumber.trim())) {
      add("phoneNumber", candidateMessages.phoneInvalid);
    }
    if (required && blank(v.streetAddress)) add("streetAddress", candidateMessages.streetAddressRequired);
    if (required && blank(v.city)) add("city", candidateMessages.cityRequired);
    if (blank(v.state)) {
      if (required) add("state", candidateMessages.stateRequired);
    } else if (!US_REGIONS.some((r) => r.id === v.state)) {
      add("state", candidateMessages.stateInvalid);
    }
    if (blank(v.postalCode)) {
      if (required) add("postalCode", candidateMessages.postalCodeRequired);
    } else if (!US_POSTAL_CODE.test(v.postalCode.trim())) {
      add("postalCode", candidateMessages.postalCodeInvalid);
    }
  }
  if (!TIME_ZONES.some((z) => z.id === v.timeZoneId)) add("timeZoneId", candidateMessages.timeZoneInvalid);

  for (const f of CANDIDATE_TEXT_FIELDS) {
    if (v[f].length > CANDIDATE_TEXT_MAX) add(f, candidateMessages[`${f}TooLong`]);
  }
  return issues;
}

/** An empty form: Eastern time, English, no office. */
export function emptyCandidateForm(): CandidateFormValues {
  return {
    firstName: "",
    middleName: "",
    lastName: "",
    employeeId: "",
    emailAddress: "",
    challengeQuestion: "",
    challengeAnswer: "",
    clientNotes: "",
    adjustments: false,
    officeId: null,
    phoneNumber: "",
    streetAddress: "",
    city: "",
    state: "",
    postalCode: "",
    timeZoneId: DEFAULT_TIME_ZONE_ID,
    languageId: 140,
    healthCareRoleId: null,
    healthCareSpecialtyId: null,
    takesProctoredTests: false,
  };
}

/** "Last, First Middle": how lists, the detail page and the CSV name a candidate. */
export function candidateDisplayAs(c: { firstName: string; middleName: string; lastName: string }): string {
  const given = [c.firstName, c.middleName].map((s) => s.trim()).filter(Boolean).join(" ");
  return given ? `${c.lastName.trim()}, ${given}` : c.lastName.trim();
}
