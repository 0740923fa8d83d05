import fs from "node:fs/promises";
import { createWriteStream } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { CONTENT_FILE_MAX_BYTES, CONTENT_UPLOAD_MAX_FILES, QTI_PACKAGE_MAX_BYTES, backofficeContentMessages, type BackofficeContentMessage } from "@parlance/contract";
import { HttpError } from "../../http/errors.js";

/** An error whose text is one of our content messages, sent with its i18n key. */
export const contentError = (status: number, name: BackofficeContentMessage, values?: Record<string, string | number>) =>
  new HttpError(status, fill(backofficeContentMessages[name], values), `boContent.messages.${name}`, values);

/** A message template with its {{placeholders}} filled in. */
export const fill = (template: string, values: Record<string, string | number> = {}) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));

/** One uploaded file, written to the upload's own folder. */
export interface UploadedFile {
  field: "content" | "media";
  /** The name the browser gave (no folders). */
  name: string;
  path: string;
}

export interface ContentUpload {
  dir: string;
  content: UploadedFile;
  media: UploadedFile[];
  /** Removes the upload's folder. */
  cleanup(): Promise<void>;
}

/** The name a browser sent, without any folder it may claim (a name is never a path here). */
const baseName = (name: string) => path.posix.basename(name.replace(/\\/g, "/")).slice(0, 200) || "file";

function limitError(err: unknown): HttpError | null {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return contentError(413, "tooLarge");
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") return contentError(413, "tooManyFiles");
  return null;
}

/**
 * Reads a content upload (multipart: one part `content`, the .json file, and parts `media`) into a
 * folder of its own under the system's temporary folder, each file streamed to disk (never whole in
 * memory) and refused past CONTENT_FILE_MAX_BYTES. The caller removes the folder (cleanup).
 */
export async function readContentUpload(req: FastifyRequest): Promise<ContentUpload> {
  if (!req.isMultipart()) throw contentError(400, "noFile");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parlance-content-"));
  const cleanup = () => fs.rm(dir, { recursive: true, force: true });
  const files: UploadedFile[] = [];
  try {
    // A QTI package (.zip, with its media) may be larger than a content file; each is held to its own limit below.
    const parts = req.parts({ limits: { fileSize: QTI_PACKAGE_MAX_BYTES, files: CONTENT_UPLOAD_MAX_FILES, fields: 5, parts: CONTENT_UPLOAD_MAX_FILES + 5 } });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      const target = path.join(dir, `upload-${files.length}`);
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw contentError(413, "tooLarge");
      const isPackage = part.fieldname === "content" && part.filename.toLowerCase().endsWith(".zip");
      if (!isPackage && (await fs.stat(target)).size > CONTENT_FILE_MAX_BYTES) throw contentError(413, "tooLarge");
      // Parts of other names are read (the body must be drained) and dropped.
      if (part.fieldname === "content" || part.fieldname === "media") files.push({ field: part.fieldname, name: baseName(part.filename), path: target });
    }
  } catch (err) {
    await cleanup();
    if (err instanceof HttpError) throw err;
    const limit = limitError(err);
    if (limit) throw limit;
    throw contentError(400, "noFile");
  }
  const contents = files.filter((f) => f.field === "content");
  if (contents.length !== 1) {
    await cleanup();
    throw contents.length === 0 ? contentError(400, "noFile") : contentError(400, "twoContentFiles");
  }
  if (!/\.(json|zip)$/i.test(contents[0].name)) {
    await cleanup();
    throw contentError(400, "notJson");
  }
  return { dir, content: contents[0], media: files.filter((f) => f.field === "media"), cleanup };
}
