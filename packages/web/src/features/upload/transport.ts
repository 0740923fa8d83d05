import { uploadRoutes, type TemplateType, type UploadConfirmation, type UploadPreview, type UploadProgress } from "@parlance/contract";
import { callWithProgress, hrefOf, type SendProgress } from "../../api/client";

/** What the page shows while a request runs: the file going up, then the server's own progress. */
export type Progress = SendProgress | UploadProgress;

export const PREVIEW_ROUTE = { upload: uploadRoutes.preview, changes: uploadRoutes.changesPreview } as const;

/** Sends the options (first) and the file to a preview route. */
export function previewFile(kind: keyof typeof PREVIEW_ROUTE, fields: Record<string, string>, file: File, onProgress: (p: Progress) => void, signal?: AbortSignal) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return callWithProgress<(typeof PREVIEW_ROUTE)[typeof kind], UploadProgress>(PREVIEW_ROUTE[kind], {}, undefined, { formData: form, onProgress, signal });
}

/** Imports a previewed upload. */
export function confirmUpload(data: string, onProgress: (p: Progress) => void) {
  return callWithProgress<typeof uploadRoutes.confirm, UploadProgress>(uploadRoutes.confirm, { data }, undefined, { onProgress });
}

export const templateHref = (type: TemplateType) => hrefOf(uploadRoutes.downloadTemplate, undefined, { template_type: type });
export const assignmentsHref = (data: string) => hrefOf(uploadRoutes.downloadAssignments, undefined, { data });

/** The last preview and confirmation of this tab, between the three screens (they are too large for the URL). */
export const uploadState: { preview: UploadPreview | null; confirmation: UploadConfirmation | null } = { preview: null, confirmation: null };
