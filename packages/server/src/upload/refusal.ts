import { uploadMessages, type UploadMessage } from "@parlance/contract";
import { HttpError } from "../http/errors.js";

/**
 * What a file is refused with: a size past a limit 413, a shape no template has or a file too slow
 * to read 422, the server busy with other files 503, anything else (not a workbook, no header) 400.
 */
const STATUS: Partial<Record<UploadMessage, number>> = { tooLarge: 413, tooLargeUnpacked: 413, tooManyCells: 413, tooWide: 422, tooSlow: 422, busy: 503 };

export const refuse = (name: UploadMessage) => new HttpError(STATUS[name] ?? 400, uploadMessages[name], `upload.messages.${name}`);
