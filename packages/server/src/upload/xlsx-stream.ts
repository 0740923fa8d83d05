import { UPLOAD_MAX_CELLS, UPLOAD_MAX_COLUMNS } from "@parlance/contract";
import { MAX_PARSE_MS, MAX_UNPACKED_BYTES, attr, entryName, newParser, parsed, tagsOf, zipEntries, type Budget, type ZipEntry } from "./xlsx-zip.js";
import { refuse } from "./refusal.js";
import { dateStylesOf, dateText, type DateStyles } from "./xlsx-dates.js";

/**
 * Reads the first sheet of a workbook as a stream: the zip's central directory is read from the
 * upload's bytes, and only the entries a sheet needs (workbook, its relationships, shared strings,
 * the sheet) are inflated, a piece at a time, into a SAX parser; each row is handed on as soon as
 * it closes. Held: the file's bytes, the shared strings (packed into one buffer) and one piece of
 * rows — never the sheet. Formulas are never evaluated: a cell's cached value is what it says.
 *
 * Bounded per file (issue 24: one row of seven million cells cost 400 MiB and 11 s): cells
 * (UPLOAD_MAX_CELLS), the columns a value may be in (UPLOAD_MAX_COLUMNS), cells a row may list,
 * shared strings, unpacked bytes and the parser's time; past one the file is refused at once.
 */

/** Shared strings kept at most (bytes of text, and strings): 100,000 rows of 17 different 18-byte values fit. */
const MAX_SHARED_BYTES = 32 * 1024 * 1024;
const MAX_SHARED_STRINGS = UPLOAD_MAX_CELLS;
/** A cell's text is kept to this length (Excel's own limit is 32,767): longer is refused by the row checks anyway. */
const CELL_KEEP = 32_768;
/** Spreadsheets have at most this many rows; a row numbered beyond it is not a workbook's. */
const MAX_SHEET_ROW = 1_048_576;
/** Cells a row may list, empty ones too (styled cells past the template's columns): more is no template's. */
const MAX_ROW_CELLS = 1_024;

/** Limits a test may lower (the parser's time). */
export interface SheetLimits {
  parseMs?: number;
}

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
      const grown = Buffer.alloc(Math.min(MAX_SHARED_BYTES, Math.max(this.bytes.length * 2, this.used + size)));
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
export async function openFirstSheet(buf: Buffer, limits: SheetLimits = {}): Promise<SheetStream> {
  const entries = zipEntries(buf);
  const budget: Budget = { left: MAX_UNPACKED_BYTES, parseMs: limits.parseMs ?? MAX_PARSE_MS };
  const workbook = entries.get("xl/workbook.xml");
  const rels = entries.get("xl/_rels/workbook.xml.rels");
  if (!workbook || !rels) throw refuse("notXlsx");
  const sheets = await tagsOf(buf, workbook, budget, ["sheet", "workbookPr"]);
  const first = sheets.find((t) => t.name === "sheet" || t.name.endsWith(":sheet"));
  const date1904 = /^(1|true)$/.test(sheets.find((t) => t.name.endsWith("workbookPr"))?.attributes.date1904?.toString() ?? "");
  const relations = await tagsOf(buf, rels, budget, "Relationship");
  const sheetRel = first && relations.find((r) => attr(r, "Id") === attr(first, "id"));
  const sheet = sheetRel && entries.get(entryName(attr(sheetRel, "Target") ?? ""));
  if (!sheet) throw refuse("notXlsx");
  const sharedRel = relations.find((r) => (attr(r, "Type") ?? "").endsWith("/sharedStrings"));
  const shared = await sharedStringsOf(buf, sharedRel ? entries.get(entryName(attr(sharedRel, "Target") ?? "")) : entries.get("xl/sharedStrings.xml"), budget);
  const stylesRel = relations.find((r) => (attr(r, "Type") ?? "").endsWith("/styles"));
  const styles = await dateStylesOf(buf, stylesRel ? entries.get(entryName(attr(stylesRel, "Target") ?? "")) : entries.get("xl/styles.xml"), budget, date1904);
  const out: SheetStream = { rows: (async function* () {})(), expected: 0 };
  out.rows = sheetRows(buf, sheet, budget, shared, styles, (n) => (out.expected = n));
  return out;
}

const EMPTY_ROW: readonly unknown[] = Object.freeze([]);

/** The rows of a sheet, the gaps between numbered rows given as empty rows (so row numbers stay the spreadsheet's). */
async function* sheetRows(buf: Buffer, entry: ZipEntry, budget: Budget, shared: SharedStrings, styles: DateStyles, announce: (rows: number) => void): AsyncGenerator<unknown[]> {
  const parser = newParser();
  // Rows closed by the last piece; a number stands for that many empty rows (a gap in the numbering).
  let ready: (unknown[] | number)[] = [];
  let rowNumber = 0;
  let row: unknown[] | null = null;
  let col = -1;
  let type = "";
  let style = 0;
  let rowCells = 0;
  let cells = 0;
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
        rowCells = 0;
        break;
      }
      case "c": {
        if (++rowCells > MAX_ROW_CELLS) throw refuse("tooWide");
        if (++cells > UPLOAD_MAX_CELLS) throw refuse("tooManyCells");
        const at = columnOf(typeof tag.attributes.r === "string" ? tag.attributes.r : undefined);
        col = at >= 0 ? at : col + 1;
        type = typeof tag.attributes.t === "string" ? tag.attributes.t : "n";
        style = typeof tag.attributes.s === "string" ? Number(tag.attributes.s) : 0;
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
      const cell = cellValue(type, value, inline, shared, styles, style);
      // An empty cell past the columns costs nothing; a value there is no template's.
      if (cell !== "" && col >= UPLOAD_MAX_COLUMNS) throw refuse("tooWide");
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
function cellValue(type: string, value: string | null, inline: string | null, shared: SharedStrings, styles: DateStyles, style: number): string {
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
      if (!Number.isFinite(n)) return value.slice(0, CELL_KEEP);
      // A number in a date's style is the date it shows (issue 23), not its serial number.
      const kind = styles.kind(style);
      return (kind && dateText(n, kind, styles.date1904)) ?? String(n);
    }
  }
}
