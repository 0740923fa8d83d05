import { z } from "zod";
import { defineRoute } from "../route.js";
import { PREVIEW_LISTS, TEMPLATE_TYPES, previewPage, uploadConfirmation, uploadKey, uploadMessages, uploadPreview, uploadState } from "./upload.js";

/**
 * The bulk upload routes (client spec §2, §7: "multipart form post to /testing/candidates/preview").
 * The two previews read a multipart body (the options as fields first, then one file); their
 * input here is empty because the options come as form fields (uploadOptions). With
 * `Accept: application/x-ndjson` the previews and confirm stream progress lines before the answer.
 */
export const uploadRoutes = {
  preview: defineRoute({
    method: "POST",
    path: "/testing/candidates/preview",
    input: z.object({}),
    output: uploadPreview,
    access: "candidates",
    failure: "generic",
    summary: "Checks an uploaded .csv or .xlsx of candidates and tests (multipart: options, then file) and returns the preview",
  }),
  changesPreview: defineRoute({
    method: "POST",
    path: "/testing/candidates/changes",
    input: z.object({}),
    output: uploadPreview,
    access: "candidates",
    failure: "generic",
    summary: "Checks an uploaded file of changes to existing candidates (multipart) and returns the preview",
  }),
  previewPage: defineRoute({
    method: "GET",
    path: "/testing/candidates/preview_page",
    input: z.object({ data: uploadKey, list: z.enum(PREVIEW_LISTS), page: z.coerce.number().int().min(1).max(100_000) }),
    output: previewPage,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "A page of a previewed upload's assignments, errors or warnings (the preview answers the first of each)",
  }),
  state: defineRoute({
    method: "GET",
    path: "/testing/candidates/upload_state",
    input: z.object({ data: uploadKey }),
    output: uploadState,
    access: "candidates",
    failure: "listLoadFailure",
    summary: "A previewed upload's preview, or an imported one's confirmation, by its key (the preview and confirm pages after a reload)",
  }),
  confirm: defineRoute({
    method: "POST",
    path: "/testing/candidates/confirm",
    input: z.object({ data: uploadKey }),
    output: uploadConfirmation,
    access: "candidates",
    failure: "generic",
    summary: "Imports the valid rows of a previewed upload in one transaction",
  }),
  downloadAssignments: defineRoute({
    method: "GET",
    path: "/testing/candidates/download_assignments",
    input: z.object({ data: uploadKey }),
    output: z.unknown(),
    access: "candidates",
    failure: "generic",
    summary: "assignments.xlsx: every test an imported upload assigned, with its access code",
  }),
  downloadTemplate: defineRoute({
    method: "GET",
    path: "/testing/candidates/download_test_template",
    input: z.object({ template_type: z.enum(TEMPLATE_TYPES, { error: uploadMessages.badTemplateType }) }),
    output: z.unknown(),
    access: "candidates",
    failure: "generic",
    summary: "An empty upload template (.xlsx) of the given type",
  }),
};
