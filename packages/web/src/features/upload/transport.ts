import type { UploadConfirmation, UploadPreview, UploadProgress } from "@parlance/contract";

/** What the page shows while a request runs: the file going up, then the server's own progress. */
export type Progress = { phase: "uploading"; done: number; total: number } | UploadProgress;

/** A refusal with the server's message (and its i18n key when it sent one). */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly messageKey?: string,
  ) {
    super(message);
  }
}

type Line = { progress?: UploadProgress; result?: unknown; error?: { status: number; message: string; messageKey?: string } };

/**
 * One request with visible progress: XMLHttpRequest reports the upload's bytes, and the answer
 * is read as it streams (application/x-ndjson: progress lines, then the result or an error).
 */
function send<T>(url: string, body: FormData | string, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/x-ndjson");
    if (typeof body === "string") xhr.setRequestHeader("content-type", "application/json");
    let read = 0;
    let settled = false;
    const lines = (): Line[] => {
      const text = xhr.responseText;
      const end = text.lastIndexOf("\n");
      if (end < read) return [];
      const chunk = text.slice(read, end);
      read = end + 1;
      return chunk
        .split("\n")
        .filter(Boolean)
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Line];
          } catch {
            return [];
          }
        });
    };
    const take = () => {
      if (xhr.status !== 200 || !(xhr.getResponseHeader("content-type") ?? "").includes("ndjson")) return;
      for (const line of lines()) {
        if (line.progress) onProgress(line.progress);
        if (line.result !== undefined && !settled) {
          settled = true;
          resolve(line.result as T);
        }
        if (line.error && !settled) {
          settled = true;
          reject(new UploadError(line.error.status, line.error.message, line.error.messageKey));
        }
      }
    };
    xhr.upload.onprogress = (e) => onProgress({ phase: "uploading", done: e.loaded, total: e.lengthComputable ? e.total : e.loaded });
    xhr.onprogress = take;
    xhr.onload = () => {
      take();
      if (settled) return;
      settled = true;
      let message = "";
      let key: string | undefined;
      try {
        const parsed = JSON.parse(xhr.responseText) as { message?: string; messageKey?: string };
        message = parsed.message ?? "";
        key = parsed.messageKey;
      } catch {
        // Not JSON (a proxy's page): the generic message below.
      }
      reject(new UploadError(xhr.status, message, key));
    };
    xhr.onerror = () => !settled && ((settled = true), reject(new UploadError(0, "", "errors.network")));
    xhr.onabort = () => !settled && ((settled = true), reject(new DOMException("Aborted", "AbortError")));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(body);
  });
}

export const PREVIEW_URL = { upload: "/testing/candidates/preview", changes: "/testing/candidates/changes" } as const;

/** Sends the options (first) and the file to a preview route. */
export function previewFile(kind: keyof typeof PREVIEW_URL, fields: Record<string, string>, file: File, onProgress: (p: Progress) => void, signal?: AbortSignal) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return send<UploadPreview>(PREVIEW_URL[kind], form, onProgress, signal);
}

/** Imports a previewed upload. */
export function confirmUpload(data: string, onProgress: (p: Progress) => void) {
  return send<UploadConfirmation>("/testing/candidates/confirm", JSON.stringify({ data }), onProgress);
}

export const templateHref = (type: string) => `/testing/candidates/download_test_template?template_type=${encodeURIComponent(type)}`;
export const assignmentsHref = (data: string) => `/testing/candidates/download_assignments?data=${encodeURIComponent(data)}`;

/** The last preview and confirmation of this tab, between the three screens (they are too large for the URL). */
export const uploadState: { preview: UploadPreview | null; confirmation: UploadConfirmation | null } = { preview: null, confirmation: null };
