import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";

/** Spreadsheet downloads (CSV and XLSX) written the same way everywhere. */

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Text that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
export const defused = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A CSV cell: quoted when needed, and a leading =, +, - or @ of text defused with an apostrophe
 * so a spreadsheet never runs it as a formula.
 */
export function csvCell(value: string | number): string {
  if (typeof value === "number") return String(value);
  const safe = defused(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * An XLSX of one sheet (bold header row, widths from the headers), written row by row with
 * exceljs's streaming writer, as fast as the client reads: the next batch of rows is not read
 * before the client has taken what is written, so the file never piles up in memory; a client
 * gone ends the file. Text cells are written as text, and a leading = + - @ is defused as in the
 * CSV files too, so that no spreadsheet ever reads a value of ours as a formula.
 */
export function streamXlsx(sheetName: string, headers: readonly string[], batches: AsyncIterable<(string | number)[][]>): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(12, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of batches) {
        for (const cells of rows) sheet.addRow(cells.map((c) => (typeof c === "string" ? defused(c) : c))).commit();
        if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve).once("close", resolve));
        if (out.destroyed) return;
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
