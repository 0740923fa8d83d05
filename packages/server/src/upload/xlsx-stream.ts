import { createInflateRaw } from "node:zlib";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { uploadMessages } from "@parlance/contract";
import { HttpError, badRequest } from "../http/errors.js";

/**
 * Reads the first sheet of a workbook as a stream: the zip's central directory is read from the
 * upload's bytes, and only the entries a sheet needs (workbook, its relationships, shared strings,
 * the sheet) are inflated, a piece at a time, into a SAX parser; each row is handed on as soon as
 * it closes. Held: the file's bytes, the shared strings (packed into one buffer) and one piece of
 * rows — never the sheet. Formulas are never evaluated: a cell's cached value is what it says.
 */

/** What a workbook may unpack to at most: a 20 MB upload of text is far below it; a zip bomb is not. */
export const MAX_UNPACKED_BYTES = 256 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
/** Shared strings kept at most (bytes of text, and strings): far above 100,000 rows of 18 columns. */
const MAX_SHARED_BYTES = 96 * 1024 * 1024;
const MAX_SHARED_STRINGS = 4_000_000;
/** A cell's text is kept to this length (Excel's own limit is 32,767): longer is refused by the row checks anyway. */
const CELL_KEEP = 32_768;
/** Spreadsheets have at most this many rows; a row numbered beyond it is not a workbook's. */
const MAX_SHEET_ROW = 1_048_576;

/** Plain names (prefixes kept as written), no position tracking: the fastest of saxes's modes. */
type Parser = SaxesParser<{ xmlns: false; position: false }>;
const newParser = (): Parser => new SaxesParser({ xmlns: false, position: false });

const refuse = (name: "notXlsx" | "tooLargeUnpacked") => badRequest(uploadMessages[name], `upload.messages.${name}`);

interface ZipEntry {
  method: number;
  compressed: number;
  declared: number;
  start: number;
}

/** The zip's entries by name, every header checked against the bytes (a renamed binary or a lying archive is refused). */
export function zipEntries(buf: Buffer): Map<string, ZipEntry> {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw refuse("notXlsx");
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw refuse("notXlsx");
  const count = buf.readUInt16LE(eocd + 10);
  if (count > MAX_ENTRIES) throw refuse("tooLargeUnpacked");
  let at = buf.readUInt32LE(eocd + 16);
  let declaredTotal = 0;
  const entries = new Map<string, ZipEntry>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== 0x02014b50) throw refuse("notXlsx");
    const method = buf.readUInt16LE(at + 10);
    const compressed = buf.readUInt32LE(at + 20);
    const declared = buf.readUInt32LE(at + 24);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (at + 46 + nameLength > buf.length) throw refuse("notXlsx");
    const name = buf.toString("utf8", at + 46, at + 46 + nameLength);
    declaredTotal += declared;
    if (declaredTotal > MAX_UNPACKED_BYTES) throw refuse("tooLargeUnpacked");
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw refuse("notXlsx");
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (start + compressed > buf.length) throw refuse("notXlsx");
    if (method !== 0 && method !== 8) throw refuse("notXlsx");
    if (method === 0 && compressed !== declared) throw refuse("notXlsx");
    entries.set(name, { method, compressed, declared, start });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** What is left of the unpacked bytes a workbook may use, shared by the entries read. */
interface Budget {
  left: number;
}

/**
 * An entry's text a piece at a time: inflated as a stream, stopped (refused) once it passes its
 * declared size or the workbook's budget, so a lying entry never fills the memory.
 */
async function* entryText(buf: Buffer, entry: ZipEntry, budget: Budget): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  const raw = buf.subarray(entry.start, entry.start + entry.compressed);
  let produced = 0;
  const take = (piece: Buffer) => {
    produced += piece.length;
    budget.left -= piece.length;
    if (produced > entry.declared || budget.left < 0) throw refuse("tooLargeUnpacked");
    return decoder.decode(piece, { stream: true });
  };
  if (entry.method === 0) {
    for (let at = 0; at < raw.length; at += 1024 * 1024) yield take(raw.subarray(at, at + 1024 * 1024));
  } else {
    const inflate = createInflateRaw({ chunkSize: 256 * 1024 });
    inflate.end(raw);
    try {
      for await (const piece of inflate) yield take(piece as Buffer);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw refuse("notXlsx");
    } finally {
      inflate.destroy();
    }
  }
  if (produced !== entry.declared) throw refuse("notXlsx");
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** Feeds an entry to a SAX parser; `each` runs after every piece (to hand on what it found). */
async function* parsed(buf: Buffer, entry: ZipEntry, budget: Budget, parser: Parser, each: () => Generator<unknown[]>): AsyncGenerator<unknown[]> {
  let failed: Error | null = null;
  parser.on("error", (err) => {
    failed ??= err;
  });
  for await (const text of entryText(buf, entry, budget)) {
    parser.write(text);
    if (failed) throw refuse("notXlsx");
    yield* each();
  }
  parser.close();
  if (failed) throw refuse("notXlsx");
  yield* each();
}

/** A small XML entry's tags (workbook, relationships): read whole, they are a few kilobytes. */
async function tagsOf(buf: Buffer, entry: ZipEntry, budget: Budget, local: string): Promise<SaxesTagPlain[]> {
  const parser = newParser();
  const found: SaxesTagPlain[] = [];
  parser.on("opentag", (tag) => {
    if (tag.name === local || tag.name.endsWith(`:${local}`)) found.push(tag);
  });
  for await (const _ of parsed(buf, entry, budget, parser, function* () {})) void _;
  return found;
}

const attr = (tag: SaxesTagPlain, name: string): string | undefined => {
  const v = tag.attributes[name] ?? Object.entries(tag.attributes).find(([k]) => k.endsWith(`:${name}`))?.[1];
  return typeof v === "string" ? v : undefined;
};

/** A relationship target → the zip entry's name (relative to xl/, or absolute from the root). */
const entryName = (target: string) => (target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);

/** Shared strings packed into one buffer with their offsets: a fraction of an array of strings' memory. */
class SharedStrings {
  private bytes = Buffer.alloc(1024 * 1024);
  private used = 0;
  private ends = new Uint32Array(64 * 1024);
  count = 0;
  add(text: string): void {
    const size = Buffer.byteLength(text);
    if (this.used + size > MAX_SHARED_BYTES || this.count >= MAX_SHARED_STRINGS) throw refuse("tooLargeUnpacked");
    if (this.used + size > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + size));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(text, this.used);
    if (this.count >= this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    this.ends[this.count++] = this.used;
  }
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return "";
    return this.bytes.toString("utf8", index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }
}

/** Reads the shared strings (`<si>`: its `<t>` texts joined, phonetic `<rPh>` runs left out). */
async function sharedStringsOf(buf: Buffer, entry: ZipEntry | undefined, budget: Budget): Promise<SharedStrings> {
  const strings = new SharedStrings();
  if (!entry) return strings;
  const parser = newParser();
  let text: string | null = null;
  let inT = false;
  let phonetic = 0;
  parser.on("opentag", (tag) => {
    if (tag.name === "si") text = "";
    else if (tag.name === "rPh") phonetic++;
    else if (tag.name === "t" && phonetic === 0) inT = true;
  });
  const onText = (t: string) => {
    if (inT && text !== null && text.length < CELL_KEEP) text += t.slice(0, CELL_KEEP - text.length);
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", (tag) => {
    if (tag.name === "t") inT = false;
    else if (tag.name === "rPh") phonetic--;
    else if (tag.name === "si") {
      strings.add(text ?? "");
      text = null;
    }
  });
  for await (const _ of parsed(buf, entry, budget, parser, function* () {})) void _;
  return strings;
}

/** "AB12" → 27 (the column, 0-based); -1 when the reference names none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 || col > 16_384 ? -1 : col - 1;
}

/** The first sheet of a workbook: its rows as they are read, and the rows its dimension announces (0 when it does not). */
export interface SheetStream {
  rows: AsyncIterable<unknown[]>;
  /** Rows the sheet's `<dimension>` names, once its start has been read: for the progress bar only. */
  expected: number;
}

/** Opens the first sheet of a workbook (refused as not a workbook, or as too large unpacked, before any row). */
export async function openFirstSheet(buf: Buffer): Promise<SheetStream> {
  const entries = zipEntries(buf);
  const budget: Budget = { left: MAX_UNPACKED_BYTES };
  const workbook = entries.get("xl/workbook.xml");
  const rels = entries.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !rels) throw refuse("notXlsx");
  const [first] = await tagsOf(buf, workbook, budget, "sheet");
  const relations = await tagsOf(buf, rels, budget, "Relationship");
  const sheetRel = first && relations.find((r) => attr(r, "Id") === attr(first, "id"));
  const sheet = sheetRel && entries.get(entryName(attr(sheetRel, "Target") ?? ""));
  if (!sheet) throw refuse("notXlsx");
  const sharedRel = relations.find((r) => (attr(r, "Type") ?? "").endsWith("/sharedStrings"));
  const shared = await sharedStringsOf(buf, sharedRel ? entries.get(entryName(attr(sharedRel, "Target") ?? "")) : entries.get("xl/sharedStrings.xml"), budget);
  const out: SheetStream = { rows: (async function* () {})(), expected: 0 };
  out.rows = sheetRows(buf, sheet, budget, shared, (n) => (out.expected = n));
  return out;
}

const EMPTY_ROW: readonly unknown[] = Object.freeze([]);

/** The rows of a sheet, the gaps between numbered rows given as empty rows (so row numbers stay the spreadsheet's). */
async function* sheetRows(buf: Buffer, entry: ZipEntry, budget: Budget, shared: SharedStrings, announce: (rows: number) => void): AsyncGenerator<unknown[]> {
  const parser = newParser();
  // Rows closed by the last piece; a number stands for that many empty rows (a gap in the numbering).
  let ready: (unknown[] | number)[] = [];
  let rowNumber = 0;
  let row: unknown[] | null = null;
  let col = -1;
  let type = "";
  let value: string | null = null;
  let inline: string | null = null;
  let into: "v" | "t" | null = null;
  const add = (t: string) => {
    if (into === "v") value = value === null ? t.slice(0, CELL_KEEP) : value.length < CELL_KEEP ? value + t.slice(0, CELL_KEEP - value.length) : value;
    else if (into === "t" && inline !== null && inline.length < CELL_KEEP) inline += t.slice(0, CELL_KEEP - inline.length);
  };
  parser.on("opentag", (tag) => {
    switch (tag.name) {
      case "dimension": {
        const last = /(\d+)$/.exec(attr(tag, "ref") ?? "");
        if (last) announce(Math.max(0, Number(last[1]) - 1));
        break;
      }
      case "row": {
        const n = typeof tag.attributes.r === "string" ? Number(tag.attributes.r) : rowNumber + 1;
        if (!Number.isInteger(n) || n <= rowNumber || n > MAX_SHEET_ROW) throw refuse("notXlsx");
        if (n > rowNumber + 1) ready.push(n - rowNumber - 1);
        rowNumber = n;
        row = [];
        col = -1;
        break;
      }
      case "c": {
        const at = columnOf(typeof tag.attributes.r === "string" ? tag.attributes.r : undefined);
        col = at >= 0 ? at : col + 1;
        type = typeof tag.attributes.t === "string" ? tag.attributes.t : "n";
        value = null;
        inline = type === "inlineStr" ? "" : null;
        break;
      }
      case "v":
        into = "v";
        break;
      case "t":
        if (inline !== null) into = "t";
        break;
    }
  });
  parser.on("text", add);
  parser.on("cdata", add);
  parser.on("closetag", (tag) => {
    if (tag.name === "v" || tag.name === "t") into = null;
    else if (tag.name === "c" && row) {
      const cell = cellValue(type, value, inline, shared);
      if (cell !== "") row[col] = cell;
    } else if (tag.name === "row" && row) {
      ready.push(Array.from(row, (c) => c ?? ""));
      row = null;
    }
  });
  yield* parsed(buf, entry, budget, parser, function* () {
    const batch = ready;
    ready = [];
    for (const r of batch) {
      if (typeof r === "number") for (let i = 0; i < r; i++) yield EMPTY_ROW as unknown[];
      else yield r;
    }
  });
}

/** A cell's value as text, by its type: a shared or inline string, a boolean, an error, a number or a formula's cached result. */
function cellValue(type: string, value: string | null, inline: string | null, shared: SharedStrings): string {
  switch (type) {
    case "s":
      return shared.get(Number(value));
    case "inlineStr":
      return inline ?? "";
    case "b":
      return value === "1" ? "TRUE" : value === "0" ? "FALSE" : "";
    case "str":
    case "e":
    case "d":
      return (value ?? "").slice(0, CELL_KEEP);
    default: {
      if (value === null || value.trim() === "") return "";
      const n = Number(value);
      return Number.isFinite(n) ? String(n) : value.slice(0, CELL_KEEP);
    }
  }
}
