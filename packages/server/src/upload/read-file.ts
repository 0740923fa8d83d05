import { inflateRawSync } from "node:zlib";
import Papa from "papaparse";
import { readSheet } from "read-excel-file/node";
import { UPLOAD_COLUMNS, UPLOAD_HEADER_ALIASES, UPLOAD_MAX_ROWS, uploadMessages, type UploadField } from "@parlance/contract";
import { HttpError, badRequest } from "../http/errors.js";

/** A data row of a file: its number as a spreadsheet counts it (the header is row 1) and its cells by field. */
export interface FileRow {
  row: number;
  values: Partial<Record<UploadField, string>>;
}

/** What a workbook may unpack to at most: a 20 MB upload of text is far below it; a zip bomb is not. */
const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 2_000;

const refuse = (name: keyof typeof uploadMessages) => badRequest(uploadMessages[name], `upload.messages.${name}`);

/**
 * Proves a workbook is a zip that unpacks to a bounded size before any reader inflates it: each
 * entry of the central directory is inflated with a cap (its declared size, and what is left of
 * the total), so a lying or enormous entry stops at the cap instead of filling the memory.
 */
export function assertBoundedZip(buf: Buffer): void {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw refuse("notXlsx");
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse("notXlsx");
  const entries = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (entries > MAX_ENTRIES) throw refuse("tooLargeUnpacked");
  let left = MAX_UNPACKED_BYTES;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw refuse("notXlsx");
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const declared = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (declared > left) throw refuse("tooLargeUnpacked");
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw refuse("notXlsx");
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw refuse("notXlsx");
    if (method === 8) {
      let out: Buffer;
      try {
        out = inflateRawSync(buf.subarray(start, start + compressed), { maxOutputLength: Math.max(1, Math.min(left, declared + 1)) });
      } catch (err) {
        throw (err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? refuse("tooLargeUnpacked") : refuse("notXlsx");
      }
      if (out.length !== declared) throw refuse("notXlsx");
      left -= out.length;
    } else if (method === 0) {
      left -= compressed;
    } else {
      throw refuse("notXlsx");
    }
    if (left < 0) throw refuse("tooLargeUnpacked");
    at += 46 + nameLength + extra + comment;
  }
}

/** A header cell → the field it names (case, spaces, underscores and a trailing '*' ignored). */
const normalise = (h: string) => h.toLowerCase().replace(/[\s_*-]+/g, "");
const HEADER_FIELDS: Record<string, UploadField> = {
  ...Object.fromEntries(Object.entries(UPLOAD_COLUMNS).map(([field, header]) => [normalise(header), field as UploadField])),
  ...UPLOAD_HEADER_ALIASES,
};

/** Rows of cells (the first naming the columns) → the file's rows by field; empty rows skipped. */
export function rowsOf(cells: unknown[][]): FileRow[] {
  const headerAt = cells.findIndex((r) => r.some((c) => cellText(c) !== ""));
  if (headerAt < 0) throw refuse("empty");
  const header = cells[headerAt]!.map((c) => HEADER_FIELDS[normalise(cellText(c))] ?? null);
  if (!header.includes("lastName") && !header.includes("candidateId")) throw refuse("noHeader");
  const out: FileRow[] = [];
  for (let i = headerAt + 1; i < cells.length; i++) {
    const values: FileRow["values"] = {};
    let any = false;
    cells[i]!.forEach((c, col) => {
      const field = header[col];
      const text = cellText(c);
      if (field && text !== "") {
        values[field] = text;
        any = true;
      }
    });
    if (any) out.push({ row: i + 1, values });
    if (out.length > UPLOAD_MAX_ROWS) throw refuse("tooManyRows");
  }
  if (out.length === 0) throw refuse("noRows");
  return out;
}

/** A cell as text: never evaluated (a formula cell of a workbook gives its cached value, a CSV cell its text). */
function cellText(c: unknown): string {
  if (c === null || c === undefined) return "";
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  return String(c).trim();
}

/** The file's kind from its name and first bytes: a renamed binary is neither. */
export function fileKind(name: string, buf: Buffer): "xlsx" | "csv" {
  const ext = name.toLowerCase().split(".").pop();
  if (ext !== "csv" && ext !== "xlsx") throw refuse("wrongType");
  if (buf.length === 0) throw refuse("empty");
  return ext;
}

/** Reads a CSV: UTF-8 (a byte-order mark dropped), commas or semicolons, any line ends. */
export function readCsv(buf: Buffer): unknown[][] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    throw refuse("notCsv");
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes("\u0000")) throw refuse("notCsv");
  if (text.trim() === "") throw refuse("empty");
  const firstLine = text.slice(0, text.search(/\r?\n|\r|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const parsed = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: "greedy" });
  return parsed.data;
}

/** Reads the first sheet of a workbook, after proving it unpacks to a bounded size. */
export async function readXlsx(buf: Buffer): Promise<unknown[][]> {
  assertBoundedZip(buf);
  try {
    return (await readSheet(buf)) as unknown[][];
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw refuse("notXlsx");
  }
}
