import { z } from "zod";
import { defineRoute } from "../route.js";
import { specMessages } from "../common/errors.js";
import { flag, optionalRecordId, pageNumber, recordId } from "./fields.js";

export const OFFICE_NAME_MAX = 30;

/**
 * What the office routes answer, word for word. The server sends each with the i18n key
 * `offices.messages.<name>`; the web translates by that key.
 */
export const officeMessages = {
  saved: "The office has been saved.",
  deleted: "The office has been deleted.",
  nameTooLong: `Office Name must be at most ${OFFICE_NAME_MAX} characters.`,
  nameTaken: "An office with this name already exists.",
  hasHistory: "This office cannot be deleted because it has historical data (users or tests).",
  badId: "The office id must be a positive whole number.",
  notFound: "That office was not found.",
} as const;
export type OfficeMessage = keyof typeof officeMessages;

export const officeId = recordId(officeMessages.badId);

export const officeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Testing users (office users and office administrators) of the office. */
  users: z.number().int(),
  /** Tests assigned to candidates of the office. */
  tests: z.number().int(),
  is_invoiced: z.boolean(),
  /** Closed by the provider: it keeps its history and takes no new tests (not in the spec's list; issue 23). */
  is_closed: z.boolean(),
});
export type OfficeRow = z.infer<typeof officeRow>;

export const officeDetail = officeRow.extend({
  /** The caller may rename the office and set Billed Individually. */
  canEdit: z.boolean(),
  /** The caller may delete offices and this one has no historical data. */
  canDelete: z.boolean(),
});
export type OfficeDetail = z.infer<typeof officeDetail>;

export const officeEditInput = z.object({
  /** Absent (or null/0) creates an office. */
  id: optionalRecordId(officeMessages.badId),
  name: z
    .string({ error: specMessages.requiredFieldMissing })
    .trim()
    .min(1, specMessages.requiredFieldMissing)
    .max(OFFICE_NAME_MAX, officeMessages.nameTooLong),
  /** Billed Individually. Absent keeps the saved value (false for a new office). */
  is_invoiced: flag("is_invoiced").optional(),
});
export type OfficeEditInput = z.input<typeof officeEditInput>;

export const officeListOutput = z.object({
  offices: z.array(officeRow),
  itemCount: z.number().int(),
  pageCount: z.number().int(),
});
export type OfficeList = z.infer<typeof officeListOutput>;

export const officeRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/offices/list",
    input: z.object({ page: pageNumber }),
    output: officeListOutput,
    access: "offices",
    failure: "listLoadFailure",
    summary: "Offices of the caller's account, 20 a page by name (an office administrator sees their own office)",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/offices/:id",
    params: z.object({ id: officeId }),
    input: z.object({}),
    output: officeDetail,
    access: "offices",
    failure: "listLoadFailure",
    summary: "One office with its counts and what the caller may do with it (office detail page)",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/offices/edit",
    input: officeEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "offices",
    failure: "genericSaveFailure",
    summary: "Create an office (without id; account administrators) or rename it and set Billed Individually",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/offices/delete",
    input: z.object({ id: officeId }),
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "manageOffices",
    failure: "generic",
    summary: "Delete an office that has no historical data (422 otherwise)",
  }),
} as const;
