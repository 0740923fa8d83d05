import { z } from "zod";
import { defineRoute } from "../route.js";
import { pageInput } from "../common/paging.js";
import { specMessages } from "../common/errors.js";
import { idInput, optionalId } from "../common/ids.js";

export const OFFICE_NAME_MAX = 30;

export const officeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  users: z.number().int(),
  tests: z.number().int(),
  is_invoiced: z.boolean(),
});
export type OfficeRow = z.infer<typeof officeRow>;

export const officeEditInput = z.object({
  id: optionalId,
  name: z
    .string({ error: specMessages.requiredFieldMissing })
    .trim()
    .min(1, specMessages.requiredFieldMissing)
    .max(OFFICE_NAME_MAX, `Office Name must be at most ${OFFICE_NAME_MAX} characters.`),
  is_invoiced: z.boolean({ error: "is_invoiced must be true or false." }).default(false),
});

export const officeRoutes = {
  list: defineRoute({
    method: "POST",
    path: "/api/offices/list",
    input: z.object({ page: pageInput }),
    output: z.object({ offices: z.array(officeRow), itemCount: z.number().int(), pageCount: z.number().int() }),
    access: "offices",
    summary: "Offices of the caller's account (an office administrator sees their own office)",
  }),
  get: defineRoute({
    method: "GET",
    path: "/api/offices/:id",
    params: z.object({ id: z.coerce.number().int().positive() }),
    input: z.object({}),
    output: officeRow.extend({ canDelete: z.boolean(), canEdit: z.boolean() }),
    access: "offices",
    summary: "One office with its counts (for the office detail page)",
  }),
  edit: defineRoute({
    method: "POST",
    path: "/api/offices/edit",
    input: officeEditInput,
    output: z.object({ success: z.boolean(), id: z.number().int(), message: z.string() }),
    access: "offices",
    summary: "Create an office (without id) or rename it and set Billed Individually",
  }),
  delete: defineRoute({
    method: "POST",
    path: "/api/offices/delete",
    input: idInput,
    output: z.object({ success: z.boolean(), message: z.string() }),
    access: "manageOffices",
    summary: "Delete an office that has no historical data",
  }),
} as const;
