import { attr, newParser, parsed, type Budget, type ZipEntry } from "./xlsx-zip.js";

/**
 * Which cells of a workbook hold dates (issue 23): a date is stored as a number of days, and only
 * the cell's style says it is one. styles.xml's `<cellXfs>` lists each style's number format; a
 * format is a date's when it is one of Excel's built-in date formats or its code shows days,
 * months, years, hours or seconds outside quoted text and brackets.
 */

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, with the East Asian ones). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
/** Most cell styles kept: a workbook has a few dozen; more are read as plain numbers. */
const MAX_STYLES = 65_536;

/** A date format's code: quoted text, escaped characters and [colour]/[$-locale] parts left out ([h] elapsed hours kept). */
const bareCode = (code: string) =>
  code
    .replace(/"[^"]*"/g, "")
    .replace(/\\./g, "")
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, "");

function isDateCode(code: string): boolean {
  const bare = bareCode(code);
  // A number format with a section for text (General, 0.00, #,##0) has none of these letters.
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

export interface DateStyles {
  /** The cell's style index (its `s`) → whether the style shows a date, and whether it shows a time. */
  kind(style: number): "date" | "time" | null;
  /** The workbook counts days from 1904 (old Mac workbooks) rather than 1900. */
  date1904: boolean;
}

/** Reads the cell styles' number formats (none → every number is a number). */
export async function dateStylesOf(buf: Buffer, entry: ZipEntry | undefined, budget: Budget, date1904: boolean): Promise<DateStyles> {
  const kinds: ("date" | "time" | null)[] = [];
  if (entry) {
    const custom = new Map<number, string>();
    const formats: number[] = [];
    let inCellXfs = false;
    const parser = newParser();
    parser.on("opentag", (tag) => {
      if (tag.name === "numFmt") custom.set(Number(attr(tag, "numFmtId")), attr(tag, "formatCode") ?? "");
      else if (tag.name === "cellXfs") inCellXfs = true;
      else if (tag.name === "xf" && inCellXfs && formats.length < MAX_STYLES) formats.push(Number(attr(tag, "numFmtId") ?? 0));
    });
    parser.on("closetag", (tag) => {
      if (tag.name === "cellXfs") inCellXfs = false;
    });
    for await (const _ of parsed(buf, entry, budget, parser, function* () {})) void _;
    for (const id of formats) {
      const code = custom.get(id);
      const date = code !== undefined ? isDateCode(code) : BUILT_IN_DATES.has(id);
      // A format without days or years (h:mm, [h]:mm:ss) is a time of day.
      const timeOnly = date && (code !== undefined ? !/[dy]/i.test(bareCode(code)) : [18, 19, 20, 21, 45, 46, 47].includes(id));
      kinds.push(date ? (timeOnly ? "time" : "date") : null);
    }
  }
  return { kind: (style) => kinds[style] ?? null, date1904 };
}

const DAY_MS = 86_400_000;
/** Day 0 of the 1900 system is 1899-12-31, and Excel counts a 29 February 1900 that never was: from day 61 on, 1899-12-30. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * A date cell's number as the date it shows: "2024-03-05", with " 14:30" when it holds a time of
 * day too, or "14:30" for a time alone. A number out of Excel's range stays a number.
 */
export function dateText(serial: number, kind: "date" | "time", date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return null;
  const days = date1904 ? serial : serial < 61 ? serial + 1 : serial;
  const ms = Math.round((days * DAY_MS) / 60_000) * 60_000 + (date1904 ? EPOCH_1904 : EPOCH_1900);
  const iso = new Date(ms).toISOString();
  const time = iso.slice(11, 16);
  if (kind === "time" && serial < 1) return time;
  return time === "00:00" ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}
