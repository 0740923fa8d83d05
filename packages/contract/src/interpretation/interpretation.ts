import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";

/**
 * Interpretation requests (evaluators-results-account.md §2 /interpretation, §3 "Interpretation
 * request", §5 "Interpretation form", §7 submit_request, §8). The form types and skillsets the spec
 * names; "not fully shown" there, so these are the whole list (docs/api.md).
 */
export const INTERPRETATION_FORM_TYPES = ["F2F", "OPI", "VRI", "RSI"] as const;
export type InterpretationFormType = (typeof INTERPRETATION_FORM_TYPES)[number];
/** The interpretation format, asked only for face-to-face. */
export const INTERPRETATION_TYPES = ["Consecutive", "Simultaneous"] as const;
export const INTERPRETATION_SKILLSETS = ["None", "Business", "Education", "Legal", "Medical", "Technical"] as const;
export type InterpretationSkillset = (typeof INTERPRETATION_SKILLSETS)[number];
/** The zones the form offers (spec §3: US Eastern, Central, Mountain, Pacific), Eastern first. */
export const INTERPRETATION_TIME_ZONES = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"] as const;
/** Spec §5: text fields up to 125. */
export const INTERPRETATION_TEXT_MAX = 125;
/** The description: free text, bounded. */
export const INTERPRETATION_DESCRIPTION_MAX = 2000;
/** Where requests are mailed (a fictional example address and 555-01xx number: a deployment sets its own). */
export const INTERPRETATION_DESK = { email: "interpretation@parlance.example", phone: "1-800-555-0181" } as const;
/** Requests one user may send in an hour (a bound on mail to the interpretation desk). */
export const INTERPRETATION_REQUESTS_PER_HOUR = 20;

/** Certification is asked only for these skillsets (spec §5: other than None and Medical). */
export const asksCertification = (skillset: string) => skillset !== "None" && skillset !== "Medical";
/** Address, parking and the format are asked only face to face (spec §5). */
export const isFaceToFace = (formType: string) => formType === "F2F";

/** The 50 US states and DC (spec §9 "State list"). */
export const US_STATE_CODES = [
  "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME", "MD",
  "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD",
  "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
] as const;

export const interpretationMessages = {
  submitted: "Your request has been submitted",
  failed: "Your request could not be submitted.",
  tooLong: `This field can be at most ${INTERPRETATION_TEXT_MAX} characters.`,
  descriptionTooLong: `The description can be at most ${INTERPRETATION_DESCRIPTION_MAX} characters.`,
  timeZoneRequired: "Please choose the time zone of an over-the-phone assignment.",
  formatRequired: "Please choose Consecutive or Simultaneous.",
  addressRequired: "Please give the address of a face-to-face assignment.",
  badZip: "Please enter a 5-digit ZIP code (or ZIP+4).",
  tooMany: "You have sent many requests in the last hour. Please call the interpretation desk.",
} as const;
export type InterpretationMessage = keyof typeof interpretationMessages;

const m = interpretationMessages;
const text = (max = INTERPRETATION_TEXT_MAX, tooLong: string = m.tooLong) => z.string({ error: specMessages.requiredFieldMissing }).trim().max(max, tooLong);
const required = () => text().min(1, specMessages.requiredFieldMissing);
const optional = (max?: number, tooLong?: string) => text(max, tooLong).default("");
const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on", ""])]).transform((v) => v === true || v === "true" || v === "1" || v === "on").default(false);

/**
 * Spec §7's payload. `key` is the form's own random key: sending the same key twice (a double
 * click, a retry after a lost answer) stores and mails the request once. Fields a form type does
 * not ask for (the address away from face-to-face, the format, certification for None and
 * Medical) are dropped, whatever was sent. `is_certification_required` is our name for §3's
 * "certification required" (§7 does not list it).
 */
export const interpretationRequestInput = z
  .object({
    key: z.string({ error: specMessages.requiredFieldMissing }).regex(/^[A-Za-z0-9_-]{16,64}$/, specMessages.requiredFieldMissing),
    form_type: z.enum(INTERPRETATION_FORM_TYPES, { error: specMessages.requiredFieldMissing }),
    interpretation_type: z.union([z.enum(INTERPRETATION_TYPES), z.literal("")]).default(""),
    requested_languages: required(),
    assignment_dates: required(),
    assignment_times: required(),
    assignment_time_zone: z.union([z.enum(INTERPRETATION_TIME_ZONES), z.literal("")]).default(""),
    assignment_address_street1: optional(),
    assignment_address_street2: optional(),
    assignment_address_city: optional(),
    assignment_address_state: z.union([z.enum(US_STATE_CODES), z.literal("")]).default(""),
    assignment_address_zip: optional(),
    assignment_duration: required(),
    skillset_required: z.enum(INTERPRETATION_SKILLSETS, { error: specMessages.requiredFieldMissing }).default("None"),
    is_certification_required: flag,
    is_equipment_required: flag,
    limited_english_speaker_name: optional(),
    is_parking_available: flag,
    is_televised_or_video_taped: flag,
    assignment_description: optional(INTERPRETATION_DESCRIPTION_MAX, m.descriptionTooLong),
    onsite_contact_name: optional(),
    onsite_contact_cell: optional(),
    backup_onsite_contact_name: optional(),
    backup_onsite_contact_cell: optional(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.form_type === "OPI" && !v.assignment_time_zone) issue("assignment_time_zone", m.timeZoneRequired);
    if (isFaceToFace(v.form_type)) {
      if (!v.interpretation_type) issue("interpretation_type", m.formatRequired);
      for (const f of ["assignment_address_street1", "assignment_address_city", "assignment_address_state", "assignment_address_zip"] as const) if (!v[f]) issue(f, m.addressRequired);
      if (v.assignment_address_zip && !/^\d{5}(-\d{4})?$/.test(v.assignment_address_zip)) issue("assignment_address_zip", m.badZip);
    }
  })
  .transform((v) => {
    const f2f = isFaceToFace(v.form_type);
    return {
      ...v,
      interpretation_type: f2f ? v.interpretation_type : "",
      assignment_address_street1: f2f ? v.assignment_address_street1 : "",
      assignment_address_street2: f2f ? v.assignment_address_street2 : "",
      assignment_address_city: f2f ? v.assignment_address_city : "",
      assignment_address_state: f2f ? v.assignment_address_state : "",
      assignment_address_zip: f2f ? v.assignment_address_zip : "",
      is_parking_available: f2f && v.is_parking_available,
      is_certification_required: asksCertification(v.skillset_required) && v.is_certification_required,
    };
  });
export type InterpretationRequestInput = z.input<typeof interpretationRequestInput>;
export type InterpretationRequest = z.output<typeof interpretationRequestInput>;

export const interpretationRoutes = {
  submitRequest: defineRoute({
    method: "POST",
    path: "/api/interpretation_requests/submit_request",
    input: interpretationRequestInput,
    output: z.object({ success: z.literal(true), message: z.string() }),
    access: "interpretation",
    failure: "interpretationFailure",
    summary: "Stores an interpretation request of the caller's account and mails it to the interpretation desk (once per form key)",
  }),
} as const;
