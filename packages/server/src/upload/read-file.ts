import { isUtf8 } from "node:buffer";
import { Readable, type Duplex } from "node:stream";
import Papa from "papaparse";
import { UPLOAD_COLUMNS, UPLOAD_HEADER_ALIASES, UPLOAD_MAX_CELLS, UPLOAD_MAX_COLUMNS, UPLOAD_MAX_ROWS, type UploadField } from "@parlance/contract";
import { HttpError } from "../http/errors.js";
import { refuse } from "./refusal.js";
import { openFirstSheet, type SheetStream } from "./xlsx-stream.js";

/** A data row of a file: its number as a spreadsheet counts it (the header is row 1) and its cells by field. */
export interface FileRow {
  row: number;
  values: Partial<Record<UploadField, string>>;
}

/** A header cell → the field it names (case, spaces, underscores and a trailing '*' ignored). */
const normalise = (h: string) => h.toLowerCase().replace(/[\s_*-]+/g, "");
const HEADER_FIELDS: Record<string, UploadField> = {
  ...Object.fromEntries(Object.entries(UPLOAD_COLUMNS).map(([field, header]) => [normalise(header), field as UploadField])),
  ...UPLOAD_HEADER_ALIASES,
};

/**
 * Rows of cells (the first naming the columns) → the file's rows by field, a chunk at a time;
 * empty rows skipped. `cells` yields each row of cells with its index (0 = the file's first row).
 */
export async function* rowsOf(cells: Iterable<unknown[]> | AsyncIterable<unknown[]>, chunk = ROW_CHUNK): AsyncGenerator<FileRow[]> {
  let header: (UploadField | null)[] | null = null;
  let index = -1;
  let count = 0;
  let out: FileRow[] = [];
  let cellCount = 0;
  for await (const r of cells) {
    index++;
    // Every row counts, empty ones too: the reader's work is bounded whatever the rows hold.
    cellCount += r.length;
    if (cellCount > UPLOAD_MAX_CELLS) throw refuse("tooManyCells");
    if (r.length > UPLOAD_MAX_COLUMNS && r.slice(UPLOAD_MAX_COLUMNS).some((c) => cellText(c) !== "")) throw refuse("tooWide");
    if (!header) {
      if (!r.some((c) => cellText(c) !== "")) continue;
      header = r.map((c) => HEADER_FIELDS[normalise(cellText(c))] ?? null);
      if (!header.includes("lastName") && !header.includes("candidateId")) throw refuse("noHeader");
      continue;
    }
    const values: FileRow["values"] = {};
    let any = false;
    r.forEach((c, col) => {
      const field = header![col];
      const text = cellText(c);
      if (field && text !== "") {
        values[field] = text;
        any = true;
      }
    });
    if (!any) continue;
    if (++count > UPLOAD_MAX_ROWS) throw refuse("tooManyRows");
    out.push({ row: index + 1, values });
    if (out.length >= chunk) {
      yield out;
      out = [];
    }
  }
  if (!header) throw refuse("empty");
  if (count === 0) throw refuse("noRows");
  if (out.length > 0) yield out;
}

/** Rows a chunk of the reader holds: checked and stored together. */
export const ROW_CHUNK = 1_000;

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

/** Cells a CSV line may have, empty ones too: past it papaparse would build a row of millions of cells before the row checks see it. */
const MAX_CSV_LINE_CELLS = 1_024;

/** The most cells a line of a CSV could have (its delimiters, quoted ones too, plus one): a scan of the bytes, no text made. */
function widestLine(body: Buffer, delimiter: string): number {
  const sep = delimiter.charCodeAt(0);
  let widest = 0;
  let cells = 1;
  for (let i = 0; i < body.length; i++) {
    const b = body[i];
    if (b === sep) {
      if (++cells > widest) widest = cells;
    } else if (b === 10 || b === 13) cells = 1;
  }
  return Math.max(widest, 1);
}

/**
 * Reads a CSV as a stream: UTF-8 (a byte-order mark dropped), commas or semicolons, any line ends.
 * The text is decoded a megabyte at a time and papaparse hands back one row at a time, so only the
 * file's bytes and the rows not yet taken are held.
 */
export function readCsv(buf: Buffer): AsyncIterable<unknown[]> {
  if (!isUtf8(buf) || buf.includes(0)) throw refuse("notCsv");
  let start = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  while (start < buf.length && /\s/.test(String.fromCharCode(buf[start]!))) start++;
  if (start >= buf.length) throw refuse("empty");
  const head = buf.subarray(start, Math.min(buf.length, start + 65_536)).toString("utf8");
  const firstLine = head.slice(0, head.search(/\r?\n|\r|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const body = buf.subarray(start);
  if (widestLine(body, delimiter) > MAX_CSV_LINE_CELLS) throw refuse("tooWide");
  function* pieces() {
    const decoder = new TextDecoder("utf-8");
    const STEP = 1024 * 1024;
    for (let at = 0; at < body.length; at += STEP) yield decoder.decode(body.subarray(at, at + STEP), { stream: at + STEP < body.length });
  }
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: "greedy" }) as unknown as Duplex;
  return Readable.from(pieces()).pipe(parser) as AsyncIterable<unknown[]>;
}

/**
 * Reads the first sheet of a workbook as a stream (xlsx-stream.ts): refused as not a workbook or
 * as unpacking too large before any row; each row handed on as its piece of the sheet is read.
 */
export async function readXlsx(buf: Buffer): Promise<SheetStream> {
  const notXlsx = (err: unknown) => (err instanceof HttpError ? err : refuse("notXlsx"));
  let sheet: SheetStream;
  try {
    sheet = await openFirstSheet(buf);
  } catch (err) {
    throw notXlsx(err);
  }
  async function* rows() {
    try {
      yield* sheet.rows;
    } catch (err) {
      throw notXlsx(err);
    }
  }
  return {
    rows: rows(),
    get expected() {
      return sheet.expected;
    },
  };
}
