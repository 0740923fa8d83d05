import type { FastifyReply, FastifyRequest } from "fastify";
import { TEMPLATE_COLUMNS, type UploadKind, type UploadProgress, type uploadRoutes } from "@parlance/contract";
import type { Scope } from "../auth/scope.js";
import { BUSY_RETRY_SECONDS, ParseSlots } from "./parse-slots.js";
import type { AppContext } from "../context.js";
import type { AreaHandlers } from "../http/implement-area.js";
import { HttpError } from "../http/errors.js";
import { ValidationError } from "../http/validation.js";
import { confirmUpload, previewPageOf, previewUpload, uploadAssignments, uploadStateOf, uploadError, type UploadedFile } from "./service.js";
import { assignmentsWorkbook, templateWorkbook } from "./downloads.js";
import { XLSX_TYPE } from "../http/spreadsheet.js";

/** The one file of a multipart upload and the fields sent before it; too large answers 413. */
async function readUpload(req: FastifyRequest): Promise<UploadedFile> {
  if (!req.isMultipart()) throw uploadError(400, "noFile");
  let part;
  try {
    part = await req.file();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw uploadError(413, "tooLarge");
    throw uploadError(400, "noFile");
  }
  if (!part) throw uploadError(400, "noFile");
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && one.type === "field") fields[name] = String(one.value);
  }
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw uploadError(413, "tooLarge");
    throw uploadError(400, "noFile");
  }
  return { filename: part.filename, buffer, fields };
}

/**
 * With `Accept: application/x-ndjson` the answer is a stream of lines — `{"progress": {phase,
 * done, total}}` as the work goes, then `{"result": …}` or `{"error": {status, message,
 * messageKey}}` — so a page shows a 10,000-row file being read, checked and imported. Without it,
 * the plain JSON answer (and its status) of any other route.
 */
async function streamed<T>(req: FastifyRequest, reply: FastifyReply, work: (progress: (p: UploadProgress) => void) => Promise<T>): Promise<T> {
  if (!(req.headers.accept ?? "").includes("application/x-ndjson")) return work(() => {});
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" });
  const line = (value: unknown) => raw.write(`${JSON.stringify(value)}\n`);
  let last = 0;
  try {
    const result = await work((progress) => {
      const now = Date.now();
      if (now - last < 100 && progress.done < progress.total) return;
      last = now;
      line({ progress });
    });
    line({ result });
  } catch (err) {
    if (err instanceof ValidationError) line({ error: { status: 400, message: err.message } });
    else if (err instanceof HttpError) line({ error: { status: err.statusCode, message: err.message, messageKey: err.messageKey } });
    else {
      req.log.error({ err }, "upload failed");
      line({ error: { status: 500, message: "An error occurred.", messageKey: "errors.generic" } });
    }
  }
  raw.end();
  return reply as unknown as T;
}

/** /testing/candidates/{preview,changes,confirm,download_assignments,download_test_template}. */
export const uploadHandlers = (ctx: AppContext): AreaHandlers<typeof uploadRoutes> => {
  const slots = new ParseSlots(ctx.config.uploadReads.slots, ctx.config.uploadReads.queue);
  /** A preview reads its file in one of the server's slots (issue 24); a full queue answers 503 with Retry-After. */
  const preview = async (kind: UploadKind, { scope, req, reply }: { scope: Scope; req: FastifyRequest; reply: FastifyReply }) => {
    const file = await readUpload(req);
    let release: () => void;
    try {
      release = await slots.acquire();
    } catch (err) {
      reply.header("retry-after", String(BUSY_RETRY_SECONDS));
      throw err;
    }
    try {
      return await streamed(req, reply, (progress) => previewUpload(ctx, scope, kind, file, progress));
    } finally {
      release();
    }
  };
  return {
    preview: (args) => preview("upload", args),
    changesPreview: (args) => preview("changes", args),
    previewPage: ({ input, scope }) => previewPageOf(ctx, scope, input.data, input.list, input.page),
    state: ({ input, scope }) => uploadStateOf(ctx, scope, input.data),
    confirm: ({ input, scope, req, reply }) => streamed(req, reply, (progress) => confirmUpload(ctx, scope, input.data, progress)),
    downloadAssignments: async ({ input, scope, reply }) => {
      const { ids, rowOf } = await uploadAssignments(ctx, scope, input.data);
      reply.header("content-type", XLSX_TYPE).header("content-disposition", `attachment; filename="assignments.xlsx"`);
      return reply.send(assignmentsWorkbook(ctx, ids, rowOf));
    },
    downloadTemplate: async ({ input, reply }) => {
      const file = await templateWorkbook(input.template_type);
      const name = input.template_type in TEMPLATE_COLUMNS ? `${input.template_type}_template.xlsx` : "template.xlsx";
      reply.header("content-type", XLSX_TYPE).header("content-disposition", `attachment; filename="${name}"`);
      return reply.send(file);
    },
  };
};
